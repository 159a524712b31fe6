// The random walks follow pbrt-v4's LayeredBxDF (Pharr, Jakob and Humphreys, "Physically Based
// Rendering", 4th edition, section 14.3) step for step, so that a coated material imported from
// pbrt-v4 shows what it shows there; only the two-sided case is needed.
#include "renderer/materials/layered_bxdf.h"

#include "renderer/media/henyey_greenstein.h"
#include "renderer/sampling/pcg32.h"
#include "renderer/sampling/power_heuristic.h"
#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/unit_interval.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <numbers>

namespace lrt {

namespace {

// The walk's random numbers, from a hash of what the evaluation depends on.
class WalkRandom {
public:
    WalkRandom(std::uint64_t a, std::uint64_t b) : rng_(mix64(a ^ mix64(b))) {}
    float operator()() { return std::min(rng_.uniform(), kOneMinusEpsilon); }
    Vec2 two() {
        const float a = (*this)();
        return {a, (*this)()};
    }
    // The numbers of one BxDF sample, drawn in a fixed order (a function's arguments are not).
    struct Draw {
        float uc;
        Vec2 u;
    };
    Draw draw() {
        const float uc = (*this)();
        return {uc, two()};
    }

private:
    Pcg32 rng_;
};

bool usable(const std::optional<BxdfSample>& s) {
    return s && !s->f.isBlack() && s->pdf > 0 && s->wi.z != 0;
}

TransportMode adjoint(TransportMode mode) {
    return mode == TransportMode::Radiance ? TransportMode::Importance : TransportMode::Radiance;
}

} // namespace

LayeredBxdf::LayeredBxdf(const Bxdf& top, const Bxdf& bottom, const LayerSlab& slab)
    : top_(top), bottom_(bottom), slab_(slab) {
    slab_.thickness = std::max(slab_.thickness, std::numeric_limits<float>::min());
}

float LayeredBxdf::transmittance(float dz, Vec3 w) {
    if (std::fabs(dz) <= std::numeric_limits<float>::min())
        return 1.0f;
    return std::exp(-std::fabs(dz / w.z));
}

unsigned LayeredBxdf::flags() const {
    const unsigned top = top_.flags(), bottom = bottom_.flags();
    unsigned flags = kReflection;
    if (isSpecular(top))
        flags |= kSpecular;
    if ((top & kDiffuse) || (bottom & kDiffuse) || !slab_.albedo.isBlack())
        flags |= kDiffuse;
    else if ((top & kGlossy) || (bottom & kGlossy))
        flags |= kGlossy;
    if ((top & kTransmission) && (bottom & kTransmission))
        flags |= kTransmission;
    return flags;
}

int LayeredBxdf::deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const {
    if (wo.z < 0)
        wo = -wo;
    std::array<BxdfSample, 2> topLobes;
    const int n = top_.deltaLobes(wo, topLobes);
    for (int i = 0; i < n; ++i)
        if (!topLobes[static_cast<std::size_t>(i)].isTransmission(wo)) {
            lobes[0] = topLobes[static_cast<std::size_t>(i)];
            return 1;
        }
    return 0;
}

// pbrt-v4's LayeredBxDF::f; long because the walk's three kinds of event (medium scattering, the
// exit interface, the other interface) each add a next-event estimate, as the book presents it.
Color LayeredBxdf::f(Vec3 wo, Vec3 wi, TransportMode mode) const {
    if (wo.z < 0) {
        wo = -wo;
        wi = -wi;
    }
    const float thickness = slab_.thickness;
    // Entered through the top; leaves through the top when wi is on wo's side.
    const bool reflect = sameHemisphere(wo, wi);
    const Bxdf& exitInterface = reflect ? top_ : bottom_;
    const Bxdf& nonExitInterface = reflect ? bottom_ : top_;
    const float exitZ = reflect ? thickness : 0.0f;
    const int samples = slab_.samples;
    Color f = reflect ? top_.f(wo, wi, mode) * static_cast<float>(samples) : Color{};

    WalkRandom r(hashFloats({wo.x, wo.y, wo.z}), hashFloats({wi.x, wi.y, wi.z}));
    for (int s = 0; s < samples; ++s) {
        const auto d1 = r.draw();
        const auto wos = top_.sample(wo, d1.uc, d1.u, mode, SampleLobes::Transmission);
        if (!usable(wos))
            continue;
        const auto d2 = r.draw();
        const auto wis =
            exitInterface.sample(wi, d2.uc, d2.u, adjoint(mode), SampleLobes::Transmission);
        if (!usable(wis))
            continue;
        Color beta = wos->f * (absCosTheta(wos->wi) / wos->pdf);
        float z = thickness;
        Vec3 w = wos->wi;
        for (int depth = 0; depth < slab_.maxDepth; ++depth) {
            if (depth > 3 && beta.maxComponent() < 0.25f) {
                const float q = std::max(0.0f, 1 - beta.maxComponent());
                if (r() < q)
                    break;
                beta = beta / (1 - q);
            }
            if (slab_.albedo.isBlack()) {
                z = z == thickness ? 0.0f : thickness;
                beta *= transmittance(thickness, w);
            } else {
                // Distance to the next scattering in a medium of unit extinction.
                const float dz = -std::log(1 - r()) * std::fabs(w.z);
                const float zp = w.z > 0 ? z + dz : z - dz;
                if (0 < zp && zp < thickness) {
                    float weight = 1;
                    if (!isSpecular(exitInterface.flags()))
                        weight =
                            powerHeuristic(wis->pdf, henyeyGreenstein(dot(-w, -wis->wi), slab_.g));
                    f += beta * slab_.albedo *
                         (henyeyGreenstein(dot(-w, -wis->wi), slab_.g) * weight *
                          transmittance(zp - exitZ, wis->wi) / wis->pdf) *
                         wis->f;
                    const Vec3 scattered = sampleHenyeyGreenstein(-w, slab_.g, r.two());
                    const float phasePdf = henyeyGreenstein(dot(-w, scattered), slab_.g);
                    if (phasePdf == 0 || scattered.z == 0)
                        continue;
                    beta *= slab_.albedo; // the phase function's value over its density is 1
                    w = scattered;
                    z = zp;
                    if (((z < exitZ && w.z > 0) || (z > exitZ && w.z < 0)) &&
                        !isSpecular(exitInterface.flags())) {
                        const Color fExit = exitInterface.f(-w, wi, mode);
                        if (!fExit.isBlack()) {
                            const float exitPdf =
                                exitInterface.pdf(-w, wi, mode, SampleLobes::Transmission);
                            f += beta * fExit *
                                 (transmittance(zp - exitZ, w) * powerHeuristic(phasePdf, exitPdf));
                        }
                    }
                    continue;
                }
                z = std::clamp(zp, 0.0f, thickness);
            }
            if (z == exitZ) {
                const auto d = r.draw();
                const auto bs = exitInterface.sample(-w, d.uc, d.u, mode, SampleLobes::Reflection);
                if (!usable(bs))
                    break;
                beta *= bs->f * (absCosTheta(bs->wi) / bs->pdf);
                w = bs->wi;
                continue;
            }
            if (!isSpecular(nonExitInterface.flags())) {
                float weight = 1;
                if (!isSpecular(exitInterface.flags()))
                    weight = powerHeuristic(
                        wis->pdf, nonExitInterface.pdf(-w, -wis->wi, mode, SampleLobes::All));
                f +=
                    beta * nonExitInterface.f(-w, -wis->wi, mode) *
                    (absCosTheta(wis->wi) * weight * transmittance(thickness, wis->wi) / wis->pdf) *
                    wis->f;
            }
            const auto d = r.draw();
            const auto bs = nonExitInterface.sample(-w, d.uc, d.u, mode, SampleLobes::Reflection);
            if (!usable(bs))
                break;
            beta *= bs->f * (absCosTheta(bs->wi) / bs->pdf);
            w = bs->wi;
            if (!isSpecular(exitInterface.flags())) {
                const Color fExit = exitInterface.f(-w, wi, mode);
                if (!fExit.isBlack()) {
                    float weight = 1;
                    if (!isSpecular(nonExitInterface.flags()))
                        weight = powerHeuristic(
                            bs->pdf, exitInterface.pdf(-w, wi, mode, SampleLobes::Transmission));
                    f += beta * fExit * (transmittance(thickness, bs->wi) * weight);
                }
            }
        }
    }
    return f / static_cast<float>(samples);
}

std::optional<BxdfSample> LayeredBxdf::sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                              SampleLobes lobes) const {
    if (lobes != SampleLobes::All)
        return std::nullopt; // the coats sample whole; no caller restricts them
    const bool flip = wo.z < 0;
    if (flip)
        wo = -wo;
    auto bs = top_.sample(wo, uc, u, mode, SampleLobes::All);
    if (!usable(bs))
        return std::nullopt;
    if (!bs->isTransmission(wo)) {
        if (flip)
            bs->wi = -bs->wi;
        bs->pdfIsProportional = true;
        return bs;
    }
    Vec3 w = bs->wi;
    bool specularPath = bs->delta;
    WalkRandom r(hashFloats({wo.x, wo.y, wo.z}), hashFloats({uc, u.x, u.y}));
    Color f = bs->f * absCosTheta(bs->wi);
    float pdf = bs->pdf;
    const float thickness = slab_.thickness;
    float z = thickness;
    for (int depth = 0; depth < slab_.maxDepth; ++depth) {
        const float rrBeta = f.maxComponent() / pdf;
        if (depth > 3 && rrBeta < 0.25f) {
            const float q = std::max(0.0f, 1 - rrBeta);
            if (r() < q)
                return std::nullopt;
            pdf *= 1 - q;
        }
        if (w.z == 0)
            return std::nullopt;
        if (!slab_.albedo.isBlack()) {
            const float dz = -std::log(1 - r()) * std::fabs(w.z);
            const float zp = w.z > 0 ? z + dz : z - dz;
            if (zp == z)
                return std::nullopt;
            if (0 < zp && zp < thickness) {
                const Vec3 scattered = sampleHenyeyGreenstein(-w, slab_.g, r.two());
                const float phase = henyeyGreenstein(dot(-w, scattered), slab_.g);
                if (phase == 0 || scattered.z == 0)
                    return std::nullopt;
                f *= slab_.albedo * phase;
                pdf *= phase;
                specularPath = false;
                w = scattered;
                z = zp;
                continue;
            }
            z = std::clamp(zp, 0.0f, thickness);
        } else {
            z = z == thickness ? 0.0f : thickness;
            f *= transmittance(thickness, w);
        }
        const Bxdf& interface = z == 0 ? bottom_ : top_;
        const Vec3 incoming = -w;
        const auto d = r.draw();
        const auto next = interface.sample(incoming, d.uc, d.u, mode, SampleLobes::All);
        if (!usable(next))
            return std::nullopt;
        f *= next->f;
        pdf *= next->pdf;
        specularPath = specularPath && next->delta;
        w = next->wi;
        // Transmitted through an interface: the walk has left the slab.
        if (next->isTransmission(incoming)) {
            if (flip)
                w = -w;
            return BxdfSample{w, f, pdf, specularPath, 1.0f, true};
        }
        f *= absCosTheta(w);
    }
    return std::nullopt;
}

// pbrt-v4's LayeredBxDF::PDF: the entrance's reflection plus a one-sample estimate of the
// transmission-reflection-transmission paths (TRT); transmission needs both interfaces to
// transmit, which no coated material's opaque base does, and is left to the uniform part.
float LayeredBxdf::pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const {
    if (lobes != SampleLobes::All)
        return 0.0f;
    if (wo.z < 0) {
        wo = -wo;
        wi = -wi;
    }
    WalkRandom r(hashFloats({wi.x, wi.y, wi.z}), hashFloats({wo.x, wo.y, wo.z}));
    const int samples = slab_.samples;
    float pdfSum = 0;
    if (sameHemisphere(wo, wi)) {
        pdfSum += static_cast<float>(samples) * top_.pdf(wo, wi, mode, SampleLobes::Reflection);
        for (int s = 0; s < samples; ++s) {
            const auto d1 = r.draw();
            const auto wos = top_.sample(wo, d1.uc, d1.u, mode, SampleLobes::Transmission);
            const auto d2 = r.draw();
            const auto wis = top_.sample(wi, d2.uc, d2.u, adjoint(mode), SampleLobes::Transmission);
            if (!usable(wos) || !usable(wis))
                continue;
            if (!isNonSpecular(top_.flags())) {
                pdfSum += bottom_.pdf(-wos->wi, -wis->wi, mode, SampleLobes::All);
                continue;
            }
            const auto d3 = r.draw();
            const auto rs = bottom_.sample(-wos->wi, d3.uc, d3.u, mode, SampleLobes::All);
            if (!usable(rs))
                continue;
            if (!isNonSpecular(bottom_.flags())) {
                pdfSum += top_.pdf(-rs->wi, wi, mode, SampleLobes::All);
                continue;
            }
            const float rPdf = bottom_.pdf(-wos->wi, -wis->wi, mode, SampleLobes::All);
            pdfSum += powerHeuristic(wis->pdf, rPdf) * rPdf;
            const float tPdf = top_.pdf(-rs->wi, wi, mode, SampleLobes::All);
            pdfSum += powerHeuristic(rs->pdf, tPdf) * tPdf;
        }
    }
    const float uniform = std::numbers::inv_pi_v<float> / 4;
    return 0.1f * uniform + 0.9f * pdfSum / static_cast<float>(samples);
}

} // namespace lrt
