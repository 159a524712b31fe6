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

} // namespace lrt
