// The BxDF interface: one scattering function in its shading frame (z the surface's outward
// normal, x the first tangent), as pbrt-v4's BxDF: the value f(wo, wi), sampling with the exact
// density, and that density. Both directions point away from the surface; wo.z < 0 means the
// viewer is inside (behind the front side). Built-in materials make one at each shading point
// from their (possibly textured) parameters and BxdfMaterial (bxdf_material.h) turns it into the
// Material the integrators ask.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"

#include <array>
#include <cmath>
#include <optional>

namespace lrt {

// Which quantity a path carries: radiance from the camera, or importance from the lights (the
// adjoint, which the layered BxDF's exit interface sees). Refraction scales radiance by
// 1 / eta^2 and leaves importance alone.
enum class TransportMode { Radiance, Importance };

// Which halves of the sphere a sample may go to: pbrt-v4's BxDFReflTransFlags.
enum class SampleLobes { All, Reflection, Transmission };

inline bool allowsReflection(SampleLobes lobes) {
    return lobes != SampleLobes::Transmission;
}
inline bool allowsTransmission(SampleLobes lobes) {
    return lobes != SampleLobes::Reflection;
}

// What kinds of scattering a BxDF does (pbrt-v4's BxDFFlags), as bits.
enum BxdfFlags : unsigned {
    kReflection = 1,
    kTransmission = 2,
    kDiffuse = 4,
    kGlossy = 8,
    kSpecular = 16,
};
inline bool isSpecular(unsigned flags) {
    return (flags & kSpecular) != 0;
}
// Whether it has any lobe that is not a delta (pbrt-v4's IsNonSpecular).
inline bool isNonSpecular(unsigned flags) {
    return (flags & (kDiffuse | kGlossy)) != 0;
}

struct BxdfSample {
    Vec3 wi;
    Color f;       // the BxDF's value (for a delta lobe: its weight / |cos theta_i|)
    float pdf = 0; // solid-angle density, or a delta lobe's discrete probability
    bool delta = false;
    float eta = 1; // the relative index crossed by a transmitted sample, else 1
    // The pdf is only proportional to the density (a layered BxDF's random walk): f / pdf is
    // the sample's weight, and pdf() gives the density for multiple importance sampling.
    bool pdfIsProportional = false;

    bool isTransmission(Vec3 wo) const { return wo.z * wi.z < 0; }
};

inline float absCosTheta(Vec3 w) {
    return std::fabs(w.z);
}
inline bool sameHemisphere(Vec3 a, Vec3 b) {
    return a.z * b.z > 0;
}
// The mirror direction of wo about the normal n (both unit, any side).
inline Vec3 reflectAbout(Vec3 wo, Vec3 n) {
    return -wo + n * (2 * dot(wo, n));
}
// wi refracted through a boundary of relative index eta (inside over outside) with normal n,
// from either side; nullopt under total internal reflection. `etaCrossed` is the relative index
// of the crossing as seen from wi's side.
std::optional<Vec3> refractThrough(Vec3 wi, Vec3 n, float eta, float& etaCrossed);

class Bxdf {
public:
    virtual ~Bxdf() = default;
    // f(wo, wi), without delta lobes.
    virtual Color f(Vec3 wo, Vec3 wi, TransportMode mode) const = 0;
    // A direction drawn with uc (lobe choice) and u; nullopt when none is drawn.
    virtual std::optional<BxdfSample> sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                             SampleLobes lobes) const = 0;
    // The density sample() draws wi with, without delta lobes.
    virtual float pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const = 0;
    // Every delta lobe at wo (for the Whitted integrator), each with its weight
    // f |cos theta_i| (not divided by a probability); none for a BxDF without them.
    virtual int deltaLobes(Vec3, std::array<BxdfSample, 2>&) const { return 0; }
    // Its lobes, as BxdfFlags bits.
    virtual unsigned flags() const = 0;
    // The reflectance colour a denoiser's albedo feature shows.
    virtual Color albedo() const = 0;
};

} // namespace lrt
