// What a light sampler picks from: the scene's lights cut into emitters. A point, spot, distant
// or infinite light is one emitter; an area light is one per shape, and one per light piece of a
// mesh (a triangle, or two that make a rectangle), so that a large emissive mesh is sampled where
// it is bright and near.
#pragma once

#include "renderer/lights/area_light.h"
#include "renderer/lights/light.h"
#include "renderer/lights/light_bounds.h"

#include <memory>
#include <optional>
#include <vector>

namespace lrt {

struct Emitter {
    const Light* light = nullptr;
    int lightIndex = 0;                // in Scene::lights()
    const AreaLight* area = nullptr;   // for a piece of an area light: the light
    const Shape* shape = nullptr;      // and its shape,
    int piece = -1;                    // and the mesh's light piece, or -1 for the whole shape
    std::optional<LightBounds> bounds; // for emitters with a place; nullopt for distant and
                                       // infinite lights
    // The power: bounds->power, or for lights without a place the light that falls on the
    // scene's bounding sphere's cross-section, pi r^2 times their FacingIrradiance.
    float power = 0;
    // For lights without a place, what a light BVH weighs them by against its tree at a point:
    // pi times their FacingIrradiance, on the scale of BoundsQuad::importance (which gives a small
    // area light facing the point pi times the irradiance it sends there).
    float importance = 0;

    // A sample of this emitter alone, seen from p: its density as if nothing else were sampled.
    std::optional<LightSample> sample(Vec3 p, Vec2 u) const {
        return area ? area->samplePiece(*shape, piece, p, u) : light->sample(p, u);
    }
};

// The emitters of `lights` (ambient lights have none), in the lights' order and, within an area
// light, in its shapes' and pieces' order; `sceneRadius` sizes the power of lights without a
// place.
std::vector<Emitter> makeEmitters(const std::vector<std::unique_ptr<Light>>& lights,
                                  float sceneRadius);

} // namespace lrt
