#include "renderer/materials/conductor.h"

#include "renderer/core/scene_error.h"
#include "renderer/materials/conductor_bxdf.h"
#include "renderer/materials/fresnel.h"
#include "renderer/materials/roughness.h"

#include <fmt/format.h>

namespace lrt {

namespace {

constexpr auto kParameters = withRoughness(std::array<ParameterSpec, 3>{{
    {"eta", ValueKind::Rgb, kCopperEta, kReal.above(0), "real part of the index per channel"},
    {"k", ValueKind::Rgb, kCopperK, kReal.atLeast(0), "imaginary part of the index per channel"},
    {"reflectance",
     ValueKind::Rgb,
     {},
     kReal.atLeast(0).atMost(1),
     "normal-incidence reflectance, times Color; replaces eta and k"},
}});

std::unique_ptr<Material> create(const Parameters& p, MaterialContext& context) {
    const Roughness roughness = roughnessOf(p, context.parameterTextures);
    if (const auto r = conductorReflectance(p, "eta", "k"))
        return std::make_unique<Conductor>(roughness, *r);
    return std::make_unique<Conductor>(roughness, p.getColor("eta"), p.getColor("k"));
}

} // namespace

const MaterialEntry Conductor::registryEntry{{"conductor", kParameters}, &create};

std::optional<Color> conductorReflectance(const Parameters& p, std::string_view etaName,
                                          std::string_view kName) {
    if (!p.has("reflectance"))
        return std::nullopt;
    if (p.has(etaName) || p.has(kName))
        throw SceneError(
            p.where("reflectance"),
            fmt::format("give \"reflectance\" or \"{}\" and \"{}\", not both", etaName, kName));
    return p.getColor("reflectance");
}

void Conductor::withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const {
    if (reflectance_) {
        const Color r = *reflectance_ * point.color;
        use(ConductorBxdf(roughness_.at(point), Color(1), conductorKOfReflectance(r)));
    } else {
        use(ConductorBxdf(roughness_.at(point), eta_, k_));
    }
}

} // namespace lrt
