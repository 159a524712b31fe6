// Sphere: pbrt's parameterisation, u = phi / phimax, v from zmin to zmax through theta.
#include "renderer/shapes/sphere.h"

#include "renderer/core/scene_error.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

using enum ArgumentSpec::Kind;
constexpr ArgumentSpec kArguments[] = {
    {"radius", Number, "r", kReal.above(0)},
    {"zmin", Number, "the lowest z kept (clamped to -r)"},
    {"zmax", Number, "the highest z kept (clamped to r)"},
    kThetaMaxArgument,
};

ShapeSurfaces create(std::span<const double> n, const Parameters&, const ShapeContext& c) {
    return quadricSurface<Sphere>(c, static_cast<float>(n[0]), static_cast<float>(n[1]),
                                  static_cast<float>(n[2]), static_cast<float>(n[3]));
}

} // namespace

const ShapeEntry Sphere::registryEntry{{"sphere", "Sphere", kArguments, {}}, &create};

Sphere::Sphere(const Transform& objectToScene, bool flipNormals, bool oneSided, float radius,
               float zMin, float zMax, float thetaMaxDegrees)
    : Quadric(objectToScene, flipNormals, oneSided, thetaMaxDegrees), radius_(radius),
      zMin_(std::clamp(std::min(zMin, zMax), -radius, radius)),
      zMax_(std::clamp(std::max(zMin, zMax), -radius, radius)),
      thetaZMin_(std::acos(std::clamp(zMin_ / radius, -1.0f, 1.0f))),
      thetaZMax_(std::acos(std::clamp(zMax_ / radius, -1.0f, 1.0f))) {
    // Cone sampling needs the whole sphere, mapped to a sphere: equal, orthogonal axes.
    const Vec3 x = objectToScene.vector({radius, 0, 0}), y = objectToScene.vector({0, radius, 0}),
               z = objectToScene.vector({0, 0, radius});
    const float r = length(x);
    const bool similar =
        std::fabs(length(y) - r) < 1e-4f * r && std::fabs(length(z) - r) < 1e-4f * r &&
        std::fabs(dot(x, y)) < 1e-4f * r * r && std::fabs(dot(x, z)) < 1e-4f * r * r &&
        std::fabs(dot(y, z)) < 1e-4f * r * r;
    coneSampling_ = similar && zMin_ <= -radius && zMax_ >= radius &&
                    phiMax() >= 2 * std::numbers::pi_v<float> - 1e-6f;
    sceneCentre_ = objectToScene.point({0, 0, 0});
    sceneRadius_ = r;
}

bool Sphere::roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const {
    const double a = d.x * d.x + d.y * d.y + d.z * d.z;
    const double b = 2 * (d.x * o.x + d.y * o.y + d.z * o.z);
    const double c = o.x * o.x + o.y * o.y + o.z * o.z - double(radius_) * radius_;
    return solveQuadratic(a, b, c, t0, t1);
}

bool Sphere::parameters(const DVec3& p, float& u, float& v) const {
    double phi;
    if (!azimuth(p.x, p.y, phi))
        return false;
    if ((zMin_ > -radius_ && p.z < zMin_) || (zMax_ < radius_ && p.z > zMax_))
        return false;
    const double theta = std::acos(std::clamp(p.z / radius_, -1.0, 1.0));
    u = static_cast<float>(phi / phiMax());
    v = thetaZMax_ == thetaZMin_
            ? 0.0f
            : static_cast<float>((theta - thetaZMin_) / (thetaZMax_ - thetaZMin_));
    return true;
}

void Sphere::evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const {
    const float phi = u * phiMax();
    const float theta = thetaZMin_ + v * (thetaZMax_ - thetaZMin_);
    const float sinTheta = std::sin(theta);
    p = {radius_ * sinTheta * std::cos(phi), radius_ * sinTheta * std::sin(phi),
         radius_ * std::cos(theta)};
    dpdu = {-phiMax() * p.y, phiMax() * p.x, 0};
    dpdv = Vec3{p.z * std::cos(phi), p.z * std::sin(phi), -radius_ * sinTheta} *
           (thetaZMax_ - thetaZMin_);
}

Bounds3 Sphere::objectBounds() const {
    return {{-radius_, -radius_, zMin_}, {radius_, radius_, zMax_}};
}

Vec3 Sphere::naturalNormal(Vec3 p, Vec3, Vec3) const {
    return p / radius_;
}

bool Sphere::isClosed() const {
    return zMin_ <= -radius_ && zMax_ >= radius_ && phiMax() >= 2 * std::numbers::pi_v<float>;
}

float Sphere::conePdf(Vec3 p, unsigned) const {
    const float d2 = lengthSquared(p - sceneCentre_);
    if (!coneSampling_ || d2 <= sceneRadius_ * sceneRadius_ * 1.0001f)
        return 0.0f;
    const float cosThetaMax = std::sqrt(std::max(0.0f, 1 - sceneRadius_ * sceneRadius_ / d2));
    return 1 / (2 * std::numbers::pi_v<float> * (1 - cosThetaMax));
}

// pbrt's sampling of the cone a sphere subtends from outside it (Shirley and Wang).
std::optional<AreaSample> Sphere::sampleCone(Vec3 p, Vec2 u) const {
    const float pdf = conePdf(p, 0);
    if (pdf <= 0)
        return std::nullopt;
    const Vec3 toCentre = sceneCentre_ - p;
    const float dc = length(toCentre);
    const Vec3 wc = toCentre / dc;
    const float sinThetaMax2 = sceneRadius_ * sceneRadius_ / (dc * dc);
    const float cosThetaMax = std::sqrt(std::max(0.0f, 1 - sinThetaMax2));
    const float cosTheta = (1 - u.x) + u.x * cosThetaMax;
    const float sinTheta2 = std::max(0.0f, 1 - cosTheta * cosTheta);
    const float phi = 2 * std::numbers::pi_v<float> * u.y;
    // The angle alpha at the centre between -wc and the sampled point.
    const float ds = dc * cosTheta -
                     std::sqrt(std::max(0.0f, sceneRadius_ * sceneRadius_ - dc * dc * sinTheta2));
    const float cosAlpha = std::clamp(
        (dc * dc + sceneRadius_ * sceneRadius_ - ds * ds) / (2 * dc * sceneRadius_), -1.0f, 1.0f);
    const float sinAlpha = std::sqrt(std::max(0.0f, 1 - cosAlpha * cosAlpha));
    Vec3 s, t;
    orthonormalBasis(wc, s, t);
    const Vec3 outward =
        s * (-sinAlpha * std::cos(phi)) + t * (-sinAlpha * std::sin(phi)) + wc * (-cosAlpha);
    return AreaSample{sceneCentre_ + outward * sceneRadius_, flipsNormals() ? -outward : outward,
                      pdf};
}

} // namespace lrt
