#include "renderer/materials/metallic_roughness_bxdf.h"

#include "renderer/materials/fresnel.h"
#include "renderer/sampling/warp.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

float schlickWeight(float cosine) {
    const float m = std::clamp(1 - cosine, 0.0f, 1.0f);
    return m * m * m * m * m;
}

// The opaque lobes see wo from above: a two-sided surface's underside is the same.
Vec3 upper(Vec3 w, bool flip) {
    return flip ? -w : w;
}

// KHR_materials_specular's F0 of the dielectric: that of its index, tinted and scaled.
Color dielectricF0(const MetallicRoughness& m) {
    const float f0 = ((m.ior - 1) / (m.ior + 1)) * ((m.ior - 1) / (m.ior + 1));
    const Color tinted = m.specularColor * f0;
    return Color{std::min(tinted.r, 1.0f), std::min(tinted.g, 1.0f), std::min(tinted.b, 1.0f)} *
           m.specular;
}

} // namespace

MetallicRoughnessBxdf::MetallicRoughnessBxdf(const MetallicRoughness& m)
    : m_(m), distribution_(m.roughness * m.roughness, m.roughness * m.roughness),
      coat_(m.clearcoatRoughness * m.clearcoatRoughness,
            m.clearcoatRoughness * m.clearcoatRoughness),
      sheen_(m.sheenRoughness),
      sheenStrength_(std::max({m.sheenColor.r, m.sheenColor.g, m.sheenColor.b})),
      glass_(m.ior, distribution_), dielectricF0_(dielectricF0(m)), dielectricF90_(m.specular),
      metalWeight_(m.metallic), opaqueWeight_((1 - m.metallic) * (1 - m.transmission)),
      glassWeight_((1 - m.metallic) * m.transmission) {}

unsigned MetallicRoughnessBxdf::flags() const {
    unsigned flags = kReflection;
    flags |= distribution_.effectivelySmooth() ? kSpecular : kGlossy;
    if (m_.clearcoat > 0)
        flags |= coat_.effectivelySmooth() ? kSpecular : kGlossy;
    if (opaqueWeight_ > 0)
        flags |= kDiffuse;
    if (glassWeight_ > 0)
        flags |= kTransmission;
    if (sheenStrength_ > 0)
        flags |= kGlossy;
    return flags;
}

float MetallicRoughnessBxdf::underSheen(float cosO, float cosI) const {
    if (sheenStrength_ <= 0)
        return 1.0f;
    return std::min(1 - sheenStrength_ * sheen_.albedo(cosO),
                    1 - sheenStrength_ * sheen_.albedo(cosI));
}

Color MetallicRoughnessBxdf::specularFresnel(float cosOH) const {
    const float w = schlickWeight(cosOH);
    const Color metal = m_.base + (Color(1) - m_.base) * w;
    const Color dielectric = dielectricF0_ + (Color(dielectricF90_) - dielectricF0_) * w;
    return metal * metalWeight_ + Color(dielectric * opaqueWeight_);
}

float MetallicRoughnessBxdf::coatFresnel(float cosOH) const {
    return m_.clearcoat > 0 ? 0.25f * m_.clearcoat * fresnelDielectric(cosOH, 1.5f) : 0.0f;
}

float MetallicRoughnessBxdf::reflectionPdf(const TrowbridgeReitz& distribution, Vec3 o, Vec3 i) {
    const Vec3 h = normalize(o + i);
    return distribution.pdf(o, h) / (4 * std::fabs(dot(o, h)));
}

MetallicRoughnessBxdf::LobeShares MetallicRoughnessBxdf::shares(Vec3 wo) const {
    const float specular =
        metalWeight_ +
        opaqueWeight_ * (dielectricF0_.average() + (dielectricF90_ - dielectricF0_.average()) *
                                                       schlickWeight(absCosTheta(wo)));
    const float diffuse = opaqueWeight_ * std::max(m_.base.average(), 0.05f);
    const float coat = coatFresnel(absCosTheta(wo));
    const float sheen = sheenStrength_ > 0 ? sheenStrength_ * sheen_.albedo(absCosTheta(wo)) : 0.0f;
    const float sum = specular + diffuse + glassWeight_ + coat + sheen;
    if (sum <= 0)
        return {1, 0, 0, 0, 0};
    return {specular / sum, diffuse / sum, glassWeight_ / sum, coat / sum, sheen / sum};
}

Color MetallicRoughnessBxdf::reflection(Vec3 wo, Vec3 wi) const {
    Color value;
    if (opaqueWeight_ > 0) {
        // Burley's diffuse: retro-reflection at grazing angles on rough surfaces, a darker rim
        // on smooth ones.
        const Vec3 h = normalize(wo + wi);
        const float cosDH = dot(wi, h);
        const float fd90 = 0.5f + 2 * m_.roughness * cosDH * cosDH;
        const float burley =
            (1 + (fd90 - 1) * schlickWeight(wi.z)) * (1 + (fd90 - 1) * schlickWeight(wo.z));
        value = m_.base * (opaqueWeight_ * burley * std::numbers::inv_pi_v<float>);
    }
    if (!distribution_.effectivelySmooth()) {
        const Vec3 h = normalize(wo + wi);
        const float specular = distribution_.distribution(h) *
                               distribution_.maskingShadowing(wo, wi) / (4 * wo.z * wi.z);
        value += specularFresnel(std::fabs(dot(wo, h))) * specular;
    }
    if (m_.clearcoat > 0 && !coat_.effectivelySmooth()) {
        const Vec3 h = normalize(wo + wi);
        value += Color(coatFresnel(std::fabs(dot(wo, h))) * coat_.distribution(h) *
                       coat_.maskingShadowing(wo, wi) / (4 * wo.z * wi.z));
    }
    return value;
}

Color MetallicRoughnessBxdf::f(Vec3 wo, Vec3 wi, TransportMode mode) const {
    if (wo.z == 0 || wi.z == 0)
        return {};
    Color value = glassWeight_ > 0 ? glass_.f(wo, wi, mode) * glassWeight_ : Color{};
    if (sameHemisphere(wo, wi)) {
        const bool flip = wo.z < 0;
        value += reflection(upper(wo, flip), upper(wi, flip));
    }
    if (sheenStrength_ <= 0)
        return value;
    value = value * underSheen(absCosTheta(wo), absCosTheta(wi));
    if (sameHemisphere(wo, wi)) {
        const bool flip = wo.z < 0;
        value += m_.sheenColor * sheen_.f(upper(wo, flip), upper(wi, flip));
    }
    return value;
}

float MetallicRoughnessBxdf::pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const {
    if (wo.z == 0 || wi.z == 0 || lobes != SampleLobes::All)
        return 0.0f;
    const bool flip = wo.z < 0;
    const Vec3 o = upper(wo, flip);
    const LobeShares share = shares(o);
    float density = share.glass > 0 ? share.glass * glass_.pdf(wo, wi, mode, lobes) : 0.0f;
    if (sameHemisphere(wo, wi)) {
        const Vec3 i = upper(wi, flip);
        density += share.diffuse * i.z * std::numbers::inv_pi_v<float>;
        if (!distribution_.effectivelySmooth())
            density += share.specular * reflectionPdf(distribution_, o, i);
        if (share.coat > 0 && !coat_.effectivelySmooth())
            density += share.coat * reflectionPdf(coat_, o, i);
        density += share.sheen * i.z * std::numbers::inv_pi_v<float>;
    }
    return density;
}

std::optional<BxdfSample> MetallicRoughnessBxdf::sample(Vec3 wo, float uc, Vec2 u,
                                                        TransportMode mode,
                                                        SampleLobes lobes) const {
    if (wo.z == 0 || lobes != SampleLobes::All)
        return std::nullopt;
    const bool flip = wo.z < 0;
    const Vec3 o = upper(wo, flip);
    const LobeShares share = shares(o);
    if (uc < share.glass) {
        auto s = glass_.sample(wo, std::min(uc / share.glass, 0x1.fffffep-1f), u, mode, lobes);
        if (!s)
            return std::nullopt;
        if (s->delta) {
            s->f = s->f * (glassWeight_ * underSheen(absCosTheta(wo), absCosTheta(s->wi)));
            s->pdf *= share.glass;
            return s;
        }
        return BxdfSample{s->wi, f(wo, s->wi, mode), pdf(wo, s->wi, mode, lobes), false, s->eta};
    }
    Vec3 i;
    const float under = underSheen(o.z, o.z); // for a mirror direction, of the same cosine
    if (uc >= 1 - share.sheen) {
        i = cosineHemisphere(u);
    } else if (uc >= 1 - share.sheen - share.coat) {
        if (coat_.effectivelySmooth()) {
            const Vec3 mirror{-o.x, -o.y, o.z};
            return BxdfSample{upper(mirror, flip), Color(coatFresnel(o.z) * under / o.z),
                              share.coat, true, 1.0f};
        }
        i = reflectAbout(o, coat_.sampleVisibleNormal(o, u));
    } else if (uc < share.glass + share.specular) {
        if (distribution_.effectivelySmooth()) {
            const Vec3 mirror{-o.x, -o.y, o.z};
            return BxdfSample{upper(mirror, flip), specularFresnel(o.z) * under / o.z,
                              share.specular, true, 1.0f};
        }
        i = reflectAbout(o, distribution_.sampleVisibleNormal(o, u));
    } else {
        i = cosineHemisphere(u);
    }
    if (i.z <= 0)
        return std::nullopt;
    const Vec3 wi = upper(i, flip);
    const float density = pdf(wo, wi, mode, lobes);
    if (density <= 0)
        return std::nullopt;
    return BxdfSample{wi, f(wo, wi, mode), density, false, 1.0f};
}

int MetallicRoughnessBxdf::deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const {
    const bool smoothCoat = m_.clearcoat > 0 && coat_.effectivelySmooth();
    if (wo.z == 0 || (!distribution_.effectivelySmooth() && !smoothCoat))
        return 0;
    const Vec3 mirror{-wo.x, -wo.y, wo.z};
    const float under = underSheen(absCosTheta(wo), absCosTheta(wo));
    const Color coat(smoothCoat ? coatFresnel(absCosTheta(wo)) * under : 0.0f);
    if (!distribution_.effectivelySmooth()) {
        lobes[0] = {mirror, coat, 1.0f, true, 1.0f};
        return 1;
    }
    // The glass's own delta lobes, with the highlight's mirror added to its reflection.
    std::array<BxdfSample, 2> glass;
    const int n = glassWeight_ > 0 ? glass_.deltaLobes(wo, glass) : 0;
    lobes[0] = {mirror, specularFresnel(absCosTheta(wo)) * under + coat, 1.0f, true, 1.0f};
    int count = 1;
    for (int k = 0; k < n; ++k) {
        const BxdfSample& lobe = glass[static_cast<std::size_t>(k)];
        const Color weight =
            lobe.f * (glassWeight_ * underSheen(absCosTheta(wo), absCosTheta(lobe.wi)));
        if (lobe.isTransmission(wo))
            lobes[static_cast<std::size_t>(count++)] = {lobe.wi, weight, 1.0f, true, lobe.eta};
        else
            lobes[0].f += weight;
    }
    return count;
}

} // namespace lrt
