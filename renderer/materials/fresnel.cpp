#include "renderer/materials/fresnel.h"

#include <algorithm>
#include <cmath>

namespace lrt {

float fresnelDielectric(float cosThetaI, float etaI, float etaT) {
    const float sinThetaI = std::sqrt(std::max(0.0f, 1 - cosThetaI * cosThetaI));
    const float sinThetaT = etaI / etaT * sinThetaI;
    if (sinThetaT >= 1)
        return 1;
    const float cosThetaT = std::sqrt(std::max(0.0f, 1 - sinThetaT * sinThetaT));
    const float parallel =
        (etaT * cosThetaI - etaI * cosThetaT) / (etaT * cosThetaI + etaI * cosThetaT);
    const float perpendicular =
        (etaI * cosThetaI - etaT * cosThetaT) / (etaI * cosThetaI + etaT * cosThetaT);
    return (parallel * parallel + perpendicular * perpendicular) / 2;
}

float fresnelDielectric(float cosThetaI, float eta) {
    cosThetaI = std::clamp(cosThetaI, -1.0f, 1.0f);
    if (cosThetaI < 0) {
        eta = 1 / eta;
        cosThetaI = -cosThetaI;
    }
    const float sin2ThetaT = (1 - cosThetaI * cosThetaI) / (eta * eta);
    if (sin2ThetaT >= 1)
        return 1.0f;
    const float cosThetaT = std::sqrt(std::max(0.0f, 1 - sin2ThetaT));
    const float parallel = (eta * cosThetaI - cosThetaT) / (eta * cosThetaI + cosThetaT);
    const float perpendicular = (cosThetaI - eta * cosThetaT) / (cosThetaI + eta * cosThetaT);
    return (parallel * parallel + perpendicular * perpendicular) / 2;
}

// The complex Fresnel equations in real arithmetic (Born and Wolf, Principles of Optics, 14.2):
// with a^2 + b^2 = |(eta + i k)^2 - sin^2|, the s- and p-polarised reflectances. Complex division
// costs a library call per channel on every conductor sample.
float fresnelConductor(float cosThetaI, float eta, float k) {
    const float c = std::clamp(cosThetaI, 0.0f, 1.0f);
    const float cos2 = c * c, sin2 = 1 - cos2;
    const float t0 = eta * eta - k * k - sin2;
    const float a2PlusB2 = std::sqrt(std::max(0.0f, t0 * t0 + 4 * eta * eta * k * k));
    const float a = std::sqrt(std::max(0.0f, (a2PlusB2 + t0) / 2));
    const float t1 = a2PlusB2 + cos2, t2 = 2 * c * a;
    const float s = (t1 - t2) / (t1 + t2);
    const float t3 = cos2 * a2PlusB2 + sin2 * sin2, t4 = t2 * sin2;
    const float p = t3 + t4 > 0 ? s * (t3 - t4) / (t3 + t4) : s;
    return (s + p) / 2;
}

Color fresnelConductor(float cosThetaI, Color eta, Color k) {
    return {fresnelConductor(cosThetaI, eta.r, k.r), fresnelConductor(cosThetaI, eta.g, k.g),
            fresnelConductor(cosThetaI, eta.b, k.b)};
}

Color conductorKOfReflectance(Color r) {
    const auto k = [](float reflectance) {
        const float clamped = std::clamp(reflectance, 0.0f, 0.9999f);
        return 2 * std::sqrt(clamped) / std::sqrt(1 - clamped);
    };
    return {k(r.r), k(r.g), k(r.b)};
}

} // namespace lrt
