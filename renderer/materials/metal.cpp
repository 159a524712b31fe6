#include "renderer/materials/metal.h"

#include "renderer/materials/blinn_phong.h"
#include "renderer/materials/mirror.h"

namespace lrt {

Color Metal::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    const float cosine = dot(point.shadingNormal, wi);
    if (cosine <= 0 || dot(point.normal, wi) <= 0)
        return {};
    return point.color * E *
           (ks_ * blinnPhong(point.shadingNormal, point.wo, wi, exponent_) * cosine);
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
    const Vec3 wi = sampleBlinnPhong(point.shadingNormal, point.wo, u, exponent_);
    const float pdf = bsdfPdf(point, wi);
    if (pdf <= 0)
        return std::nullopt;
    return BsdfSample{wi, reflected(point, wi, Color(1)) / pdf, pdf, false};
}

float Metal::bsdfPdf(const ShadingPoint& point, Vec3 wi) const {
    if (dot(point.shadingNormal, wi) <= 0 || dot(point.normal, wi) <= 0)
        return 0.0f;
    return (1 - mirrorShare()) * blinnPhongPdf(point.shadingNormal, point.wo, wi, exponent_);
}

} // namespace lrt
