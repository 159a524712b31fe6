// A conductor of complex index eta + i k per colour channel, smooth or rough (anisotropic GGX),
// with the exact Fresnel reflectance of that index, as pbrt-v4's ConductorBxDF. Reflects on
// whichever side it is seen from.
#pragma once

#include "renderer/materials/bxdf.h"
#include "renderer/materials/trowbridge_reitz.h"

namespace lrt {

// Copper at 610, 550 and 465 nm, pbrt-v4's default conductor ("metal-Cu-eta", "metal-Cu-k").
inline constexpr Color kCopperEta{0.200f, 0.924f, 1.102f}, kCopperK{3.912f, 2.452f, 2.142f};

class ConductorBxdf final : public Bxdf {
public:
    ConductorBxdf(TrowbridgeReitz distribution, Color eta, Color k)
        : distribution_(distribution), eta_(eta), k_(k) {}
    Color f(Vec3 wo, Vec3 wi, TransportMode mode) const override;
    std::optional<BxdfSample> sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                     SampleLobes lobes) const override;
    float pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const override;
    int deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const override;
    unsigned flags() const override {
        return kReflection | (distribution_.effectivelySmooth() ? kSpecular : kGlossy);
    }
    // The reflectance at normal incidence.
    Color albedo() const override;

private:
    TrowbridgeReitz distribution_;
    Color eta_, k_;
};

} // namespace lrt
