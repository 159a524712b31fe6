// Paraboloid: u = phi / phimax, v = (z - zmin) / (zmax - zmin).
#include "renderer/shapes/paraboloid.h"

#include "renderer/core/scene_error.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

using enum ArgumentSpec::Kind;
constexpr ArgumentSpec kArguments[] = {
    {"rmax", Number, "the radius at zmax", kReal.above(0)},
    {"zmin", Number, "the lowest z kept, 0 <= zmin < zmax"},
    {"zmax", Number, "the top"},
    kThetaMaxArgument,
};

ShapeSurfaces create(std::span<const double> n, const Parameters&, const ShapeContext& c) {
    if (!(n[2] > 0 && n[1] >= 0 && n[1] < n[2]))
        throw SceneError(c.where, "Paraboloid needs 0 <= zmin < zmax");
    return quadricSurface<Paraboloid>(c, static_cast<float>(n[0]), static_cast<float>(n[1]),
                                      static_cast<float>(n[2]), static_cast<float>(n[3]));
}

} // namespace

const ShapeEntry Paraboloid::registryEntry{{"paraboloid", "Paraboloid", kArguments, {}}, &create};

Paraboloid::Paraboloid(const Transform& objectToScene, bool flipNormals, bool oneSided, float rMax,
                       float zMin, float zMax, float thetaMaxDegrees)
    : Quadric(objectToScene, flipNormals, oneSided, thetaMaxDegrees), rMax_(rMax),
      zMin_(std::min(zMin, zMax)), zMax_(std::max(zMin, zMax)) {}

bool Paraboloid::roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const {
    const double k = double(zMax_) / (double(rMax_) * rMax_);
    const double a = k * (d.x * d.x + d.y * d.y);
    const double b = 2 * k * (d.x * o.x + d.y * o.y) - d.z;
    const double c = k * (o.x * o.x + o.y * o.y) - o.z;
    return solveQuadratic(a, b, c, t0, t1);
}

bool Paraboloid::parameters(const DVec3& p, float& u, float& v) const {
    return azimuthAndHeight(p, zMin_, zMax_, u, v);
}

void Paraboloid::evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const {
    const float phi = u * phiMax();
    const float z = zMin_ + v * (zMax_ - zMin_);
    const float r = rMax_ * std::sqrt(std::max(0.0f, z / zMax_));
    p = {r * std::cos(phi), r * std::sin(phi), z};
    dpdu = {-phiMax() * p.y, phiMax() * p.x, 0};
    // dr/dz = r / (2 z); at the apex (z = 0) the surface is flat and the radial rate unbounded.
    const float drdz = z > 0 ? r / (2 * z) : 0.0f;
    dpdv = Vec3{drdz * std::cos(phi), drdz * std::sin(phi), 1} * (zMax_ - zMin_);
}

Bounds3 Paraboloid::objectBounds() const {
    return {{-rMax_, -rMax_, zMin_}, {rMax_, rMax_, zMax_}};
}

Vec3 Paraboloid::naturalNormal(Vec3 p, Vec3 dpdu, Vec3 dpdv) const {
    return p.x == 0 && p.y == 0 ? Vec3{0, 0, -1} : normalize(cross(dpdu, dpdv));
}

} // namespace lrt
