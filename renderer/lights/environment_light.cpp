#include "renderer/lights/environment_light.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// Luminance weighted by sin(theta): each row covers less solid angle near the poles.
std::vector<float> samplingWeights(const Image& map) {
    std::vector<float> weights(static_cast<std::size_t>(map.width) * map.height);
    for (int y = 0; y < map.height; ++y) {
        const float sinTheta =
            std::sin(kPi * (static_cast<float>(y) + 0.5f) / static_cast<float>(map.height));
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

} // namespace

EnvironmentLight::EnvironmentLight(Image map, Color scale, const Transform& lightToWorld)
    : map_(std::move(map)), scale_(scale), lightToWorld_(lightToWorld),
      distribution_(samplingWeights(map_), map_.width, map_.height) {}

Vec2 EnvironmentLight::toMap(Vec3 worldDirection) const {
    const Vec3 d = normalize(lightToWorld_.inverse().vector(worldDirection));
    float phi = std::atan2(d.y, d.x);
    if (phi < 0)
        phi += 2 * kPi;
    const float theta = std::acos(std::clamp(d.z, -1.0f, 1.0f));
    return {phi / (2 * kPi), theta / kPi};
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
    const float sinTheta = std::sin(uv.y * kPi);
    return sinTheta > 0 ? distribution_.pdf(uv) / (2 * kPi * kPi * sinTheta) : 0.0f;
}

std::optional<LightSample> EnvironmentLight::sample(Vec3, Vec2 u) const {
    float mapPdf = 0;
    const Vec2 uv = distribution_.sample(u, mapPdf);
    const float theta = uv.y * kPi, phi = uv.x * 2 * kPi;
    const float sinTheta = std::sin(theta);
    if (mapPdf <= 0 || sinTheta <= 0)
        return std::nullopt;
    const Vec3 local{sinTheta * std::cos(phi), sinTheta * std::sin(phi), std::cos(theta)};
    const Vec3 wi = normalize(lightToWorld_.vector(local));
    const float density = mapPdf / (2 * kPi * kPi * sinTheta);
    return LightSample{wi, INFINITY, texel(uv) / density, density};
}

} // namespace lrt
