// Whitted-style recursion: every ray a hit spawns (specular, see-through, an SL shader's trace)
// is one more surface hit, up to maxdepth.
#include "renderer/integrators/whitted.h"

#include "renderer/integrators/surface_interaction.h"
#include "renderer/lightsamplers/light_sampler.h"

#include <array>
#include <cmath>

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"maxdepth", ValueKind::Integer, 5, kInteger.atLeast(1).atMost(1000),
     "surface hits per camera path, the camera's own included"},
    lightSamplerParameter("all"),
};

std::unique_ptr<Integrator> create(const Parameters& p) {
    return std::make_unique<WhittedIntegrator>(p.getInteger("maxdepth"), lightSamplerOf(p));
}

} // namespace

const IntegratorEntry WhittedIntegrator::registryEntry{{"whitted", kParameters}, &create};

Color WhittedIntegrator::trace(const Scene& scene, const Ray& ray, SampleContext& context,
                               int depth) const {
    const auto hit = scene.intersect(ray);
    if (!hit)
        return scene.escaped(ray.direction);
    const Primitive& primitive = *hit->primitive;

    ShadingPoint point = shadingPoint(*hit, ray);
    if (depth == 0)
        recordFirstHit(context, *hit, point);
    const auto deeper = [&](const Ray& next) -> Color {
        if (depth + 1 >= maxDepth_)
            return {};
        ++context.counters.secondary;
        return trace(scene, next, context, depth + 1);
    };
    ShadingContext shading(depth, context.stream, deeper, depth == 0 ? context.recorder : nullptr);
    point.context = &shading;

    Color L;
    if (primitive.areaLight)
        L += primitive.areaLight->emitted(point.entering, *primitive.shape, textureContext(point));
    L += primitive.material->unlit(point);
    L += directLighting(scene, *hit, point, context, LightSampling::All);

    std::array<SpecularRay, 2> rays;
    const int count = depth + 1 < maxDepth_ ? primitive.material->specular(point, rays) : 0;
    for (int i = 0; i < count; ++i)
        if (!rays[i].weight.isBlack())
            L += rays[i].weight * deeper({offsetOrigin(point.p, point.normal, rays[i].direction),
                                          rays[i].direction, 0.0f, INFINITY});
    return overWhatLiesBehind(L, primitive, point, ray, deeper);
}

} // namespace lrt
