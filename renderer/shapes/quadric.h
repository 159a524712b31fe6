// Exact quadric surfaces as Embree user geometry: the shared machinery (ray transform, root
// selection, sweep limits, front-face culling, area sampling) for Sphere, Cylinder, Cone, Disk,
// Paraboloid and Hyperboloid, which supply only their own equations.
#pragma once

#include "renderer/core/double_vector.h"
#include "renderer/shapes/shape.h"
#include "renderer/shapes/shape_registry.h"
#include "renderer/shapes/user_geometry.h"

#include <array>

namespace lrt {

class Quadric : public UserGeometryShape {
public:
    Quadric(const Transform& objectToScene, bool flipNormals, bool oneSided, float thetaMaxDegrees);

    LocalGeometry geometryAt(const ShapeHit& hit) const override;
    bool samplesArea() const override { return true; }
    AreaSample sampleArea(Vec2 u) const override;
    float pdfArea(unsigned primitive, const LocalGeometry& g) const override;
    std::size_t memoryBytes() const override { return sizeof(*this); }

    // The nearest hit in (tMin, tMax) of an object-space ray, with its surface parameters; only
    // front-face hits for a one-sided shape.
    std::optional<Hit> intersectObject(const DVec3& origin, const DVec3& direction, double tMin,
                                       double tMax) const;
    // The surface as an object-space triangle mesh over a grid of (u, v): `around` segments in
    // u, `along` in v; vertex normals are the surface's natural (unflipped) normals and st = uv.
    std::optional<MeshData> tessellate(int around, int along) const override;

    // Geometry at surface parameters (u, v).
    LocalGeometry geometryAt(float u, float v) const;

    // The same for a scene-space ray.
    std::optional<Hit> intersectScene(const float origin[3], const float direction[3], float tMin,
                                      float tMax) const override;
    // A closed, two-sided surface is hit wherever its equation has a root in range: no surface
    // parameters (an azimuth and an arccosine for a sphere) are needed to say so.
    bool occludesScene(const float origin[3], const float direction[3], float tMin,
                       float tMax) const override;

protected:
    // Roots of the quadric's equation along the ray, ascending; false when there are none.
    virtual bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const = 0;
    // Surface parameters of an object-space point on the full surface; false outside the sweep.
    virtual bool parameters(const DVec3& p, float& u, float& v) const = 0;
    // Position and derivatives at (u, v); the natural normal is normalize(cross(dpdu, dpdv)).
    virtual void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const = 0;
    // Whether every root of the equation is on the surface: no sweep or height cut removes any.
    virtual bool isClosed() const { return false; }
    // The unflipped unit normal; quadrics override it where the derivatives vanish (poles, apex).
    virtual Vec3 naturalNormal(Vec3, Vec3 dpdu, Vec3 dpdv) const {
        return normalize(cross(dpdu, dpdv));
    }

    // The azimuth of p in [0, 2pi), and whether it lies within the sweep.
    bool azimuth(double x, double y, double& phi) const;
    // For surfaces parameterised by azimuth and height: u = phi / phimax, v = (z - zLo) / (zHi -
    // zLo); false outside the sweep or the height range.
    bool azimuthAndHeight(const DVec3& p, double zLo, double zHi, float& u, float& v) const;
    float phiMax() const { return phiMax_; }

private:
    // The object-space ray of a scene-space one.
    void toObject(const float origin[3], const float direction[3], DVec3& o, DVec3& d) const;

    Transform sceneToObject_; // objectToScene's inverse, kept rather than made for every ray
    float phiMax_;
};

bool solveQuadratic(double a, double b, double c, double& t0, double& t1);

// The argument every quadric statement ends with.
constexpr ArgumentSpec kThetaMaxArgument{"thetamax", ArgumentSpec::Kind::Number,
                                         "the sweep about z, in degrees",
                                         kReal.above(0).atMost(360)};
// The one surface of a quadric statement: a Q placed and oriented by `context`.
template <typename Q, typename... Arguments>
ShapeSurfaces quadricSurface(const ShapeContext& context, Arguments... arguments) {
    return singleSurface(std::make_unique<Q>(context.objectToScene, context.flipNormals,
                                             context.oneSided, arguments...));
}

} // namespace lrt
