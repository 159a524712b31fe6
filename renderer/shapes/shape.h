// The Shape interface: anything Embree can intersect and the renderer can shade, and optionally
// sample as an emitter. A shape lives in its object space; `objectToScene` places it in the space
// of the Embree scene that holds it (the world, or an object definition for instances).
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/transform.h"
#include "renderer/core/vector.h"
#include "renderer/description/mesh_data.h"

#include <embree3/rtcore.h>
#include <optional>

namespace lrt {

class TriangleMesh; // renderer/shapes/triangle_mesh.h

// A hit as the intersector reported it, in the shape's object space: a parametric shape reads
// (primitive, u, v); an implicit one, which has no parameterisation, reads the point and normal.
struct ShapeHit {
    unsigned primitive = 0;
    float u = 0, v = 0;
    Vec3 p;      // the hit point
    Vec3 normal; // the geometric normal the intersector reported (any length, either side)
};

// Differential geometry at a point, in the shape's object space.
struct LocalGeometry {
    Vec3 p;
    Vec3 normal;        // unit geometric normal, on the shape's front side
    Vec3 shadingNormal; // unit; interpolated vertex normals where given, else the geometric normal
    Vec2 uv;            // surface parameters
    Vec2 st;            // texture coordinates (uv unless the shape has its own)
    Vec3 dpdu, dpdv;
    Vec3 dpds, dpdt; // derivatives with respect to the texture coordinates
    std::optional<Color> vertexColor;
    std::optional<Color> backVertexColor; // seen from the back side, when the mesh has one
};

// A point sampled on a shape's surface, in world space, with its density per unit world area.
struct AreaSample {
    Vec3 p;
    Vec3 normal; // on the front side
    float pdf = 0;
    Vec2 st{}; // its texture coordinates, where the shape has them (meshes); else 0
};

class Shape {
public:
    // flipNormals: ReverseOrientation is in effect. oneSided: Sides 1, so rays pass through the
    // back face.
    Shape(const Transform& objectToScene, bool flipNormals, bool oneSided)
        : objectToScene_(objectToScene),
          flipNormals_(flipNormals != objectToScene.swapsHandedness()), oneSided_(oneSided) {}
    virtual ~Shape() = default;
    Shape(const Shape&) = delete;
    Shape& operator=(const Shape&) = delete;

    // A committed Embree geometry in scene space.
    virtual RTCGeometry createGeometry(RTCDevice device) const = 0;
    // Geometry at a hit.
    virtual LocalGeometry geometryAt(const ShapeHit& hit) const = 0;
    // All of it but the derivatives (dpdu, dpdv, dpds, dpdt, left zero), which only normal maps,
    // texture footprints and SL programs read. Shapes that get them for free (quadrics derive
    // the point from the parameters) keep the default.
    virtual LocalGeometry geometryWithoutDerivativesAt(const ShapeHit& hit) const {
        return geometryAt(hit);
    }
    // False when geometryAt needs only the hit's primitive and (u, v), not its object-space point
    // and normal, which then cost the scene no inverse transforms.
    virtual bool usesHitPoint() const { return true; }
    virtual std::size_t primitiveCount() const { return 1; }
    // A box around the shape in scene space.
    virtual Bounds3 sceneBounds() const = 0;
    virtual std::size_t memoryBytes() const = 0;

    // Area sampling, which an area light needs of its shapes; a shape that cannot sample itself
    // (an implicit surface) keeps the defaults, and the scene builder refuses to make it emit.
    virtual bool samplesArea() const { return false; }
    // A point on the surface (scene space = world space for shapes outside instances).
    virtual AreaSample sampleArea(Vec2 u) const;
    // The density sampleArea draws the point with geometry `g` (object space) at, per unit of
    // scene-space area.
    virtual float pdfArea(unsigned primitive, const LocalGeometry& g) const;
    // Shapes that can sample the directions they subtend from p (whole spheres) return such a
    // point with its solid-angle density; nullopt falls back to sampleArea with the same u. A
    // mesh's triangles and rectangles are sampled so by the area light, through its light pieces
    // (renderer/lights/mesh_light_pieces.h).
    virtual std::optional<AreaSample> sampleCone(Vec3, Vec2) const { return std::nullopt; }
    // The solid-angle density with which sampleCone draws, from p, the point on `primitive`; 0
    // where sampleCone falls back to sampling by area.
    virtual float conePdf(Vec3, unsigned /*primitive*/) const { return 0.0f; }

    // The shape as a triangle mesh, when it is one: its triangles are instanced, deformed and
    // cut into light pieces one by one.
    virtual const TriangleMesh* asTriangleMesh() const { return nullptr; }

    // The surface as an object-space mesh over a grid of `around` x `along` segments, for the
    // vertex stage, which deforms shapes as meshes; nullopt for a shape that has no such grid.
    virtual std::optional<MeshData> tessellate(int /*around*/, int /*along*/) const {
        return std::nullopt;
    }

    const Transform& objectToScene() const { return objectToScene_; }
    bool oneSided() const { return oneSided_; }

protected:
    // Whether ReverseOrientation (and a handedness-swapping transform) flips the natural normal.
    bool flipsNormals() const { return flipNormals_; }

private:
    Transform objectToScene_;
    bool flipNormals_;
    bool oneSided_;
};

// How much a unit of object-space area at normal n becomes in scene space.
inline float areaScale(const Transform& t, Vec3 objectNormal) {
    const auto& m = t.matrix();
    const float det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                      m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                      m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    return std::fabs(det) * length(t.normal(objectNormal));
}

} // namespace lrt
