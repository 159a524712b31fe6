// The disk of radius r in the plane z = height, facing +z (RenderMan's Disk).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Disk final : public Quadric {
public:
    Disk(const Transform& objectToScene, bool flipNormals, bool oneSided, float height,
         float radius, float thetaMaxDegrees);
    // Disk height radius thetamax, as RenderMan writes it (arguments in disk.cpp).
    static const ShapeEntry registryEntry;


protected:
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    bool parameters(const DVec3& p, float& u, float& v) const override;
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    Bounds3 objectBounds() const override;
    Vec3 naturalNormal(Vec3 p, Vec3 dpdu, Vec3 dpdv) const override;

private:
    float height_, radius_;
};

} // namespace lrt
