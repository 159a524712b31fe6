// The surface swept by rotating the segment point1-point2 about z (RenderMan's Hyperboloid).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Hyperboloid final : public Quadric {
public:
    Hyperboloid(const Transform& objectToScene, bool flipNormals, bool oneSided, Vec3 point1,
                Vec3 point2, float thetaMaxDegrees);
    // Hyperboloid x1 y1 z1 x2 y2 z2 thetamax, as RenderMan writes it (arguments in hyperboloid.cpp).
    static const ShapeEntry registryEntry;


protected:
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    bool parameters(const DVec3& p, float& u, float& v) const override;
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    Bounds3 objectBounds() const override;

private:
    Vec3 p1_, p2_;
    double a_, b_, c_; // x^2 + y^2 = a z^2 + b z + c along the swept line
};

} // namespace lrt
