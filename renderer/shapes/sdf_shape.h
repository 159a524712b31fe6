// Shape "sdf": a surface given by a signed-distance function, a punch card run by the card VM,
// found by sphere tracing inside an object-space bound, as Embree user geometry. docs/sdf.md is
// the scene author's reference.
#pragma once

#include "renderer/shapes/shape.h"
#include "renderer/shapes/shape_registry.h"
#include "renderer/shapes/user_geometry.h"
#include "slvm/card/executor.h"
#include "slvm/card/verifier.h"

#include <array>
#include <memory>
#include <mutex>
#include <optional>

namespace lrt {

// Where the function is looked at: an axis-aligned box, or a sphere.
struct SdfBound {
    bool sphere = false;
    Vec3 lower{-1, -1, -1}, upper{1, 1, 1}; // a box
    Vec3 centre{0, 0, 0};                   // a sphere
    float radius = 0;

    // The ray's parameter interval inside the bound, or nullopt when it misses.
    std::optional<std::pair<float, float>> clip(Vec3 origin, Vec3 direction) const;
    Bounds3 box() const;
    Vec3 middle() const { return sphere ? centre : (lower + upper) * 0.5f; }
};

struct SdfSettings {
    SdfBound bound;
    float epsilon = 1e-4f;  // a hit: |distance| below this (object space)
    int maxSteps = 256;     // sphere-tracing steps per ray before it counts as a miss
    float lipschitz = 1.0f; // steps are distance / lipschitz
};

class SdfShape final : public UserGeometryShape {
public:
    SdfShape(const Transform& objectToScene, bool flipNormals, bool oneSided,
             std::shared_ptr<const slvm::card::VerifiedProgram> card, const SdfSettings& settings,
             slvm::jit::ExecutionChoice execution);
    // Its parameters and create() are in sdf_shape.cpp, with its registry entry.
    static const ShapeEntry registryEntry;

    LocalGeometry geometryAt(const ShapeHit& hit) const override;
    std::size_t memoryBytes() const override;

    // As an area light: points spread uniformly over a marching-tetrahedra mesh of the surface
    // (64 cells along each side of the bound, made the first time one is asked for), each moved
    // onto the surface along the gradient; the density is one over the mesh's area.
    bool samplesArea() const override { return true; }
    AreaSample sampleArea(Vec2 u) const override;
    float pdfArea(unsigned primitive, const LocalGeometry& g) const override;

    // The distance the card gives at p; NaN when the card faults or runs out of budget.
    float distance(Vec3 p) const;
    // The gradient at p by central differences, and the outward unit normal along it.
    Vec3 gradient(Vec3 p) const;
    Vec3 gradientNormal(Vec3 p) const;
    // The nearest hit parameter in (tMin, tMax) of an object-space ray, or nullopt.
    std::optional<float> intersectObject(Vec3 origin, Vec3 direction, float tMin, float tMax) const;
    // The sphere tracing's steps along an object-space ray, as intersectObject takes them, for
    // the pixel debugger: each ray parameter the march stopped at and the distance there (the
    // bisection that refines a crossing is not listed).
    struct MarchStep {
        float t;
        float distance;
    };
    std::vector<MarchStep> marchSteps(Vec3 origin, Vec3 direction, float tMin, float tMax) const;

    std::optional<Hit> intersectScene(const float origin[3], const float direction[3], float tMin,
                                      float tMax) const override;

protected:
    Bounds3 objectBounds() const override { return settings_.bound.box(); }

private:
    // intersectObject, calling observe(t, distance) at each step; intersectObject's observer is
    // empty and compiles away.
    template <typename Observe>
    std::optional<float> march(Vec3 origin, Vec3 direction, float tMin, float tMax,
                               Observe observe) const;
    // Whether a one-sided shape shows its front to a ray along `direction` at p.
    bool facesRay(Vec3 p, Vec3 direction) const;

    // The surface's mesh for area sampling, with the running sum of its triangles' areas.
    struct AreaTable {
        std::vector<std::array<Vec3, 3>> triangles;
        std::vector<float> cumulativeArea;
        float area = 0;
    };
    const AreaTable& areaTable() const;

    std::shared_ptr<const slvm::card::VerifiedProgram> card_;
    slvm::card::Executor executor_; // compiled or interpreted; after card_, which it runs
    SdfSettings settings_;
    Transform sceneToObject_;
    mutable std::once_flag areaOnce_;
    mutable AreaTable areaTable_;
};

} // namespace lrt
