#include "renderer/materials/dielectric_bxdf.h"

#include "renderer/materials/fresnel.h"

#include <algorithm>

namespace lrt {

std::optional<Vec3> refractThrough(Vec3 wi, Vec3 n, float eta, float& etaCrossed) {
    float cosThetaI = dot(n, wi);
    if (cosThetaI < 0) {
        eta = 1 / eta;
        cosThetaI = -cosThetaI;
        n = -n;
    }
    const float sin2ThetaT = std::max(0.0f, 1 - cosThetaI * cosThetaI) / (eta * eta);
    if (sin2ThetaT >= 1)
        return std::nullopt;
    const float cosThetaT = std::sqrt(std::max(0.0f, 1 - sin2ThetaT));
    etaCrossed = eta;
    return -wi / eta + n * (cosThetaI / eta - cosThetaT);
}

namespace {

// The probabilities of choosing reflection and transmission, as the lobes allow them.
struct LobeChoice {
    float reflect, transmit;
    LobeChoice(float R, float T, SampleLobes lobes)
        : reflect(allowsReflection(lobes) ? R : 0.0f),
          transmit(allowsTransmission(lobes) ? T : 0.0f) {}
    bool none() const { return reflect == 0 && transmit == 0; }
    float reflectShare() const { return reflect / (reflect + transmit); }
    float transmitShare() const { return transmit / (reflect + transmit); }
};

float radianceScale(TransportMode mode, float etaCrossed) {
    return mode == TransportMode::Radiance ? 1 / (etaCrossed * etaCrossed) : 1.0f;
}

} // namespace

std::optional<BxdfSample> DielectricBxdf::sampleSmooth(Vec3 wo, float uc, TransportMode mode,
                                                       SampleLobes lobes) const {
    const float R = fresnelDielectric(wo.z, eta_), T = 1 - R;
    const LobeChoice choice(R, T, lobes);
    if (choice.none())
        return std::nullopt;
    if (uc < choice.reflectShare()) {
        const Vec3 wi{-wo.x, -wo.y, wo.z};
        return BxdfSample{wi, Color(R / absCosTheta(wi)), choice.reflectShare(), true, 1.0f};
    }
    float etaCrossed = 1;
    const auto wi = refractThrough(wo, {0, 0, 1}, eta_, etaCrossed);
    if (!wi || wi->z == 0)
        return std::nullopt;
    const float ft = T / absCosTheta(*wi) * radianceScale(mode, etaCrossed);
    return BxdfSample{*wi, Color(ft), choice.transmitShare(), true, etaCrossed};
}

int DielectricBxdf::deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const {
    if (!isSmooth())
        return 0;
    int count = 0;
    for (const SampleLobes which : {SampleLobes::Reflection, SampleLobes::Transmission})
        if (auto s = sampleSmooth(wo, 0.5f, TransportMode::Radiance, which)) {
            s->f = s->f * absCosTheta(s->wi);
            s->pdf = 1;
            lobes[static_cast<std::size_t>(count++)] = *s;
        }
    return count;
}

std::optional<Vec3> DielectricBxdf::halfVector(Vec3 wo, Vec3 wi, float& etaCrossed) const {
    const float cosThetaO = wo.z, cosThetaI = wi.z;
    if (cosThetaI == 0 || cosThetaO == 0)
        return std::nullopt;
    const bool reflect = cosThetaI * cosThetaO > 0;
    etaCrossed = reflect ? 1.0f : (cosThetaO > 0 ? eta_ : 1 / eta_);
    Vec3 wm = wi * etaCrossed + wo;
    if (lengthSquared(wm) == 0)
        return std::nullopt;
    wm = normalize(wm);
    if (wm.z < 0)
        wm = -wm;
    // Microfacets seen from their back side scatter nothing.
    if (dot(wm, wi) * cosThetaI < 0 || dot(wm, wo) * cosThetaO < 0)
        return std::nullopt;
    return wm;
}

Color DielectricBxdf::f(Vec3 wo, Vec3 wi, TransportMode mode) const {
    if (isSmooth())
        return {};
    float etaCrossed = 1;
    const auto wm = halfVector(wo, wi, etaCrossed);
    if (!wm)
        return {};
    const float F = fresnelDielectric(dot(wo, *wm), eta_);
    const float DG = distribution_.distribution(*wm) * distribution_.maskingShadowing(wo, wi);
    if (sameHemisphere(wo, wi))
        return Color(DG * F / std::fabs(4 * wi.z * wo.z));
    const float denominator = (dot(wi, *wm) + dot(wo, *wm) / etaCrossed) *
                              (dot(wi, *wm) + dot(wo, *wm) / etaCrossed) * wi.z * wo.z;
    const float ft = DG * (1 - F) * std::fabs(dot(wi, *wm) * dot(wo, *wm) / denominator);
    return Color(ft * radianceScale(mode, etaCrossed));
}

float DielectricBxdf::pdf(Vec3 wo, Vec3 wi, TransportMode, SampleLobes lobes) const {
    if (isSmooth())
        return 0.0f;
    float etaCrossed = 1;
    const auto wm = halfVector(wo, wi, etaCrossed);
    if (!wm)
        return 0.0f;
    const float R = fresnelDielectric(dot(wo, *wm), eta_);
    const LobeChoice choice(R, 1 - R, lobes);
    if (choice.none())
        return 0.0f;
    if (sameHemisphere(wo, wi))
        return distribution_.pdf(wo, *wm) / (4 * std::fabs(dot(wo, *wm))) * choice.reflectShare();
    const float root = dot(wi, *wm) + dot(wo, *wm) / etaCrossed;
    const float dwmDwi = std::fabs(dot(wi, *wm)) / (root * root);
    return distribution_.pdf(wo, *wm) * dwmDwi * choice.transmitShare();
}

std::optional<BxdfSample> DielectricBxdf::sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                                 SampleLobes lobes) const {
    if (isSmooth())
        return sampleSmooth(wo, uc, mode, lobes);
    if (wo.z == 0)
        return std::nullopt;
    const Vec3 wm = distribution_.sampleVisibleNormal(wo, u);
    const float R = fresnelDielectric(dot(wo, wm), eta_), T = 1 - R;
    const LobeChoice choice(R, T, lobes);
    if (choice.none())
        return std::nullopt;
    const float G1o = distribution_.masking(wo), D = distribution_.distribution(wm);
    const float visible = G1o / absCosTheta(wo) * D * std::fabs(dot(wo, wm));
    if (uc < choice.reflectShare()) {
        const Vec3 wi = reflectAbout(wo, wm);
        if (!sameHemisphere(wo, wi))
            return std::nullopt;
        const float density = visible / (4 * std::fabs(dot(wo, wm))) * choice.reflectShare();
        const float f = D * distribution_.maskingShadowing(wo, wi) * R / std::fabs(4 * wi.z * wo.z);
        return BxdfSample{wi, Color(f), density, false, 1.0f};
    }
    float etaCrossed = 1;
    const auto refracted = refractThrough(wo, wm, eta_, etaCrossed);
    if (!refracted || sameHemisphere(wo, *refracted) || refracted->z == 0)
        return std::nullopt;
    const Vec3 wi = *refracted;
    const float root = dot(wi, wm) + dot(wo, wm) / etaCrossed;
    const float density = visible * std::fabs(dot(wi, wm)) / (root * root) * choice.transmitShare();
    const float ft = D * T * distribution_.maskingShadowing(wo, wi) *
                     std::fabs(dot(wi, wm) * dot(wo, wm) / (root * root * wi.z * wo.z)) *
                     radianceScale(mode, etaCrossed);
    return BxdfSample{wi, Color(ft), density, false, etaCrossed};
}

} // namespace lrt
