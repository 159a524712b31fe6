#include "renderer/materials/matte.h"

#include "renderer/sampling/warp.h"

#include <numbers>

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"Kd", Float, 0.5f, {}, "diffuse reflectance, times Color"},
    {"Ka", Float, 1.0f, {}, "ambient reflectance, times Color"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    return std::make_unique<Matte>(p.getFloat("Kd"), p.getFloat("Ka"));
}

} // namespace

const MaterialEntry Matte::registryEntry{{"matte", kParameters}, &create};

Color Matte::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    const float cosine = dot(point.shadingNormal, wi);
    if (cosine <= 0 || dot(point.normal, wi) <= 0)
        return {};
    return point.color * E * (kd_ * cosine / std::numbers::pi_v<float>);
}

std::optional<BsdfSample> Matte::sampleBsdf(const ShadingPoint& point, Vec2 u, float) const {
    const Vec3 wi = aroundNormal(cosineHemisphere(u), point.shadingNormal);
    const float pdf = bsdfPdf(point, wi);
    if (pdf <= 0)
        return std::nullopt;
    return BsdfSample{wi, point.color * kd_, pdf, false};
}

float Matte::bsdfPdf(const ShadingPoint& point, Vec3 wi) const {
    const float cosine = dot(point.shadingNormal, wi);
    return cosine > 0 && dot(point.normal, wi) > 0 ? cosine / std::numbers::pi_v<float> : 0.0f;
}

} // namespace lrt
