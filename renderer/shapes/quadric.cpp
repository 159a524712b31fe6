// Quadric intersection in double precision in object space, reported to Embree in scene space.
#include "renderer/shapes/quadric.h"

#include "renderer/core/scene_error.h"

#include <cmath>
#include <numbers>

namespace lrt {

namespace {
constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Whether a root lies on the ray's segment, ends excluded: shared by hit and shadow queries, so
// that a shadow ray is blocked exactly where a hit would be found.
bool onSegment(double t, double tMin, double tMax) {
    return t > tMin && t < tMax;
}
} // namespace

bool solveQuadratic(double a, double b, double c, double& t0, double& t1) {
    if (a == 0.0) {
        if (b == 0.0)
            return false;
        t0 = t1 = -c / b;
        return true;
    }
    const double discriminant = b * b - 4.0 * a * c;
    if (discriminant < 0.0)
        return false;
    const double root = std::sqrt(discriminant);
    // The numerically stable form (Numerical Recipes 5.6).
    const double q = b < 0 ? -0.5 * (b - root) : -0.5 * (b + root);
    t0 = q / a;
    t1 = q != 0.0 ? c / q : t0;
    if (t0 > t1)
        std::swap(t0, t1);
    return true;
}

Quadric::Quadric(const Transform& objectToScene, bool flipNormals, bool oneSided,
                 float thetaMaxDegrees)
    : UserGeometryShape(objectToScene, flipNormals, oneSided),
      sceneToObject_(objectToScene.inverse()),
      phiMax_(static_cast<float>(std::clamp(thetaMaxDegrees, 0.0f, 360.0f) * std::numbers::pi /
                                 180.0)) {}

bool Quadric::azimuth(double x, double y, double& phi) const {
    phi = std::atan2(y, x);
    if (phi < 0)
        phi += kTwoPi;
    return phi <= phiMax_ + 1e-7;
}

bool Quadric::azimuthAndHeight(const DVec3& p, double zLo, double zHi, float& u, float& v) const {
    double phi;
    if (p.z < zLo || p.z > zHi || !azimuth(p.x, p.y, phi))
        return false;
    u = static_cast<float>(phi / phiMax());
    v = static_cast<float>((p.z - zLo) / (zHi - zLo));
    return true;
}

std::optional<Quadric::Hit> Quadric::intersectObject(const DVec3& o, const DVec3& d, double tMin,
                                                     double tMax) const {
    double t[2];
    if (!roots(o, d, t[0], t[1]))
        return std::nullopt;
    for (const double candidate : t) {
        if (!onSegment(candidate, tMin, tMax))
            continue;
        const DVec3 p{o.x + candidate * d.x, o.y + candidate * d.y, o.z + candidate * d.z};
        float u = 0, v = 0;
        if (!parameters(p, u, v))
            continue;
        const Vec3 direction{static_cast<float>(d.x), static_cast<float>(d.y),
                             static_cast<float>(d.z)};
        if (oneSided() && dot(geometryAt(u, v).normal, direction) >= 0)
            continue;
        return Hit{candidate, u, v};
    }
    return std::nullopt;
}

LocalGeometry Quadric::geometryAt(const ShapeHit& hit) const {
    return geometryAt(hit.u, hit.v);
}

LocalGeometry Quadric::geometryAt(float u, float v) const {
    LocalGeometry g;
    evaluate(u, v, g.p, g.dpdu, g.dpdv);
    Vec3 n = naturalNormal(g.p, g.dpdu, g.dpdv);
    if (flipsNormals())
        n = -n;
    g.normal = g.shadingNormal = n;
    g.uv = g.st = {u, v};
    g.dpds = g.dpdu;
    g.dpdt = g.dpdv;
    return g;
}

AreaSample Quadric::sampleArea(Vec2 u) const {
    // Uniform in (u, v); the density per unit area is the inverse of the area element there.
    const LocalGeometry g = geometryAt(u.x, u.y);
    const Transform& t = objectToScene();
    return {t.point(g.p), normalize(t.normal(g.normal)), pdfArea(0, g)};
}

float Quadric::pdfArea(unsigned, const LocalGeometry& g) const {
    const float sceneArea = length(cross(g.dpdu, g.dpdv)) * areaScale(objectToScene(), g.normal);
    return sceneArea > 0 ? 1.0f / sceneArea : 0.0f;
}

void Quadric::toObject(const float origin[3], const float direction[3], DVec3& o, DVec3& d) const {
    // The object-space ray keeps the scene ray's parameterisation, so t is the same in both.
    o = toDouble(sceneToObject_.point({origin[0], origin[1], origin[2]}));
    d = toDouble(sceneToObject_.vector({direction[0], direction[1], direction[2]}));
}

std::optional<Quadric::Hit> Quadric::intersectScene(const float origin[3], const float direction[3],
                                                    float tMin, float tMax) const {
    DVec3 o, d;
    toObject(origin, direction, o, d);
    return intersectObject(o, d, tMin, tMax);
}

bool Quadric::occludesScene(const float origin[3], const float direction[3], float tMin,
                            float tMax) const {
    DVec3 o, d;
    toObject(origin, direction, o, d);
    if (!isClosed() || oneSided())
        return intersectObject(o, d, tMin, tMax).has_value();
    double t0, t1;
    return roots(o, d, t0, t1) && (onSegment(t0, tMin, tMax) || onSegment(t1, tMin, tMax));
}

std::optional<MeshData> Quadric::tessellate(int around, int along) const {
    MeshData mesh;
    const auto columns = static_cast<std::size_t>(around) + 1;
    for (int j = 0; j <= along; ++j)
        for (int i = 0; i <= around; ++i) {
            const float u = static_cast<float>(i) / static_cast<float>(around);
            const float v = static_cast<float>(j) / static_cast<float>(along);
            Vec3 p, dpdu, dpdv;
            evaluate(u, v, p, dpdu, dpdv);
            mesh.positions.push_back(p);
            mesh.normals.push_back(naturalNormal(p, dpdu, dpdv));
            mesh.st.push_back({u, v});
        }
    // Wound so that cross(p10 - p00, p01 - p00) follows cross(dpdu, dpdv), the natural normal.
    for (std::size_t j = 0; j < static_cast<std::size_t>(along); ++j)
        for (std::size_t i = 0; i < static_cast<std::size_t>(around); ++i) {
            const auto at = [&](std::size_t di, std::size_t dj) {
                return static_cast<int>((j + dj) * columns + i + di);
            };
            mesh.triangles.push_back({at(0, 0), at(1, 0), at(0, 1)});
            mesh.triangles.push_back({at(1, 0), at(1, 1), at(0, 1)});
        }
    // Where the derivatives vanish (a sphere's poles) the faces around the vertex decide.
    const std::vector<Vec3> faceNormals = areaWeightedNormals(mesh);
    for (std::size_t i = 0; i < mesh.normals.size(); ++i) {
        const Vec3 n = mesh.normals[i];
        if (!(std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z)) ||
            lengthSquared(n) == 0)
            mesh.normals[i] = faceNormals[i];
    }
    return mesh;
}

} // namespace lrt
