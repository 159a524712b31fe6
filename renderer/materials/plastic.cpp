#include "renderer/materials/plastic.h"

#include "renderer/materials/blinn_phong.h"

#include <numbers>

namespace lrt {

Color Plastic::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    const float cosine = dot(point.shadingNormal, wi);
    if (cosine <= 0 || dot(point.normal, wi) <= 0)
        return {};
    const Color f = point.color * (kd_ / std::numbers::pi_v<float>)+specularColor_ *
                    (ks_ * blinnPhong(point.shadingNormal, point.wo, wi, exponent_));
    return f * E * cosine;
}

} // namespace lrt
