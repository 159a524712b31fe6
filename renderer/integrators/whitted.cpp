#include "renderer/integrators/whitted.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace lrt {

// SL's view of the integrator at one hit: trace recurses one level deeper.
class WhittedShadingContext final : public ShadingContext {
public:
    WhittedShadingContext(const WhittedIntegrator& integrator, const Scene& scene,
                          SampleContext& sample, int depth)
        : integrator_(integrator), scene_(scene), sample_(sample), depth_(depth) {}
    Color trace(const Ray& ray) override {
        if (depth_ + 1 >= integrator_.maxDepth_ || depth_ >= scene_.options().slTraceDepth)
            return {};
        ++sample_.counters.secondary;
        return integrator_.trace(scene_, ray, sample_, depth_ + 1);
    }
    int depth() const override { return depth_; }
    float random() override { return sample_.stream.next(); }

private:
    const WhittedIntegrator& integrator_;
    const Scene& scene_;
    SampleContext& sample_;
    int depth_;
};

Color WhittedIntegrator::trace(const Scene& scene, const Ray& ray, SampleContext& context,
                               int depth) const {
    const auto hit = scene.intersect(ray);
    if (!hit)
        return scene.escaped(ray.direction);
    const Primitive& primitive = *hit->primitive;

    ShadingPoint point = shadingPoint(*hit, ray);
    if (depth == 0)
        recordFirstHit(context, *hit, point);
    WhittedShadingContext shading(*this, scene, context, depth);
    point.context = &shading;

    Color L;
    if (primitive.areaLight)
        L += primitive.areaLight->emitted(point.entering, !primitive.shape->oneSided());
    L += primitive.material->unlit(point);
    L += directLighting(scene, *hit, point, context, LightSampling::All);

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
