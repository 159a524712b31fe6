// Cylinder: u = phi / phimax, v = (z - zmin) / (zmax - zmin).
#include "renderer/shapes/cylinder.h"

#include "renderer/core/scene_error.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

using enum ArgumentSpec::Kind;
constexpr ArgumentSpec kArguments[] = {
    {"radius", Number, "r", kReal.above(0)},
    {"zmin", Number, "the bottom rim"},
    {"zmax", Number, "the top rim (differs from zmin)"},
    kThetaMaxArgument,
};

ShapeSurfaces create(std::span<const double> n, const Parameters&, const ShapeContext& c) {
    if (n[1] == n[2])
        throw SceneError(c.where, "Cylinder needs zmin and zmax to differ");
    return quadricSurface<Cylinder>(c, static_cast<float>(n[0]), static_cast<float>(n[1]),
                                    static_cast<float>(n[2]), static_cast<float>(n[3]));
}

} // namespace

const ShapeEntry Cylinder::registryEntry{{"cylinder", "Cylinder", kArguments, {}}, &create};

Cylinder::Cylinder(const Transform& objectToScene, bool flipNormals, bool oneSided, float radius,
                   float zMin, float zMax, float thetaMaxDegrees)
    : Quadric(objectToScene, flipNormals, oneSided, thetaMaxDegrees), radius_(radius),
      zMin_(std::min(zMin, zMax)), zMax_(std::max(zMin, zMax)) {}

bool Cylinder::roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const {
    const double a = d.x * d.x + d.y * d.y;
    const double b = 2 * (d.x * o.x + d.y * o.y);
    const double c = o.x * o.x + o.y * o.y - double(radius_) * radius_;
    return a != 0 && solveQuadratic(a, b, c, t0, t1);
}

bool Cylinder::parameters(const DVec3& p, float& u, float& v) const {
    return azimuthAndHeight(p, zMin_, zMax_, u, v);
}

void Cylinder::evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const {
    const float phi = u * phiMax();
    p = {radius_ * std::cos(phi), radius_ * std::sin(phi), zMin_ + v * (zMax_ - zMin_)};
    dpdu = {-phiMax() * p.y, phiMax() * p.x, 0};
    dpdv = {0, 0, zMax_ - zMin_};
}

Bounds3 Cylinder::objectBounds() const {
    return {{-radius_, -radius_, zMin_}, {radius_, radius_, zMax_}};
}

} // namespace lrt
