#include "renderer/materials/charlie_sheen.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;
// Below this alpha the distribution is a spike at grazing angles that no quadrature resolves.
constexpr float kMinAlpha = 1e-3f;

// The directional albedo on a grid of mu (cos theta) and sheen roughness, integrated once by
// quadrature over the hemisphere; between its nodes it is interpolated bilinearly.
constexpr int kMuSteps = 32, kRoughnessSteps = 16;

struct AlbedoTable {
    std::array<float, kMuSteps * kRoughnessSteps> values{};
    AlbedoTable() {
        constexpr int kTheta = 96, kPhi = 48;
        for (int r = 0; r < kRoughnessSteps; ++r) {
            const CharlieSheen sheen(static_cast<float>(r) / (kRoughnessSteps - 1));
            for (int m = 0; m < kMuSteps; ++m) {
                const float mu = std::max(static_cast<float>(m) / (kMuSteps - 1), 1e-3f);
                const Vec3 wo{std::sqrt(1 - mu * mu), 0, mu};
                double sum = 0;
                // Midpoint rule in (cos theta, phi): the measure cos theta d omega is
                // cos theta d(cos theta) d phi.
                for (int i = 0; i < kTheta; ++i) {
                    const float cosTheta = (static_cast<float>(i) + 0.5f) / kTheta;
                    const float sinTheta = std::sqrt(1 - cosTheta * cosTheta);
                    for (int j = 0; j < kPhi; ++j) {
                        // phi over [0, pi]: the lobe is symmetric about the plane of wo.
                        const float phi = (static_cast<float>(j) + 0.5f) * kPi / kPhi;
                        const Vec3 wi{sinTheta * std::cos(phi), sinTheta * std::sin(phi), cosTheta};
                        sum += sheen.f(wo, wi) * cosTheta;
                    }
                }
                values[static_cast<std::size_t>(r * kMuSteps + m)] =
                    static_cast<float>(sum * (2 * kPi / kPhi) / kTheta);
            }
        }
    }
};

const AlbedoTable& albedoTable() {
    static const AlbedoTable table;
    return table;
}

} // namespace

CharlieSheen::CharlieSheen(float roughness) : alpha_(std::max(roughness * roughness, kMinAlpha)) {}

// The fitted exponent of Estevez and Kulla's shadowing term, between its two sets of
// coefficients by (1 - alpha)^2, as KHR_materials_sheen gives them.
float CharlieSheen::lambda(float cosTheta) const {
    const float t = (1 - alpha_) * (1 - alpha_);
    const auto mix = [t](float a, float b) { return (1 - t) * a + t * b; };
    const float a = mix(21.5473f, 25.3245f), b = mix(3.82987f, 3.32435f),
                c = mix(0.19823f, 0.16801f), d = mix(-1.97760f, -1.27393f),
                e = mix(-4.32054f, -4.85967f);
    const auto l = [&](float x) { return a / (1 + b * std::pow(x, c)) + d * x + e; };
    return cosTheta < 0.5f ? std::exp(l(cosTheta)) : std::exp(2 * l(0.5f) - l(1 - cosTheta));
}

float CharlieSheen::f(Vec3 wo, Vec3 wi) const {
    if (wo.z <= 0 || wi.z <= 0)
        return 0.0f;
    const Vec3 h = normalize(wo + wi);
    const float sinThetaH = std::sqrt(std::max(0.0f, 1 - h.z * h.z));
    const float inverse = 1 / alpha_;
    const float distribution = (2 + inverse) * std::pow(sinThetaH, inverse) / (2 * kPi);
    const float visibility = 1 / ((1 + lambda(wo.z) + lambda(wi.z)) * 4 * wo.z * wi.z);
    return distribution * visibility;
}

float CharlieSheen::albedo(float mu) const {
    const AlbedoTable& table = albedoTable();
    const float roughness = std::sqrt(alpha_);
    const float x = std::clamp(mu, 0.0f, 1.0f) * (kMuSteps - 1);
    const float y = std::clamp(roughness, 0.0f, 1.0f) * (kRoughnessSteps - 1);
    const int x0 = std::min(static_cast<int>(x), kMuSteps - 2);
    const int y0 = std::min(static_cast<int>(y), kRoughnessSteps - 2);
    const float fx = x - x0, fy = y - y0;
    const auto at = [&](int r, int m) {
        return table.values[static_cast<std::size_t>(r * kMuSteps + m)];
    };
    return (1 - fy) * ((1 - fx) * at(y0, x0) + fx * at(y0, x0 + 1)) +
           fy * ((1 - fx) * at(y0 + 1, x0) + fx * at(y0 + 1, x0 + 1));
}

} // namespace lrt
