#include "renderer/materials/glass.h"

#include "renderer/materials/fresnel.h"
#include "renderer/materials/mirror.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"eta", Float, 1.5f, kReal.above(0), "index of refraction"},
    {"Kr", Float, 1.0f, {}, "strength of the reflection"},
    {"Kt", Float, 1.0f, {}, "strength of the refraction, times Color"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    return std::make_unique<Glass>(p.getFloat("eta"), p.getFloat("Kr"), p.getFloat("Kt"));
}

} // namespace

const MaterialEntry Glass::registryEntry{{"glass", kParameters}, &create};

int Glass::specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const {
    const Vec3 n = point.shadingNormal; // on the viewer's side
    const float etaI = point.entering ? 1.0f : eta_, etaT = point.entering ? eta_ : 1.0f;
    const float cosThetaI = std::clamp(dot(n, point.wo), 0.0f, 1.0f);
    const float F = fresnelDielectric(cosThetaI, etaI, etaT);
    int count = 0;
    if (kr_ > 0 && F > 0)
        rays[count++] = {reflect(point.wo, n), Color(kr_ * F), false};
    if (kt_ > 0 && F < 1) {
        const float ratio = etaI / etaT;
        const float sin2ThetaT = ratio * ratio * (1 - cosThetaI * cosThetaI);
        const float cosThetaT = std::sqrt(1 - sin2ThetaT);
        const Vec3 direction = -point.wo * ratio + n * (ratio * cosThetaI - cosThetaT);
        rays[count++] = {normalize(direction), point.color * (kt_ * (1 - F) * ratio * ratio), true};
    }
    return count;
}

std::optional<BsdfSample> Glass::sampleBsdf(const ShadingPoint& point, Vec2, float uLobe) const {
    std::array<SpecularRay, 2> rays;
    const int count = specular(point, rays);
    if (count == 0)
        return std::nullopt;
    // Choose between the rays in proportion to their weights (F and 1 - F for equal Kr, Kt).
    const float first = rays[0].weight.average(),
                second = count > 1 ? rays[1].weight.average() : 0.0f;
    if (first + second <= 0)
        return std::nullopt;
    const float p = first / (first + second);
    const SpecularRay& chosen = uLobe < p ? rays[0] : rays[1];
    return BsdfSample{chosen.direction, chosen.weight / (uLobe < p ? p : 1 - p), 0.0f, true};
}

} // namespace lrt
