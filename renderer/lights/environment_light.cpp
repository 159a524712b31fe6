#include "renderer/lights/environment_light.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// The solid angle of row y of a map `height` rows high, relative to a row of an equal-area map:
// sin(theta) for a latitude-longitude map, whose rows near the poles cover less.
float rowSolidAngle(int y, int height, EnvironmentLight::Mapping mapping) {
    return mapping == EnvironmentLight::Mapping::EqualArea
               ? 1.0f
               : std::sin(kPi * (static_cast<float>(y) + 0.5f) / static_cast<float>(height));
}

// Luminance, weighted by the solid angle of its row.
std::vector<float> samplingWeights(const Image& map, EnvironmentLight::Mapping mapping) {
    std::vector<float> weights(static_cast<std::size_t>(map.width) * map.height);
    for (int y = 0; y < map.height; ++y) {
        const float sinTheta = rowSolidAngle(y, map.height, mapping);
        for (int x = 0; x < map.width; ++x) {
            const float luminance = 0.2126f * map.at(x, y, 0) +
                                    0.7152f * map.at(x, y, std::min(1, map.channels - 1)) +
                                    0.0722f * map.at(x, y, std::min(2, map.channels - 1));
            weights[static_cast<std::size_t>(y) * map.width + x] =
                std::max(0.0f, luminance) * sinTheta;
        }
    }
    return weights;
}

// The map's mean luminance over the sphere of directions: the mean of the sampling weights over
// the mean of the rows' solid angles.
float meanOverSphere(const Distribution2D& weights, int height, EnvironmentLight::Mapping mapping) {
    double solidAngle = 0;
    for (int y = 0; y < height; ++y)
        solidAngle += rowSolidAngle(y, height, mapping);
    return solidAngle > 0 ? static_cast<float>(weights.integral() * height / solidAngle) : 0.0f;
}

} // namespace

Vec3 equalAreaSquareToSphere(Vec2 p) {
    const float u = 2 * p.x - 1, v = 2 * p.y - 1;
    const float up = std::fabs(u), vp = std::fabs(v);
    // The signed distance from the square's inscribed diamond: positive inside (the +z half).
    const float signedDistance = 1 - (up + vp);
    const float r = 1 - std::fabs(signedDistance);
    const float phi = (r == 0 ? 1 : (vp - up) / r + 1) * kPi / 4;
    const float z = std::copysign(1 - r * r, signedDistance);
    const float s = r * std::sqrt(std::max(0.0f, 2 - r * r));
    return {std::copysign(std::cos(phi), u) * s, std::copysign(std::sin(phi), v) * s, z};
}

Vec2 equalAreaSphereToSquare(Vec3 d) {
    const float x = std::fabs(d.x), y = std::fabs(d.y), z = std::fabs(d.z);
    const float r = std::sqrt(std::max(0.0f, 1 - z));
    const float a = std::max(x, y), b = std::min(x, y);
    float phi = (a == 0 ? 0.0f : std::atan(b / a)) * 2 / kPi;
    if (x < y)
        phi = 1 - phi;
    float v = phi * r, u = r - v;
    if (d.z < 0) {
        std::swap(u, v);
        u = 1 - u;
        v = 1 - v;
    }
    return {(std::copysign(u, d.x) + 1) / 2, (std::copysign(v, d.y) + 1) / 2};
}

EnvironmentLight::EnvironmentLight(Image map, Color scale, const Transform& lightToWorld,
                                   Mapping mapping)
    : map_(std::move(map)), scale_(scale), lightToWorld_(lightToWorld), mapping_(mapping),
      distribution_(samplingWeights(map_, mapping), map_.width, map_.height),
      meanLuminance_(meanOverSphere(distribution_, map_.height, mapping)) {}

SamplingWeight EnvironmentLight::samplingWeight() const {
    return FacingIrradiance{kPi * meanLuminance_ * strength(scale_)};
}

Vec2 EnvironmentLight::toMap(Vec3 worldDirection) const {
    const Vec3 d = normalize(lightToWorld_.inverse().vector(worldDirection));
    if (mapping_ == Mapping::EqualArea)
        return equalAreaSphereToSquare(d);
    float phi = std::atan2(d.y, d.x);
    if (phi < 0)
        phi += 2 * kPi;
    const float theta = std::acos(std::clamp(d.z, -1.0f, 1.0f));
    return {phi / (2 * kPi), theta / kPi};
}

Vec3 EnvironmentLight::fromMap(Vec2 uv) const {
    if (mapping_ == Mapping::EqualArea)
        return equalAreaSquareToSphere(uv);
    const float theta = uv.y * kPi, phi = uv.x * 2 * kPi;
    const float sinTheta = std::sin(theta);
    return {sinTheta * std::cos(phi), sinTheta * std::sin(phi), std::cos(theta)};
}

float EnvironmentLight::solidAnglePerMapArea(Vec2 uv) const {
    return mapping_ == Mapping::EqualArea ? 4 * kPi : 2 * kPi * kPi * std::sin(uv.y * kPi);
}

Color EnvironmentLight::texel(Vec2 uv) const {
    const int x =
        std::clamp(static_cast<int>(uv.x * static_cast<float>(map_.width)), 0, map_.width - 1);
    const int y =
        std::clamp(static_cast<int>(uv.y * static_cast<float>(map_.height)), 0, map_.height - 1);
    const int g = std::min(1, map_.channels - 1), b = std::min(2, map_.channels - 1);
    return Color{map_.at(x, y, 0), map_.at(x, y, g), map_.at(x, y, b)} * scale_;
}

Color EnvironmentLight::radiance(Vec3 direction) const {
    return texel(toMap(direction));
}

float EnvironmentLight::pdf(Vec3 direction) const {
    const Vec2 uv = toMap(direction);
    const float jacobian = solidAnglePerMapArea(uv);
    return jacobian > 0 ? distribution_.pdf(uv) / jacobian : 0.0f;
}

std::optional<LightSample> EnvironmentLight::sample(Vec3, Vec2 u) const {
    float mapPdf = 0;
    const Vec2 uv = distribution_.sample(u, mapPdf);
    const float jacobian = solidAnglePerMapArea(uv);
    if (mapPdf <= 0 || jacobian <= 0)
        return std::nullopt;
    const Vec3 wi = normalize(lightToWorld_.vector(fromMap(uv)));
    const float density = mapPdf / jacobian;
    return LightSample{wi, INFINITY, texel(uv) / density, density};
}

} // namespace lrt
