// Recursive path tracing: each vertex adds its emission (MIS-weighted when a BSDF sample found
// it), then direct light, then continues along one sampled direction.
#include "renderer/integrators/path.h"

#include "renderer/core/scene_error.h"
#include "renderer/integrators/surface_interaction.h"
#include "renderer/lightsamplers/light_sampler.h"
#include "renderer/sampling/warp.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <numbers>

namespace lrt {

namespace {

constexpr int kRouletteStart = 3;

const ParameterSpec kParameters[] = {
    {"maxdepth", ValueKind::Integer, 5, kInteger.atLeast(1).atMost(1000),
     "bounces per path: 1 is direct light only"},
    {"strategy",
     ValueKind::String,
     std::string_view("mis"),
     {},
     "multiple importance sampling, or light or BSDF sampling alone, for comparisons",
     [] {
         return std::vector<std::string_view>{"mis", "light", "bsdf"};
     }},
    lightSamplerParameter("bvh"),
};

std::unique_ptr<Integrator> create(const Parameters& p) {
    const std::string strategy = p.getString("strategy");
    return std::make_unique<PathIntegrator>(p.getInteger("maxdepth"),
                                            strategy == "light"  ? PathStrategy::Light
                                            : strategy == "bsdf" ? PathStrategy::Bsdf
                                                                 : PathStrategy::Mis,
                                            lightSamplerOf(p));
}

} // namespace

const IntegratorEntry PathIntegrator::registryEntry{{"path", kParameters}, &create};

float PathIntegrator::bsdfHitWeight(float bsdfPdf, float lightPdf) const {
    switch (strategy_) {
    case PathStrategy::Mis:
        return powerHeuristic(bsdfPdf, lightPdf);
    case PathStrategy::Light:
        return 0.0f; // light sampling already counted it
    case PathStrategy::Bsdf:
        return 1.0f;
    }
    return 0.0f;
}

Color PathIntegrator::radiance(const Scene& scene, const Ray& ray, SampleContext& context) const {
    return trace(scene, ray, context, Arrival{});
}

Color PathIntegrator::escaped(const Scene& scene, const Ray& ray, const Arrival& arrival) const {
    // Camera rays and mirror-like bounces see the background (or environment); other rays see
    // only the environment, which the background is not: it lights nothing.
    if (arrival.delta)
        return arrival.countsEmission ? scene.escaped(ray.direction) : Color{};
    if (!arrival.countsEmission)
        return {};
    Color sum;
    const auto& infinite = scene.infiniteLights();
    for (std::size_t i = 0; i < infinite.size(); ++i) {
        float lightPdf = infinite[i]->pdf(ray.direction);
        if (arrival.sampler)
            lightPdf *= arrival.sampler->pmf(arrival.from, scene.infiniteEmitters()[i]);
        sum += infinite[i]->radiance(ray.direction) * bsdfHitWeight(arrival.pdf, lightPdf);
    }
    return sum;
}

Color PathIntegrator::emitted(const Scene& scene, const Intersection& hit,
                              const ShadingPoint& point, const Arrival& arrival) const {
    const Primitive& primitive = *hit.primitive;
    if (!primitive.areaLight || !arrival.countsEmission)
        return {};
    const Color L =
        primitive.areaLight->emitted(point.entering, *primitive.shape, textureContext(point));
    if (arrival.delta || L.isBlack())
        return L;
    // The density light sampling would have found this point with: the sampler's probability of
    // the emitter times the emitter's own density, or the whole light's where every light is
    // visited.
    float lightPdf = 0;
    if (arrival.sampler) {
        const int index = scene.emitterAt(hit);
        if (const float pmf = arrival.sampler->pmf(arrival.from, index); pmf > 0)
            lightPdf = pmf * primitive.areaLight->pdfOfPiece(
                                 arrival.from.p, hit.p, hit.normal, *primitive.shape,
                                 scene.emitters()[static_cast<std::size_t>(index)].piece,
                                 hit.shapePrimitive, hit.local);
    } else {
        lightPdf = primitive.areaLight->pdfAt(arrival.from.p, hit.p, hit.normal, *primitive.shape,
                                              hit.shapePrimitive, hit.local);
    }
    return L * bsdfHitWeight(arrival.pdf, lightPdf);
}

Color PathIntegrator::trace(const Scene& scene, const Ray& ray, SampleContext& context,
                            const Arrival& arrival) const {
    const auto hit = scene.intersect(ray);
    if (!hit)
        return escaped(scene, ray, arrival);
    const Primitive& primitive = *hit->primitive;
    const Material& material = *primitive.material;
    ShadingPoint point = shadingPoint(*hit, ray);
    if (arrival.bounce == 0 && std::isinf(context.firstHit.depth))
        recordFirstHit(context, *hit, point);
    // An SL shader's trace continues the path as a delta bounce would.
    const auto deeper = [&](const Ray& next) -> Color {
        if (arrival.bounce + 1 > maxDepth_)
            return {};
        ++context.counters.secondary;
        return trace(scene, next, context, {arrival.bounce + 1, true, true, 0.0f, {hit->p, {}}});
    };
    ShadingContext shading(arrival.bounce, context.stream, deeper,
                           arrival.bounce == 0 ? context.recorder : nullptr);
    point.context = &shading;

    Color L = emitted(scene, *hit, point, arrival) + material.unlit(point);
    if (arrival.bounce < maxDepth_) {
        const LightSampling sampling = material.isProgrammable()        ? LightSampling::All
                                       : strategy_ == PathStrategy::Mis ? LightSampling::AllWithMis
                                       : strategy_ == PathStrategy::Light
                                           ? LightSampling::All
                                           : LightSampling::DeltaLightsOnly;
        L += directLighting(scene, *hit, point, context, sampling);
        L += indirect(scene, *hit, point, context, arrival);
    }
    // What lies behind arrives along the same ray, so it keeps the way this vertex was reached
    // for MIS; it is one bounce further, as maxdepth counts.
    const auto behind = [&](const Ray& through) -> Color {
        if (arrival.bounce + 1 > maxDepth_)
            return {};
        ++context.counters.secondary;
        Arrival further = arrival;
        ++further.bounce;
        return trace(scene, through, context, further);
    };
    return overWhatLiesBehind(L, primitive, point, ray, behind);
}

Color PathIntegrator::indirect(const Scene& scene, const Intersection& hit,
                               const ShadingPoint& point, SampleContext& context,
                               const Arrival& arrival) const {
    const Material& material = *hit.primitive->material;
    const Vec2 u = context.sample2D(SampleDimension::bsdf(arrival.bounce));
    const Vec2 choice = context.sample2D(SampleDimension::lobeAndRoulette(arrival.bounce));
    const float uLobe = choice.x, uRoulette = choice.y;
    if (material.isProgrammable()) {
        // SL: one cosine-sampled direction, its radiance handed to the program as a light with
        // dE = Li / (pi pdf). Direct light was counted by next-event estimation, so the next
        // vertex leaves emission out.
        const Vec3 wi = aroundNormal(cosineHemisphere(u), point.shadingNormal);
        const float pdf = std::fmax(0.0f, dot(point.shadingNormal, wi)) / std::numbers::pi_v<float>;
        if (pdf <= 0 || dot(point.normal, wi) <= 0)
            return {};
        float survival = 1;
        if (arrival.bounce + 1 >= kRouletteStart) {
            survival = 0.8f;
            if (uRoulette >= survival)
                return {};
        }
        ++context.counters.secondary;
        const Ray next{offsetOrigin(point.p, point.normal, wi), wi};
        const Color Li =
            trace(scene, next, context, {arrival.bounce + 1, false, false, pdf, {point.p, {}}}) /
            survival;
        return material.reflected(point, wi, Li / pdf);
    }
    const auto sample = material.sampleBsdf(point, u, uLobe);
    if (!sample || sample->weight.isBlack())
        return {};
    Color weight = sample->weight;
    if (arrival.bounce + 1 >= kRouletteStart) {
        const float survival = std::min(0.95f, std::sqrt(weight.maxComponent()));
        if (uRoulette >= survival)
            return {};
        weight = weight / survival;
    }
    ++context.counters.secondary;
    const Ray next{offsetOrigin(point.p, point.normal, sample->wi), sample->wi};
    return weight * trace(scene, next, context,
                          {arrival.bounce + 1, true, sample->delta, sample->pdf,
                           lightSampleContext(point, material),
                           context.lightSamplers.at(hit.primitive->lightList)});
}

} // namespace lrt
