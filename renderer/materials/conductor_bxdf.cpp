#include "renderer/materials/conductor_bxdf.h"

#include "renderer/materials/fresnel.h"

namespace lrt {

Color ConductorBxdf::f(Vec3 wo, Vec3 wi, TransportMode) const {
    if (!sameHemisphere(wo, wi) || distribution_.effectivelySmooth())
        return {};
    const float cosThetaO = absCosTheta(wo), cosThetaI = absCosTheta(wi);
    Vec3 wm = wi + wo;
    if (cosThetaI == 0 || cosThetaO == 0 || lengthSquared(wm) == 0)
        return {};
    wm = normalize(wm);
    const Color F = fresnelConductor(std::fabs(dot(wo, wm)), eta_, k_);
    return F * (distribution_.distribution(wm) * distribution_.maskingShadowing(wo, wi) /
                (4 * cosThetaI * cosThetaO));
}

float ConductorBxdf::pdf(Vec3 wo, Vec3 wi, TransportMode, SampleLobes lobes) const {
    if (!allowsReflection(lobes) || !sameHemisphere(wo, wi) || distribution_.effectivelySmooth())
        return 0.0f;
    Vec3 wm = wo + wi;
    if (lengthSquared(wm) == 0)
        return 0.0f;
    wm = normalize(wm);
    if (wm.z < 0)
        wm = -wm;
    return distribution_.pdf(wo, wm) / (4 * std::fabs(dot(wo, wm)));
}

std::optional<BxdfSample> ConductorBxdf::sample(Vec3 wo, float, Vec2 u, TransportMode,
                                                SampleLobes lobes) const {
    if (!allowsReflection(lobes) || wo.z == 0)
        return std::nullopt;
    if (distribution_.effectivelySmooth()) {
        const Vec3 wi{-wo.x, -wo.y, wo.z};
        return BxdfSample{wi, fresnelConductor(absCosTheta(wi), eta_, k_) / absCosTheta(wi), 1.0f,
                          true, 1.0f};
    }
    const Vec3 wm = distribution_.sampleVisibleNormal(wo, u);
    const Vec3 wi = reflectAbout(wo, wm);
    if (!sameHemisphere(wo, wi))
        return std::nullopt;
    const float cosThetaO = absCosTheta(wo), cosThetaI = absCosTheta(wi);
    if (cosThetaI == 0)
        return std::nullopt;
    const float D = distribution_.distribution(wm);
    const float density = distribution_.masking(wo) / cosThetaO * D / 4;
    const Color F = fresnelConductor(std::fabs(dot(wo, wm)), eta_, k_);
    return BxdfSample{
        wi, F * (D * distribution_.maskingShadowing(wo, wi) / (4 * cosThetaI * cosThetaO)), density,
        false, 1.0f};
}

int ConductorBxdf::deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const {
    if (!distribution_.effectivelySmooth() || wo.z == 0)
        return 0;
    lobes[0] = {
        {-wo.x, -wo.y, wo.z}, fresnelConductor(absCosTheta(wo), eta_, k_), 1.0f, true, 1.0f};
    return 1;
}

Color ConductorBxdf::albedo() const {
    return fresnelConductor(1.0f, eta_, k_);
}

} // namespace lrt
