#include "renderer/media/majorant_tracking.h"

#include <cmath>
#include <limits>

namespace lrt {

namespace {

Color exponential(Color sigma, float distance) {
    return {std::exp(-sigma.r * distance), std::exp(-sigma.g * distance),
            std::exp(-sigma.b * distance)};
}

// An infinite stretch's length as a finite one, so that 0 x infinity stays 0 in exp(-sigma dt).
float finiteLength(float dt) {
    return std::isinf(dt) ? std::numeric_limits<float>::max() : dt;
}

// The channel whose majorant draws distances in a segment: `preferred`, unless its majorant is
// zero there and another's is not; -1 when the segment has no extinction at all.
int samplingChannel(Color sigma, int preferred) {
    if (sigma.channel(preferred) > 0)
        return preferred;
    int largest = 0;
    for (int c = 1; c < 3; ++c)
        if (sigma.channel(c) > sigma.channel(largest))
            largest = c;
    return sigma.channel(largest) > 0 ? largest : -1;
}

// Ratio tracking's estimate is rouletted once all its channels fall below this.
constexpr float kRouletteBelow = 0.05f;
constexpr float kRouletteSurvival = 0.25f;

} // namespace

Color sampleCollisions(const Medium& medium, const Ray& ray, float tMax, int channel,
                       FunctionRef<float()> uniform,
                       FunctionRef<bool(const TentativeCollision&)> collide) {
    // Since the last collision: the majorant transmittance, and the probability that sampling
    // drew no collision.
    Color majorantTransmittance(1);
    float passed = 1;
    bool stopped = false;
    medium.forEachMajorant(ray, tMax, [&](const MajorantSegment& segment) {
        const int c = samplingChannel(segment.sigmaMajorant, channel);
        float tMin = segment.tMin;
        if (c < 0)
            return true; // nothing to cross: the majorant transmittance is 1
        const float sigma = segment.sigmaMajorant.channel(c);
        while (true) {
            // An exponential step of rate sigma; 1 - u keeps the logarithm finite.
            const float t = tMin - std::log(1 - uniform()) / sigma;
            if (!(t < segment.tMax)) {
                const float dt = finiteLength(segment.tMax - tMin);
                majorantTransmittance *= exponential(segment.sigmaMajorant, dt);
                passed *= std::exp(-sigma * dt);
                return true;
            }
            majorantTransmittance *= exponential(segment.sigmaMajorant, t - tMin);
            const float density = passed * std::exp(-sigma * (t - tMin)) * sigma;
            const Vec3 p = ray.origin + ray.direction * t;
            if (!collide(
                    {t, p, medium.at(p), segment.sigmaMajorant, majorantTransmittance, density})) {
                stopped = true;
                return false;
            }
            majorantTransmittance = Color(1);
            passed = 1;
            tMin = t;
        }
    });
    if (stopped)
        return Color(1);
    return passed > 0 ? majorantTransmittance / passed : Color();
}

// At each tentative collision every channel's estimate is weighed by the null coefficient
// sigma_maj - sigma_t over the collision's density (the majorant transmittance before it
// included), and past the last by sampleCollisions' weight.
Color ratioTrackingTransmittance(const Medium& medium, const Ray& ray, float tMax, int channel,
                                 FunctionRef<float()> uniform) {
    Color estimate(1);
    const Color rest =
        sampleCollisions(medium, ray, tMax, channel, uniform, [&](const TentativeCollision& c) {
            const Color sigmaN = c.sigmaMajorant - c.medium.sigmaA - c.medium.sigmaS;
            estimate *= c.majorantTransmittance * sigmaN / c.density;
            if (estimate.maxComponent() < kRouletteBelow) {
                if (uniform() >= kRouletteSurvival) {
                    estimate = Color();
                    return false;
                }
                estimate = estimate / kRouletteSurvival;
            }
            return !estimate.isBlack();
        });
    return estimate * rest;
}

} // namespace lrt
