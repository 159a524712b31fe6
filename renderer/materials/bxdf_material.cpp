#include "renderer/materials/bxdf_material.h"

namespace lrt {

ShadingFrame ShadingFrame::at(const ShadingPoint& point) {
    ShadingFrame frame;
    frame.z = point.entering ? point.shadingNormal : -point.shadingNormal;
    Vec3 tangent{};
    if (point.local && point.objectToWorld) {
        const Vec3 dpdu = point.objectToWorld->vector(point.local->dpdu);
        tangent = dpdu - frame.z * dot(frame.z, dpdu);
    }
    if (lengthSquared(tangent) > 1e-12f) {
        frame.x = normalize(tangent);
        frame.y = cross(frame.z, frame.x);
    } else {
        orthonormalBasis(frame.z, frame.x, frame.y);
    }
    return frame;
}

namespace {

// Whether wi may carry light scattered at `point` by a lobe that reflects (wo, wi on one side of
// the shading frame) or transmits: only to the same side of the geometric surface as wo for
// reflection, only to the other for transmission.
bool geometricallyConsistent(const ShadingPoint& point, Vec3 wi, Vec3 woLocal, Vec3 wiLocal) {
    return (dot(point.normal, wi) > 0) == sameHemisphere(woLocal, wiLocal);
}

} // namespace

Color BxdfMaterial::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    const ShadingFrame frame = ShadingFrame::at(point);
    const Vec3 woLocal = frame.toLocal(point.wo), wiLocal = frame.toLocal(wi);
    if (!geometricallyConsistent(point, wi, woLocal, wiLocal))
        return {};
    Color value;
    withBxdf(point,
             [&](const Bxdf& bxdf) { value = bxdf.f(woLocal, wiLocal, TransportMode::Radiance); });
    return value * E * absCosTheta(wiLocal);
}

int BxdfMaterial::specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const {
    const ShadingFrame frame = ShadingFrame::at(point);
    const Vec3 woLocal = frame.toLocal(point.wo);
    int count = 0;
    withBxdf(point, [&](const Bxdf& bxdf) {
        std::array<BxdfSample, 2> lobes;
        const int n = bxdf.deltaLobes(woLocal, lobes);
        for (int i = 0; i < n; ++i) {
            const BxdfSample& lobe = lobes[static_cast<std::size_t>(i)];
            const Vec3 wi = frame.toWorld(lobe.wi);
            if (!geometricallyConsistent(point, wi, woLocal, lobe.wi))
                continue;
            rays[static_cast<std::size_t>(count++)] = {wi, lobe.f, lobe.isTransmission(woLocal)};
        }
    });
    return count;
}

Color BxdfMaterial::albedo(const ShadingPoint& point) const {
    Color value;
    withBxdf(point, [&](const Bxdf& bxdf) { value = bxdf.albedo(); });
    return value;
}

std::optional<BsdfSample> BxdfMaterial::sampleBsdf(const ShadingPoint& point, Vec2 u,
                                                   float uLobe) const {
    const ShadingFrame frame = ShadingFrame::at(point);
    const Vec3 woLocal = frame.toLocal(point.wo);
    std::optional<BsdfSample> result;
    withBxdf(point, [&](const Bxdf& bxdf) {
        const auto s = bxdf.sample(woLocal, uLobe, u, TransportMode::Radiance, SampleLobes::All);
        if (!s || s->pdf <= 0 || s->wi.z == 0)
            return;
        const Vec3 wi = frame.toWorld(s->wi);
        if (!geometricallyConsistent(point, wi, woLocal, s->wi))
            return;
        const Color weight = s->f * (absCosTheta(s->wi) / s->pdf);
        if (!weight.isFinite())
            return;
        // A random walk's pdf is only proportional to its density; MIS needs the density.
        const float density =
            s->delta ? 0.0f
            : s->pdfIsProportional
                ? bxdf.pdf(woLocal, s->wi, TransportMode::Radiance, SampleLobes::All)
                : s->pdf;
        result = BsdfSample{wi, weight, density, s->delta};
    });
    return result;
}

float BxdfMaterial::bsdfPdf(const ShadingPoint& point, Vec3 wi) const {
    const ShadingFrame frame = ShadingFrame::at(point);
    const Vec3 woLocal = frame.toLocal(point.wo), wiLocal = frame.toLocal(wi);
    if (!geometricallyConsistent(point, wi, woLocal, wiLocal))
        return 0.0f;
    float density = 0;
    withBxdf(point, [&](const Bxdf& bxdf) {
        density = bxdf.pdf(woLocal, wiLocal, TransportMode::Radiance, SampleLobes::All);
    });
    return density;
}

} // namespace lrt
