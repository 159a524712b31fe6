// The cone with its base of radius r at z = 0 and its apex at z = height (RenderMan's Cone).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Cone final : public Quadric {
public:
    Cone(const Transform& objectToScene, bool flipNormals, bool oneSided, float height,
         float radius, float thetaMaxDegrees);
    // Cone height radius thetamax, as RenderMan writes it (arguments in cone.cpp).
    static const ShapeEntry registryEntry;


protected:
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    bool parameters(const DVec3& p, float& u, float& v) const override;
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    Bounds3 objectBounds() const override;

private:
    float height_, radius_;
};

} // namespace lrt
