#include "renderer/materials/thin_dielectric_bxdf.h"

#include "renderer/materials/fresnel.h"

namespace lrt {

float ThinDielectricBxdf::reflectance(Vec3 wo) const {
    float R = fresnelDielectric(absCosTheta(wo), eta_);
    if (R < 1) {
        const float T = 1 - R;
        R += T * T * R / (1 - R * R);
    }
    return R;
}

std::optional<BxdfSample> ThinDielectricBxdf::sample(Vec3 wo, float uc, Vec2, TransportMode,
                                                     SampleLobes lobes) const {
    const float R = reflectance(wo), T = 1 - R;
    const float reflect = allowsReflection(lobes) ? R : 0.0f;
    const float transmit = allowsTransmission(lobes) ? T : 0.0f;
    if (reflect + transmit == 0 || wo.z == 0)
        return std::nullopt;
    const float share = reflect / (reflect + transmit);
    if (uc < share) {
        const Vec3 wi{-wo.x, -wo.y, wo.z};
        return BxdfSample{wi, Color(R / absCosTheta(wi)), share, true, 1.0f};
    }
    const Vec3 wi = -wo;
    return BxdfSample{wi, Color(T / absCosTheta(wi)), 1 - share, true, 1.0f};
}

int ThinDielectricBxdf::deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const {
    if (wo.z == 0)
        return 0;
    const float R = reflectance(wo);
    int count = 0;
    if (R > 0)
        lobes[static_cast<std::size_t>(count++)] = {
            {-wo.x, -wo.y, wo.z}, Color(R), 1.0f, true, 1.0f};
    if (R < 1)
        lobes[static_cast<std::size_t>(count++)] = {-wo, Color(1 - R), 1.0f, true, 1.0f};
    return count;
}

} // namespace lrt
