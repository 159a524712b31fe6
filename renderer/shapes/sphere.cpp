// Sphere: pbrt's parameterisation, u = phi / phimax, v from zmin to zmax through theta.
#include "renderer/shapes/sphere.h"

#include <algorithm>
#include <cmath>

namespace lrt {

Sphere::Sphere(const Transform& objectToScene, bool flipNormals, bool oneSided, float radius,
               float zMin, float zMax, float thetaMaxDegrees)
    : Quadric(objectToScene, flipNormals, oneSided, thetaMaxDegrees), radius_(radius),
      zMin_(std::clamp(std::min(zMin, zMax), -radius, radius)),
      zMax_(std::clamp(std::max(zMin, zMax), -radius, radius)),
      thetaZMin_(std::acos(std::clamp(zMin_ / radius, -1.0f, 1.0f))),
      thetaZMax_(std::acos(std::clamp(zMax_ / radius, -1.0f, 1.0f))) {}

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

} // namespace lrt
