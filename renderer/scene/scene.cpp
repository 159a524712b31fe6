// Hit resolution: Embree's (geometry, primitive, u, v, Ng) back to world-space geometry.
#include "renderer/scene/scene.h"

#include "renderer/lights/mesh_light_pieces.h"
#include "renderer/sampling/sample_stream.h"

#include <algorithm>
#include <cmath>

namespace lrt {

ShapeHit objectSpaceHit(const RayHit& hit, Vec3 worldPoint, const Transform& objectToWorld,
                        const Shape& shape) {
    return {hit.primitive, hit.u, hit.v, objectToWorld.inverse().point(worldPoint),
            shape.objectToScene().inverse().normal(hit.normal)};
}

namespace {

// The surface derivatives are read by texture footprints, normal maps, SL programs and
// anisotropic materials only: a plain surface's hit skips them.
bool readsSurfaceDerivatives(const Primitive& primitive) {
    return primitive.colorTexture || primitive.normalMap || primitive.material->isProgrammable() ||
           primitive.material->usesTextureFootprint() || primitive.material->readsTangents();
}

} // namespace

int Scene::emitterAt(const Intersection& hit) const {
    const int first = hit.primitive->emitter;
    const Emitter& emitter = parts_.emitters[static_cast<std::size_t>(first)];
    if (emitter.piece < 0)
        return first;
    // A mesh's emitters are its light pieces, in order, starting with its first.
    return first +
           static_cast<int>(emitter.area->piecesOf(*emitter.shape)->pieceOf(hit.shapePrimitive));
}

namespace {

// Whether the surface is cut away where `ray` hit it.
bool cutAway(const Cutout& cutout, const Intersection& hit, const Ray& ray) {
    TextureContext context;
    context.st = hit.local.st;
    context.p = hit.p;
    context.n = hit.normal;
    const float alpha = cutout.alpha->evaluate(context).r;
    if (cutout.cutoff >= 0)
        return alpha < cutout.cutoff;
    if (alpha >= 1)
        return false;
    if (alpha <= 0)
        return true;
    // pbrt-v4 keeps the hit when a hash of the ray, uniform in [0, 1), is below alpha.
    const std::uint64_t h = hashFloats({ray.origin.x, ray.origin.y, ray.origin.z, ray.direction.x,
                                        ray.direction.y, ray.direction.z, hit.t});
    return static_cast<float>(h >> 40) * 0x1p-24f >= alpha;
}

// Cut-away surfaces a ray passes through before it gives up (and misses): a bound on the work a
// stack of holes can cost, far beyond any real scene's layers.
constexpr int kMaxCutLayers = 256;

} // namespace

std::optional<Intersection> Scene::intersect(const Ray& ray) const {
    Ray remaining = ray;
    for (int layer = 0; layer < kMaxCutLayers; ++layer) {
        RayHit hit;
        if (!lrt::intersect(parts_.root->get(), remaining, hit, refusedRays_))
            return std::nullopt;
        Intersection result = resolve(hit, ray);
        const Cutout& cutout = result.primitive->cutout;
        if (!cutout.alpha || !cutAway(cutout, result, ray))
            return result;
        // On along the same ray, past this hit: the same ray finds the same t again, which the
        // next query excludes.
        remaining.tMin = std::nextafter(hit.t, INFINITY);
    }
    return std::nullopt;
}

Intersection Scene::resolve(const RayHit& hit, const Ray& ray) const {
    Intersection result;
    result.t = hit.t;
    result.shapePrimitive = hit.primitive;
    if (hit.instance != RTC_INVALID_GEOMETRY_ID && hit.instance < parts_.rootPrimitives.size()) {
        // A big mesh in a BVH of its own, instanced where it is.
        result.primitive = &parts_.rootPrimitives[hit.instance];
        result.objectToWorld = result.primitive->shape->objectToScene();
    } else if (hit.instance != RTC_INVALID_GEOMETRY_ID) {
        const Instance& instance = parts_.instances[hit.instance - parts_.rootPrimitives.size()];
        result.primitive =
            &parts_.prototypePrimitives[static_cast<std::size_t>(instance.prototype)][hit.geometry];
        result.objectToWorld = instance.instanceToWorld * result.primitive->shape->objectToScene();
    } else {
        result.primitive = &parts_.rootPrimitives[hit.geometry];
        result.objectToWorld = result.primitive->shape->objectToScene();
    }
    // The hit point from the ray is as accurate as Embree's t; the surface point from (u, v) is
    // exactly on the surface. Use the ray's, which is what the shadow rays start from.
    result.p = ray.at(hit.t);
    const Shape& shape = *result.primitive->shape;
    const ShapeHit shapeHit = shape.usesHitPoint()
                                  ? objectSpaceHit(hit, result.p, result.objectToWorld, shape)
                                  : ShapeHit{hit.primitive, hit.u, hit.v, {}, {}};
    result.local = readsSurfaceDerivatives(*result.primitive)
                       ? shape.geometryAt(shapeHit)
                       : shape.geometryWithoutDerivativesAt(shapeHit);
    result.normal = normalize(result.objectToWorld.normal(result.local.normal));
    // Without interpolated normals the shading normal is the geometric one: no second transform.
    result.shadingNormal = result.local.shadingNormal == result.local.normal
                               ? result.normal
                               : normalize(result.objectToWorld.normal(result.local.shadingNormal));
    return result;
}

Color Scene::escaped(Vec3 direction) const {
    if (parts_.infiniteLights.empty())
        return parts_.background;
    Color sum;
    for (const Light* light : parts_.infiniteLights)
        sum += light->radiance(direction);
    return sum;
}

bool Scene::needsRayDifferentials() const {
    return std::any_of(parts_.materials.begin(), parts_.materials.end(),
                       [](const auto& material) { return material->usesTextureFootprint(); }) ||
           std::any_of(parts_.colorTextures.begin(), parts_.colorTextures.end(),
                       [](const auto& texture) { return texture->usesFootprint(); });
}

const Integrator& Scene::integratorFor(const std::optional<std::string>& choice) const {
    BuiltIntegrators& built = *parts_.integrators;
    const std::scoped_lock lock(built.mutex);
    std::shared_ptr<const Integrator>& integrator =
        built.byChoice[choice.value_or(parts_.integrator.name)];
    if (!integrator)
        integrator = built.make(choice);
    return *integrator;
}

const LightSamplers& Scene::lightSamplers(const LightSamplerEntry& kind) const {
    const std::scoped_lock lock(parts_.lightSamplers->mutex);
    auto& samplers = parts_.lightSamplers->byKind[kind.name];
    if (!samplers)
        samplers = std::make_unique<const LightSamplers>(parts_.lights, parts_.emitters,
                                                         parts_.lightLists, kind);
    return *samplers;
}

MaterialStatistics Scene::materialStatistics() const {
    MaterialStatistics sum;
    for (const auto& material : parts_.materials)
        sum += material->statistics();
    return sum;
}

std::vector<slvm::Diagnostic> Scene::materialWarnings() const {
    std::vector<slvm::Diagnostic> out;
    for (const auto& material : parts_.materials)
        for (slvm::Diagnostic& d : material->warnings())
            out.push_back(std::move(d));
    return out;
}

} // namespace lrt
