// What both integrators do at a surface point: the shading frame, ray offsets, shadow rays
// through partially transparent surfaces, and direct lighting from every light.
#include "renderer/integrators/surface_interaction.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

// pbrt's ray-differential footprint: where the neighbouring pixels' rays meet the tangent plane,
// expressed in the surface's texture coordinates.
void textureFootprint(const Intersection& hit, const Ray& ray, ShadingPoint& point) {
    const Vec3 n = hit.normal;
    const float d = dot(n, hit.p);
    const float denominatorX = dot(n, ray.rxDirection), denominatorY = dot(n, ray.ryDirection);
    if (denominatorX == 0 || denominatorY == 0)
        return;
    const Vec3 px = ray.rxOrigin + ray.rxDirection * ((d - dot(n, ray.rxOrigin)) / denominatorX);
    const Vec3 py = ray.ryOrigin + ray.ryDirection * ((d - dot(n, ray.ryOrigin)) / denominatorY);
    const Vec3 dpdx = px - hit.p, dpdy = py - hit.p;
    point.dpdx = dpdx;
    point.dpdy = dpdy;
    const Vec3 dpds = hit.objectToWorld.vector(hit.local.dpds),
               dpdt = hit.objectToWorld.vector(hit.local.dpdt);
    // Solve dp = ds dpds + dt dpdt in the two coordinates the normal leaves most room in.
    const float ax = std::fabs(n.x), ay = std::fabs(n.y), az = std::fabs(n.z);
    const int i = ax > ay && ax > az ? 1 : 0, j = ax > ay && ax > az ? 2 : (ay > az ? 2 : 1);
    const float a00 = dpds[i], a01 = dpdt[i], a10 = dpds[j], a11 = dpdt[j];
    const float determinant = a00 * a11 - a01 * a10;
    if (std::fabs(determinant) < 1e-20f)
        return;
    auto solve = [&](Vec3 dp, float& ds, float& dt) {
        ds = (a11 * dp[i] - a01 * dp[j]) / determinant;
        dt = (a00 * dp[j] - a10 * dp[i]) / determinant;
        if (!std::isfinite(ds) || !std::isfinite(dt))
            ds = dt = 0;
    };
    solve(dpdx, point.dsdx, point.dtdx);
    solve(dpdy, point.dsdy, point.dtdy);
}

// The shading normal a tangent-space normal map gives: its texel (2 rgb - 1, x and y times
// `scale`) in the frame of increasing s, the image's up (decreasing t: lrt's t runs down the image)
// and the surface's shading normal, as glTF and OBJ normal maps are drawn.
Vec3 mappedNormal(const Intersection& hit, Color texel, float scale) {
    const Vec3 n = hit.shadingNormal;
    const auto across = [&](Vec3 v, Vec3 axis) { return v - axis * dot(axis, v); };
    const Vec3 t = across(hit.objectToWorld.vector(hit.local.dpds), n);
    if (lengthSquared(t) == 0)
        return n;
    const Vec3 tangent = normalize(t);
    Vec3 up = across(across(-hit.objectToWorld.vector(hit.local.dpdt), n), tangent);
    up = lengthSquared(up) > 0 ? normalize(up) : cross(n, tangent);
    const Vec3 m = tangent * ((2 * texel.r - 1) * scale) + up * ((2 * texel.g - 1) * scale) +
                   n * (2 * texel.b - 1);
    return lengthSquared(m) > 0 ? normalize(m) : n;
}

} // namespace

ShadingPoint shadingPoint(const Intersection& hit, const Ray& ray) {
    ShadingPoint point;
    point.p = hit.p;
    point.wo = -ray.direction;
    point.entering = dot(hit.normal, point.wo) >= 0;
    point.normal = point.entering ? hit.normal : -hit.normal;
    Vec3 shading = hit.shadingNormal;
    if (const ColorTexture* map = hit.primitive->normalMap)
        shading = mappedNormal(hit, map->evaluate({hit.local.st, 0, 0, 0, 0, hit.p, hit.normal}),
                               hit.primitive->normalScale);
    point.shadingNormal = dot(shading, point.normal) >= 0 ? shading : -shading;
    point.color = !point.entering && hit.local.backVertexColor
                      ? *hit.local.backVertexColor
                      : hit.local.vertexColor.value_or(hit.primitive->color);
    point.local = &hit.local;
    point.objectToWorld = &hit.objectToWorld;
    if (ray.hasDifferentials)
        textureFootprint(hit, ray, point);
    if (const ColorTexture* texture = hit.primitive->colorTexture)
        point.color *= texture->evaluate(textureContext(point));
    return point;
}

Color transmittance(const Scene& scene, Vec3 origin, Vec3 direction, float distance,
                    RayCounters& counters) {
    ++counters.shadow;
    if (!scene.hasTranslucency())
        return scene.occluded({origin, direction, 0.0f, distance}) ? Color{} : Color{1, 1, 1};
    Color through{1, 1, 1};
    Ray ray{origin, direction, 0.0f, distance};
    for (int layer = 0; layer < 64; ++layer) {
        const auto hit = scene.intersect(ray);
        if (!hit)
            return through;
        through *= Color{1, 1, 1} - hit->primitive->opacity;
        if (through.isBlack())
            return {};
        ray.origin = offsetOrigin(hit->p, hit->normal, direction);
        ray.tMax = std::isinf(distance) ? distance
                                        : std::max(0.0f, distance - length(ray.origin - origin));
        ++counters.shadow;
    }
    return {};
}

Color overWhatLiesBehind(Color L, const Primitive& primitive, const ShadingPoint& point,
                         const Ray& ray, FunctionRef<Color(const Ray&)> behind) {
    const Color opacity = primitive.opacity;
    if (opacity == Color{1, 1, 1})
        return L;
    const Ray through{offsetOrigin(point.p, point.normal, ray.direction), ray.direction, 0.0f,
                      INFINITY};
    return L * opacity + behind(through) * (Color{1, 1, 1} - opacity);
}

void recordFirstHit(SampleContext& context, const Intersection& hit, const ShadingPoint& point) {
    context.firstHit = {hit.primitive->material->albedo(point), point.shadingNormal, hit.t};
}

namespace {

// One light sample, of a light picked with probability pmf (1 where every light is visited),
// reflected at `point` with its shadow ray. `counted` tells whether the light reached the
// program or material at all.
Color reflectedSample(const Scene& scene, const Material& material, const ShadingPoint& point,
                      SampleContext& context, LightSampling sampling, const LightSample& sample,
                      float pmf, bool& counted) {
    const bool programmable = material.isProgrammable();
    counted = false;
    if ((sample.E.isBlack() && !programmable) ||
        (sampling == LightSampling::DeltaLightsOnly && sample.pdf > 0))
        return {};
    counted = true;
    const Color E = sample.E / pmf;
    // Built-in surfaces are asked first, so that light they do not reflect costs no shadow
    // ray; programs see the light as it arrives, shadowed or not.
    const Color reflected = programmable ? Color{} : material.reflected(point, sample.wi, E);
    if (!programmable && reflected.isBlack())
        return {};
    // The shadow ray leaves from just off the surface and aims at the sampled point itself:
    // aiming along wi from the offset origin would pass beside it and could hit the light's
    // own surface first.
    const Vec3 origin = offsetOrigin(point.p, point.normal, sample.wi);
    Vec3 towards = sample.wi;
    float distance = INFINITY;
    if (!std::isinf(sample.distance)) {
        const Vec3 toLight = point.p + sample.wi * sample.distance - origin;
        distance = length(toLight);
        towards = toLight / distance;
        distance *= 1 - 1e-4f;
    }
    const Color through = sample.E.isBlack()
                              ? Color{}
                              : transmittance(scene, origin, towards, distance, context.counters);
    // Against BSDF sampling, light samples of non-delta lights get the power heuristic, with the
    // density the light sampler and the light drew the direction with together.
    const float weight = sampling == LightSampling::AllWithMis && sample.pdf > 0
                             ? powerHeuristic(sample.pdf * pmf, material.bsdfPdf(point, sample.wi))
                             : 1.0f;
    return programmable ? material.reflected(point, sample.wi, E * through)
                        : reflected * through * weight;
}

// Where on light number `index` to sample at `point`: area and infinite lights stratified over
// the pixel's samples, the others exact.
Vec2 lightSampleU(const Light& light, int index, const ShadingPoint& point,
                  SampleContext& context) {
    if (!light.isStratified())
        return {0.5f, 0.5f};
    return context.sample2D(
        SampleDimension::light(point.context ? point.context->depth() : 0, index));
}

} // namespace

Color directLighting(const Scene& scene, const Intersection& hit, const ShadingPoint& point,
                     SampleContext& context, LightSampling sampling) {
    const Material& material = *hit.primitive->material;
    const auto& lights = scene.lights();
    ProgramRecorder* const recorder = point.context ? point.context->recorder() : nullptr;
    const LightSampler* const sampler = context.lightSamplers.at(hit.primitive->lightList);
    Color sum;
    int samples = 0;
    const auto add = [&](const std::optional<LightSample>& sample, float pmf) {
        bool counted = false;
        if (sample)
            sum +=
                reflectedSample(scene, material, point, context, sampling, *sample, pmf, counted);
        samples += counted ? 1 : 0;
    };
    if (sampler) {
        for (const int index : context.lightSamplers.ambientAt(hit.primitive->lightList))
            sum +=
                material.ambient(point, lights[static_cast<std::size_t>(index)]->ambientRadiance());
        const int depth = point.context ? point.context->depth() : 0;
        const float u = context.sample1D(SampleDimension::lightChoice(depth));
        if (const auto picked = sampler->pick(lightSampleContext(point, material), u)) {
            const Emitter& emitter = scene.emitters()[static_cast<std::size_t>(picked->emitter)];
            if (recorder)
                recorder->beginLight(emitter.lightIndex);
            add(emitter.sample(point.p,
                               lightSampleU(*emitter.light, emitter.lightIndex, point, context)),
                picked->pmf);
        }
    } else {
        for (const int index :
             *scene.lightLists()[static_cast<std::size_t>(hit.primitive->lightList)]) {
            const Light& light = *lights[static_cast<std::size_t>(index)];
            if (recorder)
                recorder->beginLight(index);
            if (light.isAmbient()) {
                sum += material.ambient(point, light.ambientRadiance());
                continue;
            }
            add(light.sample(point.p, lightSampleU(light, index, point, context)), 1.0f);
        }
    }
    if (material.isProgrammable() && samples == 0) {
        if (recorder)
            recorder->beginLight(-1);
        sum += material.reflected(point, point.shadingNormal, {});
    }
    return sum;
}

} // namespace lrt
