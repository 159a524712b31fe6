#include "renderer/materials/plastic.h"

#include "renderer/materials/fresnel.h"
#include "renderer/sampling/warp.h"

#include <algorithm>
#include <numbers>

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"Kd", Float, 0.5f, {}, "diffuse reflectance, times Color"},
    {"Ks", Float, 0.5f, {}, "specular reflectance, times specularcolor"},
    {"Ka", Float, 1.0f, {}, "ambient reflectance, times Color"},
    {"roughness", Float, 0.1f, kReal.above(0), "GGX alpha of the coat"},
    {"specularcolor", Rgb, Color{1, 1, 1}, {}, "the highlight's colour"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    return std::make_unique<Plastic>(p.getFloat("Kd"), p.getFloat("Ks"), p.getFloat("Ka"),
                                     p.getFloat("roughness"), p.getColor("specularcolor"));
}

} // namespace

const MaterialEntry Plastic::registryEntry{{"plastic", kParameters}, &create};

Color Plastic::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    const float cosine = dot(point.shadingNormal, wi);
    if (cosine <= 0 || dot(point.normal, wi) <= 0)
        return {};
    const Vec3 h = normalize(point.wo + wi);
    const float fresnel = fresnelDielectric(std::clamp(dot(point.wo, h), 0.0f, 1.0f), 1.0f, 1.5f);
    const Color f = point.color * (kd_ / std::numbers::pi_v<float>)+specularColor_ *
                    (ks_ * fresnel * coat_.value(point.shadingNormal, point.wo, wi));
    return f * E * cosine;
}

// The coat reflects its Fresnel share of the light, 4% head-on for eta 1.5, more at grazing
// angles: weighing it by Ks alone sent most samples to a lobe that reflects little (a glTF
// dielectric of base colour 0.5 spent two thirds of its samples on its 4% coat).
float Plastic::diffuseShare(const ShadingPoint& point) const {
    const float cosO = std::clamp(dot(point.shadingNormal, point.wo), 0.0f, 1.0f);
    const float diffuse = kd_ * point.color.average(),
                specular = ks_ * specularColor_.average() * fresnelDielectric(cosO, 1.0f, 1.5f);
    return diffuse + specular > 0 ? diffuse / (diffuse + specular) : 1.0f;
}

std::optional<BsdfSample> Plastic::sampleBsdf(const ShadingPoint& point, Vec2 u,
                                              float uLobe) const {
    const Vec3 wi = uLobe < diffuseShare(point)
                        ? aroundNormal(cosineHemisphere(u), point.shadingNormal)
                        : coat_.sample(point.shadingNormal, point.wo, u);
    const float pdf = bsdfPdf(point, wi);
    if (pdf <= 0)
        return std::nullopt;
    return BsdfSample{wi, reflected(point, wi, Color(1)) / pdf, pdf, false};
}

float Plastic::bsdfPdf(const ShadingPoint& point, Vec3 wi) const {
    const float cosine = dot(point.shadingNormal, wi);
    if (cosine <= 0 || dot(point.normal, wi) <= 0)
        return 0.0f;
    const float share = diffuseShare(point);
    return share * cosine / std::numbers::pi_v<float> +
           (1 - share) * coat_.pdf(point.shadingNormal, point.wo, wi);
}

} // namespace lrt
