// The light bounds of up to four children of a light BVH node, lane by lane, and their
// importance at a shading point in one SSE evaluation: what a pick pays for at each level of the
// tree. The formula is that of Conty Estevez and Kulla (2018) as pbrt-v4 and Cycles use it
// (docs/light-sampling.md gives it); lanes without bounds have power 0 and importance 0.
#pragma once

#include "renderer/lights/light_bounds.h"

#include <array>

namespace lrt {

class BoundsQuad {
public:
    static constexpr int kLanes = 4;

    // Lane `lane` bounds `b` (the box as its bounding sphere, the cone's sine beside its cosine).
    void set(int lane, const LightBounds& b);

    // Each lane's estimate of the light its emitters send to a point p whose shading normal is n
    // (the zero vector when the receiver reflects light from every direction, as a program may):
    // power * cos(theta') / d^2 * cos(theta_i'), with theta' the smallest angle between an emitted
    // direction and p, theta_i' the smallest angle of incidence (either side), both over the
    // bounding sphere, and d the distance to its centre (at least its radius). Zero where no
    // emitter of the lane can light p, and where the inputs are not finite; otherwise finite and
    // non-negative.
    std::array<float, kLanes> importance(Vec3 p, Vec3 n) const;

private:
    alignas(16) float cx_[kLanes]{}, cy_[kLanes]{}, cz_[kLanes]{}, radius2_[kLanes]{};
    alignas(16) float wx_[kLanes]{}, wy_[kLanes]{}, wz_[kLanes]{}, power_[kLanes]{};
    alignas(16) float cosO_[kLanes]{}, sinO_[kLanes]{}, cosE_[kLanes]{}, twoSided_[kLanes]{};
};

} // namespace lrt
