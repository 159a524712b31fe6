// BxdfMaterial: the Material of a built-in surface that scatters by a BxDF (bxdf.h) made at each
// shading point from its parameters. It turns world-space questions into the BxDF's shading
// frame, keeps reflection on the viewer's side of the geometric surface and transmission on the
// other (so that shading normals leak no light), and lists delta lobes for the Whitted
// integrator.
#pragma once

#include "renderer/core/function_ref.h"
#include "renderer/materials/bxdf.h"
#include "renderer/materials/material.h"

namespace lrt {

// The shading frame at a point: z the surface's outward shading normal (whichever side the
// viewer is on), x along the surface's dp/du where it has one.
struct ShadingFrame {
    Vec3 x, y, z;
    static ShadingFrame at(const ShadingPoint& point);
    Vec3 toLocal(Vec3 v) const { return {dot(v, x), dot(v, y), dot(v, z)}; }
    Vec3 toWorld(Vec3 v) const { return x * v.x + y * v.y + z * v.z; }
};

class BxdfMaterial : public Material {
public:
    Color reflected(const ShadingPoint& point, Vec3 wi, Color E) const final;
    int specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const final;
    Color albedo(const ShadingPoint& point) const final;
    std::optional<BsdfSample> sampleBsdf(const ShadingPoint& point, Vec2 u,
                                         float uLobe) const final;
    float bsdfPdf(const ShadingPoint& point, Vec3 wi) const final;

protected:
    // Calls `use` with the BxDF at `point` (made on the caller's stack: shading allocates nothing).
    virtual void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const = 0;
};

} // namespace lrt
