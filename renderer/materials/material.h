// The Material interface: what a surface does with light, as both integrators ask it: the
// surface interaction they share (integrators/surface_interaction.h: light from the lights,
// ambient light, the albedo), Whitted (unlit light, specular rays) and path (unlit light, BSDF
// samples). Built-in BSDFs and SL shaders both implement it, so one can stand wherever the other
// does.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/transform.h"
#include "renderer/core/vector.h"
#include "renderer/materials/shading_context.h"
#include "renderer/shapes/shape.h"
#include "renderer/textures/texture.h"
#include "slvm/common/diagnostic.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace lrt {

// A shaded point, in world space unless named otherwise.
struct ShadingPoint {
    Vec3 p;
    Vec3 normal;          // unit geometric normal, turned to the side of wo
    Vec3 shadingNormal;   // unit, on the same side as normal
    Vec3 wo;              // unit, towards the viewer
    bool entering = true; // wo is on the surface's front side (for refraction)
    Color color;          // Color attribute, or interpolated vertex colours
    // The hit's object-space geometry (SL registers) and its transform, owned by the hit.
    const LocalGeometry* local = nullptr;
    const Transform* objectToWorld = nullptr;
    // Texture-coordinate footprint of the pixel (from ray differentials), 0 when unknown, and
    // the point's change across it.
    float dsdx = 0, dtdx = 0, dsdy = 0, dtdy = 0;
    Vec3 dpdx, dpdy;
    ShadingContext* context = nullptr;
};

// What textures see of a shaded point.
inline TextureContext textureContext(const ShadingPoint& point) {
    return {point.local ? point.local->st : Vec2{},
            point.dsdx,
            point.dtdx,
            point.dsdy,
            point.dtdy,
            point.p,
            point.normal,
            point.dpdx,
            point.dpdy};
}

// How often a programmable material's program failed while rendering (its samples were dropped).
struct MaterialStatistics {
    std::uint64_t budgetExhausted = 0; // ran out of its instruction budget
    std::uint64_t nonFinite = 0;       // returned a NaN or infinite colour
    MaterialStatistics& operator+=(const MaterialStatistics& o) {
        budgetExhausted += o.budgetExhausted, nonFinite += o.nonFinite;
        return *this;
    }
};

// One perfectly specular direction to trace, and the weight its radiance is multiplied by.
struct SpecularRay {
    Vec3 direction;
    Color weight;
    bool transmitted = false;
};

// A direction drawn from a BSDF, for the path integrator.
struct BsdfSample {
    Vec3 wi;          // unit, towards where the light comes from
    Color weight;     // f |cos theta_i| / pdf, or a delta lobe's weight
    float pdf = 0.0f; // solid-angle density; 0 for a delta lobe
    bool delta = false;
};

class Material {
public:
    virtual ~Material() = default;

    // Radiance reflected towards wo from light arriving along wi (unit, towards the light) with
    // E = Li dw, the incident radiance times the solid angle it arrives through (or I / r^2 for a
    // point light): f(wo, wi) E |cos theta_i| for a BSDF f.
    virtual Color reflected(const ShadingPoint& point, Vec3 wi, Color E) const = 0;
    // Radiance reflected from an ambient light of radiance `ambient` (RenderMan's Ka ambient()).
    virtual Color ambient(const ShadingPoint&, Color) const { return {}; }
    // Radiance the surface shows regardless of light (the constant surface).
    virtual Color unlit(const ShadingPoint&) const { return {}; }
    // Perfectly specular reflection and refraction rays, at most two.
    virtual int specular(const ShadingPoint&, std::array<SpecularRay, 2>&) const { return 0; }
    // The reflectance colour the surface shows (an AOV for denoisers): Kd Color for the diffuse
    // built-ins, the specular weight for the others, C0 for SL shaders.
    virtual Color albedo(const ShadingPoint& point) const { return point.color; }
    // Programmable materials (SL shaders) are asked for every light sample even when it is
    // shadowed (with E = 0), and once with E = 0 when no light reaches the surface at all, since a
    // program may trace rays of its own. Built-in ones are asked only for light that arrives.
    virtual bool isProgrammable() const { return false; }
    // Whether shading reads the texture footprint (ShadingPoint::dsdx...), which costs the camera
    // two more rays' worth of differentials per sample and every camera hit a footprint.
    virtual bool usesTextureFootprint() const { return false; }
    // Whether light reaching the surface from behind can be scattered towards the viewer
    // (transmission), so that light selection must not cull lights behind it.
    virtual bool transmits() const { return false; }
    // Whether shading reads the surface's tangents (anisotropic roughness follows dp/du), which
    // costs every hit the surface derivatives.
    virtual bool readsTangents() const { return false; }
    // What went wrong while rendering so far, for programmable materials: counts, and warnings
    // naming the statement that made the material.
    virtual MaterialStatistics statistics() const { return {}; }
    virtual std::vector<slvm::Diagnostic> warnings() const { return {}; }
    // A direction to continue a path in (u, uLobe uniform in [0,1)), or nullopt when the surface
    // scatters nothing (absorbed, or unlit). Consistent with reflected(): for non-delta lobes
    // weight = reflected(point, wi, 1) / pdf.
    virtual std::optional<BsdfSample> sampleBsdf(const ShadingPoint&, Vec2, float) const {
        return std::nullopt;
    }
    // The density sampleBsdf draws wi with (0 for delta lobes and unlit surfaces).
    virtual float bsdfPdf(const ShadingPoint&, Vec3) const { return 0.0f; }
};

} // namespace lrt
