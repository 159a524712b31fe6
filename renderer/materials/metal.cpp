#include "renderer/materials/metal.h"

#include "renderer/materials/mirror.h"

#include <algorithm>

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"Ks", Float, 1.0f, {}, "strength of the glossy lobe"},
    {"Kr", Float, 0.0f, {}, "strength of a perfect reflection, times Color"},
    {"roughness", Float, 0.1f, kReal.above(0), "GGX alpha"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    return std::make_unique<Metal>(p.getFloat("Ks"), p.getFloat("Kr"), p.getFloat("roughness"));
}

} // namespace

const MaterialEntry Metal::registryEntry{{"metal", kParameters}, &create};

Color Metal::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    const float cosine = dot(point.shadingNormal, wi);
    if (cosine <= 0 || dot(point.normal, wi) <= 0)
        return {};
    const float cosWoH = std::clamp(dot(point.wo, normalize(point.wo + wi)), 0.0f, 1.0f);
    const Color fresnel{schlick(point.color.r, cosWoH), schlick(point.color.g, cosWoH),
                        schlick(point.color.b, cosWoH)};
    return fresnel * E * (ks_ * lobe_.value(point.shadingNormal, point.wo, wi) * cosine);
}

int Metal::specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const {
    if (kr_ <= 0)
        return 0;
    rays[0] = {reflect(point.wo, point.shadingNormal), point.color * kr_, false};
    return 1;
}

std::optional<BsdfSample> Metal::sampleBsdf(const ShadingPoint& point, Vec2 u, float uLobe) const {
    const float share = mirrorShare();
    if (uLobe < share)
        return BsdfSample{reflect(point.wo, point.shadingNormal), point.color * (kr_ / share), 0.0f,
                          true};
    const Vec3 wi = lobe_.sample(point.shadingNormal, point.wo, u);
    const float pdf = bsdfPdf(point, wi);
    if (pdf <= 0)
        return std::nullopt;
    return BsdfSample{wi, reflected(point, wi, Color(1)) / pdf, pdf, false};
}

float Metal::bsdfPdf(const ShadingPoint& point, Vec3 wi) const {
    if (dot(point.shadingNormal, wi) <= 0 || dot(point.normal, wi) <= 0)
        return 0.0f;
    return (1 - mirrorShare()) * lobe_.pdf(point.shadingNormal, point.wo, wi);
}

} // namespace lrt
