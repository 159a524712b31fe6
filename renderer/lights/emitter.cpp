// Cutting lights into emitters, with the bounds and powers the light samplers weigh them by.
#include "renderer/lights/emitter.h"

#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// A shape's scene-space area, from its own area sampler: the mean of 1 / density over a grid of
// samples is the area for any density (exact for uniform ones, close for the quadrics, whose
// density varies smoothly).
float estimatedArea(const Shape& shape) {
    constexpr int kGrid = 8;
    double sum = 0;
    for (int j = 0; j < kGrid; ++j)
        for (int i = 0; i < kGrid; ++i) {
            const AreaSample s = shape.sampleArea(
                {(static_cast<float>(i) + 0.5f) / kGrid, (static_cast<float>(j) + 0.5f) / kGrid});
            if (s.pdf > 0)
                sum += 1.0 / s.pdf;
        }
    return static_cast<float>(sum / (kGrid * kGrid));
}

// An area light's piece of `area`, its normals within `normals`: it sends its radiance into the
// hemisphere of each normal, or both.
LightBounds pieceBounds(const AreaLight& light, const Shape& shape, const Bounds3& box, float area,
                        DirectionCone normals) {
    const bool twoSided = light.emitsFromBack(shape);
    LightBounds b;
    b.bounds = box;
    b.power = strength(light.emittedRadiance()) * area * kPi * (twoSided ? 2.0f : 1.0f);
    b.normals = normals;
    b.cosThetaE = 0; // Lambertian emission: up to the plane
    b.twoSided = twoSided;
    return b;
}

void addAreaEmitters(const AreaLight& light, int lightIndex, std::vector<Emitter>& emitters) {
    for (const Shape* shape : light.shapes()) {
        Emitter e;
        e.light = e.area = &light;
        e.lightIndex = lightIndex;
        e.shape = shape;
        if (const MeshLightPieces* pieces = light.piecesOf(*shape)) {
            for (unsigned piece = 0; piece < pieces->count(); ++piece) {
                const auto normal = pieces->frontNormal(piece);
                e.piece = static_cast<int>(piece);
                e.bounds = pieceBounds(light, *shape, pieces->bounds(piece), pieces->area(piece),
                                       normal ? DirectionCone{*normal, 1.0f}
                                              : DirectionCone::everyDirection());
                e.power = e.bounds->power;
                emitters.push_back(e);
            }
            continue;
        }
        // Other shapes are curved: their normals are bounded by every direction.
        e.bounds = pieceBounds(light, *shape, shape->sceneBounds(), estimatedArea(*shape),
                               DirectionCone::everyDirection());
        e.power = e.bounds->power;
        emitters.push_back(e);
    }
}

} // namespace

std::vector<Emitter> makeEmitters(const std::vector<std::unique_ptr<Light>>& lights,
                                  float sceneRadius) {
    std::vector<Emitter> emitters;
    for (std::size_t i = 0; i < lights.size(); ++i) {
        const Light& light = *lights[i];
        const int index = static_cast<int>(i);
        Emitter e;
        e.light = &light;
        e.lightIndex = index;
        // One overload per alternative, without a generic one: a new kind of weight does not
        // compile until it is weighed here.
        struct Weigh {
            std::vector<Emitter>& emitters;
            Emitter& e;
            float sceneRadius;
            void operator()(const LightBounds& bounds) const {
                e.bounds = bounds;
                e.power = bounds.power;
                emitters.push_back(e);
            }
            void operator()(const FacingIrradiance& facing) const {
                e.importance = kPi * facing.strength;
                e.power = e.importance * sceneRadius * sceneRadius;
                emitters.push_back(e);
            }
            void operator()(const SampledByPiece& byPiece) const {
                addAreaEmitters(*byPiece.light, e.lightIndex, emitters);
            }
            void operator()(const NeverSampled&) const {}
        };
        std::visit(Weigh{emitters, e, sceneRadius}, light.samplingWeight());
    }
    return emitters;
}

} // namespace lrt
