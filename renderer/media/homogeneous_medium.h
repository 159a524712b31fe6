// "homogeneous": a medium of the same coefficients everywhere, its extinction its own majorant
// (so tracking it meets no null collisions).
#pragma once

#include "renderer/media/medium.h"

namespace lrt {

class HomogeneousMedium final : public Medium {
public:
    explicit HomogeneousMedium(const MediumProperties& properties) : properties_(properties) {}
    MediumProperties at(Vec3) const override { return properties_; }
    void forEachMajorant(const Ray&, float tMax,
                         FunctionRef<bool(const MajorantSegment&)> visit) const override {
        visit({0, tMax, properties_.sigmaA + properties_.sigmaS});
    }

private:
    MediumProperties properties_;
};

} // namespace lrt
