// The surface swept by rotating the segment point1-point2 about z (RenderMan's Hyperboloid).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Hyperboloid final : public Quadric {
public:
    Hyperboloid(const Transform& objectToScene, bool flipNormals, bool oneSided, Vec3 point1,
                Vec3 point2, float thetaMaxDegrees);
    // Its arguments and create() are in hyperboloid.cpp, with its registry entry.
    static const ShapeEntry registryEntry;

protected:
    // x^2 + y^2 = a z^2 + b z + c along the ray (a_, b_, c_).
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    // u = the rotation from q(v) over phimax, v = (z - z1) / (z2 - z1).
    bool parameters(const DVec3& p, float& u, float& v) const override;
    // p = q(v) rotated by u phimax about z.
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    // the box around both end circles (the radius is convex in z).
    Bounds3 objectBounds() const override;

private:
    Vec3 p1_, p2_;
    double a_, b_, c_; // x^2 + y^2 = a z^2 + b z + c along the swept line
};

} // namespace lrt
