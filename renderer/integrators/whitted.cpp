#include "renderer/integrators/whitted.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace lrt {

Vec3 offsetOrigin(Vec3 p, Vec3 normal, Vec3 direction) {
    // Scaled to the coordinates' magnitude so that float rounding of the hit point is covered.
    const float magnitude = std::max({1.0f, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    const float epsilon = 2e-4f * magnitude;
    return p + normal * (dot(normal, direction) >= 0 ? epsilon : -epsilon);
}

Color WhittedIntegrator::transmittance(const Scene& scene, Vec3 origin, Vec3 direction,
                                       float distance, RayCounters& counters) const {
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

Color WhittedIntegrator::directLight(const Scene& scene, const Intersection& hit,
                                     const ShadingPoint& point, SampleContext& context) const {
    const Material& material = *hit.primitive->material;
    const auto& lights = scene.lights();
    Color sum;
    for (const int index : *hit.primitive->lights) {
        const Light& light = *lights[static_cast<std::size_t>(index)];
        if (light.isAmbient()) {
            sum += material.ambient(point, light.ambientRadiance());
            continue;
        }
        const Vec2 u =
            light.isArea()
                ? context.strata.rotated(context.sampleIndex, context.stream.next2D(),
                                         context.pixel, static_cast<std::uint64_t>(index) + 1)
                : Vec2{0.5f, 0.5f};
        const auto sample = light.sample(point.p, u);
        if (!sample || sample->E.isBlack())
            continue;
        const Color reflected = material.reflected(point, sample->wi, sample->E);
        if (reflected.isBlack())
            continue;
        const Vec3 origin = offsetOrigin(point.p, point.normal, sample->wi);
        const float distance = std::isinf(sample->distance)
                                   ? INFINITY
                                   : sample->distance * (1 - 1e-4f) - length(origin - point.p);
        sum += reflected *
               transmittance(scene, origin, sample->wi, std::max(0.0f, distance), context.counters);
    }
    return sum;
}

Color WhittedIntegrator::trace(const Scene& scene, const Ray& ray, SampleContext& context,
                               int depth) const {
    const auto hit = scene.intersect(ray);
    if (!hit)
        return scene.background();
    const Primitive& primitive = *hit->primitive;

    ShadingPoint point;
    point.p = hit->p;
    point.wo = -ray.direction;
    point.entering = dot(hit->normal, point.wo) >= 0;
    point.normal = point.entering ? hit->normal : -hit->normal;
    point.shadingNormal =
        dot(hit->shadingNormal, point.normal) >= 0 ? hit->shadingNormal : -hit->shadingNormal;
    point.color = hit->local.vertexColor.value_or(primitive.color);
    point.local = hit->local;
    point.objectToWorld = &hit->objectToWorld;

    Color L;
    if (primitive.areaLight)
        L += primitive.areaLight->emitted(point.entering, !primitive.shape->oneSided());
    L += primitive.material->unlit(point);
    L += directLight(scene, *hit, point, context);

    if (depth + 1 < maxDepth_) {
        std::array<SpecularRay, 2> rays;
        const int count = primitive.material->specular(point, rays);
        for (int i = 0; i < count; ++i) {
            if (rays[i].weight.isBlack())
                continue;
            ++context.counters.secondary;
            const Ray next{offsetOrigin(point.p, point.normal, rays[i].direction),
                           rays[i].direction, 0.0f, INFINITY};
            L += rays[i].weight * trace(scene, next, context, depth + 1);
        }
    }

    if (primitive.opacity != Color{1, 1, 1}) {
        // What lies behind shows through in proportion to the transparency.
        Color behind;
        if (depth + 1 < maxDepth_) {
            ++context.counters.secondary;
            const Ray through{offsetOrigin(point.p, point.normal, ray.direction), ray.direction,
                              0.0f, INFINITY};
            behind = trace(scene, through, context, depth + 1);
        }
        L = L * primitive.opacity + behind * (Color{1, 1, 1} - primitive.opacity);
    }
    return L;
}

} // namespace lrt
