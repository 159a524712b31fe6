#include "renderer/materials/matte.h"

#include <numbers>

namespace lrt {

Color Matte::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    const float cosine = dot(point.shadingNormal, wi);
    if (cosine <= 0 || dot(point.normal, wi) <= 0)
        return {};
    return point.color * E * (kd_ * cosine / std::numbers::pi_v<float>);
}

} // namespace lrt
