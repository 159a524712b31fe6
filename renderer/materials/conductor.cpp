#include "renderer/materials/conductor.h"

#include "renderer/core/scene_error.h"
#include "renderer/materials/conductor_bxdf.h"
#include "renderer/materials/fresnel.h"
#include "renderer/materials/roughness.h"

namespace lrt {

namespace {

// Copper at 610, 550 and 465 nm, pbrt-v4's default conductor ("metal-Cu-eta", "metal-Cu-k").
constexpr Color kCopperEta{0.200f, 0.924f, 1.102f}, kCopperK{3.912f, 2.452f, 2.142f};

constexpr auto kParameters = withRoughness(std::array<ParameterSpec, 3>{{
    {"eta", ValueKind::Rgb, kCopperEta, {}, "real part of the index per channel (> 0)"},
    {"k", ValueKind::Rgb, kCopperK, {}, "imaginary part of the index per channel (>= 0)"},
    {"reflectance",
     ValueKind::Rgb,
     {},
     {},
     "normal-incidence reflectance per channel in [0, 1], times Color; replaces eta and k"},
}});

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    if (p.has("reflectance")) {
        if (p.has("eta") || p.has("k"))
            throw SceneError(p.where("reflectance"),
                             "Surface \"conductor\" takes \"reflectance\" or \"eta\" and \"k\", "
                             "not both");
        const Color r = p.getColor("reflectance");
        for (const float c : {r.r, r.g, r.b})
            if (!(c >= 0 && c <= 1))
                throw SceneError(p.where("reflectance"),
                                 "\"reflectance\" must be in [0, 1] in every channel");
        return std::make_unique<Conductor>(roughnessOf(p), r);
    }
    const Color eta = p.getColor("eta"), k = p.getColor("k");
    for (const float c : {eta.r, eta.g, eta.b})
        if (!(c > 0))
            throw SceneError(p.where("eta"), "\"eta\" must be > 0 in every channel");
    for (const float c : {k.r, k.g, k.b})
        if (!(c >= 0))
            throw SceneError(p.where("k"), "\"k\" must be >= 0 in every channel");
    return std::make_unique<Conductor>(roughnessOf(p), eta, k);
}

} // namespace

const MaterialEntry Conductor::registryEntry{{"conductor", kParameters}, &create};

void Conductor::withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const {
    if (reflectance_) {
        const Color r = *reflectance_ * point.color;
        use(ConductorBxdf(distribution_, Color(1), conductorKOfReflectance(r)));
    } else {
        use(ConductorBxdf(distribution_, eta_, k_));
    }
}

} // namespace lrt
