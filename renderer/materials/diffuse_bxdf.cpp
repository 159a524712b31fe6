#include "renderer/materials/diffuse_bxdf.h"

#include "renderer/sampling/warp.h"

#include <algorithm>
#include <numbers>

namespace lrt {

Color DiffuseBxdf::f(Vec3 wo, Vec3 wi, TransportMode) const {
    if (wo.z == 0 || wi.z == 0)
        return {};
    return (sameHemisphere(wo, wi) ? r_ : t_) * std::numbers::inv_pi_v<float>;
}

float DiffuseBxdf::reflectShare(SampleLobes lobes) const {
    const float reflect = allowsReflection(lobes) ? r_.maxComponent() : 0.0f;
    const float transmit = allowsTransmission(lobes) ? t_.maxComponent() : 0.0f;
    return reflect + transmit > 0 ? reflect / (reflect + transmit) : -1.0f;
}

float DiffuseBxdf::pdf(Vec3 wo, Vec3 wi, TransportMode, SampleLobes lobes) const {
    const float share = reflectShare(lobes);
    if (share < 0 || wo.z == 0)
        return 0.0f;
    const float cosine = absCosTheta(wi) * std::numbers::inv_pi_v<float>;
    return cosine * (sameHemisphere(wo, wi) ? share : 1 - share);
}

std::optional<BxdfSample> DiffuseBxdf::sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                              SampleLobes lobes) const {
    const float share = reflectShare(lobes);
    if (share < 0 || wo.z == 0)
        return std::nullopt;
    Vec3 wi = cosineHemisphere(u);
    const bool reflect = uc < share;
    // Reflection stays on wo's side, transmission goes to the other.
    if ((wo.z < 0) == reflect)
        wi.z = -wi.z;
    const float density = pdf(wo, wi, mode, lobes);
    if (density <= 0 || wi.z == 0)
        return std::nullopt;
    return BxdfSample{wi, f(wo, wi, mode), density, false, 1.0f};
}

Color DiffuseBxdf::albedo() const {
    const Color sum = r_ + t_;
    return {std::min(sum.r, 1.0f), std::min(sum.g, 1.0f), std::min(sum.b, 1.0f)};
}

} // namespace lrt
