// Triangle mesh geometry: barycentric interpolation of the vertex data at Embree's (u, v).
#include "renderer/shapes/triangle_mesh.h"

#include <algorithm>
#include <cmath>
#include <mutex>

namespace lrt {

TriangleMesh::TriangleMesh(const Transform& objectToScene, bool flipNormals, bool oneSided,
                           MeshData data)
    : Shape(objectToScene, flipNormals, oneSided), data_(std::move(data)) {}

const std::vector<float>& TriangleMesh::areaCdf() const {
    std::call_once(areasComputed_, [this] {
        areaCdf_.reserve(data_.triangles.size());
        float total = 0;
        for (const auto& t : data_.triangles) {
            const Vec3 a = objectToScene().point(data_.positions[t[0]]),
                       b = objectToScene().point(data_.positions[t[1]]),
                       c = objectToScene().point(data_.positions[t[2]]);
            total += 0.5f * length(cross(b - a, c - a));
            areaCdf_.push_back(total);
        }
    });
    return areaCdf_;
}

std::size_t TriangleMesh::memoryBytes() const {
    return data_.positions.capacity() * sizeof(Vec3) +
           data_.triangles.capacity() * sizeof(data_.triangles[0]) +
           data_.normals.capacity() * sizeof(Vec3) + data_.st.capacity() * sizeof(Vec2) +
           (data_.colors.capacity() + data_.backColors.capacity()) * sizeof(Color) +
           data_.clipDistances.capacity() * sizeof(data_.clipDistances[0]);
}

// The mesh's own arrays are Embree's buffers where their layout allows (the mesh outlives its
// geometry, and neither changes after the build): the indices always, the positions where the
// mesh is in scene space already. Otherwise Embree gets a copy.
RTCGeometry TriangleMesh::createGeometry(RTCDevice device) const {
    static_assert(sizeof(Vec3) == 3 * sizeof(float) && sizeof(data_.triangles[0]) == 12);
    RTCGeometry geometry = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
    if (objectToScene().isIdentity() && data_.positionsSharable()) {
        rtcSetSharedGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                   data_.positions.data(), 0, sizeof(Vec3), data_.positions.size());
    } else {
        auto* vertices = static_cast<float*>(
            rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                    3 * sizeof(float), data_.positions.size()));
        for (std::size_t i = 0; i < data_.positions.size(); ++i) {
            const Vec3 p = objectToScene().point(data_.positions[i]);
            vertices[3 * i] = p.x, vertices[3 * i + 1] = p.y, vertices[3 * i + 2] = p.z;
        }
    }
    if (data_.trianglesSharable()) {
        rtcSetSharedGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                   data_.triangles.data(), 0, sizeof(data_.triangles[0]),
                                   data_.triangles.size());
    } else {
        auto* indices = static_cast<unsigned*>(
            rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                    3 * sizeof(unsigned), data_.triangles.size()));
        for (std::size_t i = 0; i < data_.triangles.size(); ++i)
            for (int k = 0; k < 3; ++k)
                indices[3 * i + k] = static_cast<unsigned>(data_.triangles[i][k]);
    }
    if (oneSided() || data_.clipPlanes) {
        rtcSetGeometryUserData(geometry, const_cast<TriangleMesh*>(this));
        rtcSetGeometryIntersectFilterFunction(geometry, &TriangleMesh::hitFilter);
        rtcSetGeometryOccludedFilterFunction(geometry, &TriangleMesh::hitFilter);
    }
    rtcCommitGeometry(geometry);
    return geometry;
}

bool TriangleMesh::clipped(unsigned primitive, float u, float v) const {
    const auto& t = data_.triangles[primitive];
    const float w = 1 - u - v;
    for (std::size_t plane = 0; plane < 6; ++plane) {
        if (!((data_.clipPlanes >> plane) & 1))
            continue;
        // The spec keeps points where the interpolated distance is >= 0.
        const float d = data_.clipDistances[t[0]][plane] * w +
                        data_.clipDistances[t[1]][plane] * u + data_.clipDistances[t[2]][plane] * v;
        if (d < 0)
            return true;
    }
    return false;
}

void TriangleMesh::hitFilter(const RTCFilterFunctionNArguments* args) {
    const auto* mesh = static_cast<const TriangleMesh*>(args->geometryUserPtr);
    for (unsigned i = 0; i < args->N; ++i) {
        if (args->valid[i] != -1)
            continue;
        if (mesh->data_.clipPlanes &&
            mesh->clipped(RTCHitN_primID(args->hit, args->N, i), RTCHitN_u(args->hit, args->N, i),
                          RTCHitN_v(args->hit, args->N, i))) {
            args->valid[i] = 0;
            continue;
        }
        if (!mesh->oneSided())
            continue;
        // Embree's Ng is cross(v1 - v0, v2 - v0) in the geometry's space, as is the ray here.
        Vec3 n{RTCHitN_Ng_x(args->hit, args->N, i), RTCHitN_Ng_y(args->hit, args->N, i),
               RTCHitN_Ng_z(args->hit, args->N, i)};
        if (mesh->flipsNormals())
            n = -n;
        const Vec3 d{RTCRayN_dir_x(args->ray, args->N, i), RTCRayN_dir_y(args->ray, args->N, i),
                     RTCRayN_dir_z(args->ray, args->N, i)};
        if (dot(n, d) >= 0)
            args->valid[i] = 0;
    }
}

LocalGeometry TriangleMesh::geometryAt(const ShapeHit& hit) const {
    return geometryAt(hit.primitive, hit.u, hit.v);
}

LocalGeometry TriangleMesh::geometryWithoutDerivativesAt(const ShapeHit& hit) const {
    return geometryWithoutDerivativesAt(hit.primitive, hit.u, hit.v);
}

std::array<Vec2, 3> TriangleMesh::vertexSt(const std::array<int, 3>& t) const {
    if (data_.st.empty())
        return {Vec2{0, 0}, Vec2{1, 0}, Vec2{0, 1}};
    return {data_.st[t[0]], data_.st[t[1]], data_.st[t[2]]};
}

LocalGeometry TriangleMesh::geometryWithoutDerivativesAt(unsigned primitive, float u,
                                                         float v) const {
    const auto& t = data_.triangles[primitive];
    const float w = 1 - u - v;
    LocalGeometry g;
    g.p = data_.positions[t[0]] * w + data_.positions[t[1]] * u + data_.positions[t[2]] * v;
    g.normal = g.shadingNormal = normalize(faceNormal(t));
    if (!data_.normals.empty()) {
        const Vec3 shading = normalize(vertexNormal(t, w, u, v));
        if (lengthSquared(shading) > 0) {
            g.shadingNormal = shading;
            // The geometric normal follows the side the shading normals are on (as in pbrt).
            g.normal = faceForward(g.normal, shading);
        }
    }
    // As in pbrt, (u, v) are the mesh's texture coordinates; st follows uv.
    const auto [st0, st1, st2] = vertexSt(t);
    g.uv = g.st = {st0.x * w + st1.x * u + st2.x * v, st0.y * w + st1.y * u + st2.y * v};
    if (!data_.colors.empty())
        g.vertexColor = data_.colors[t[0]] * w + data_.colors[t[1]] * u + data_.colors[t[2]] * v;
    if (!data_.backColors.empty())
        g.backVertexColor =
            data_.backColors[t[0]] * w + data_.backColors[t[1]] * u + data_.backColors[t[2]] * v;
    return g;
}

LocalGeometry TriangleMesh::geometryAt(unsigned primitive, float u, float v) const {
    LocalGeometry g = geometryWithoutDerivativesAt(primitive, u, v);
    const auto& t = data_.triangles[primitive];
    // dP/du, dP/dv from the parameterisation (pbrt's triangle derivatives).
    const auto [st0, st1, st2] = vertexSt(t);
    const float du02 = st0.x - st2.x, du12 = st1.x - st2.x, dv02 = st0.y - st2.y,
                dv12 = st1.y - st2.y;
    const float determinant = du02 * dv12 - dv02 * du12;
    if (std::fabs(determinant) > 1e-12f) {
        const Vec3 &p0 = data_.positions[t[0]], &p1 = data_.positions[t[1]],
                   &p2 = data_.positions[t[2]];
        const Vec3 dp02 = p0 - p2, dp12 = p1 - p2;
        g.dpdu = (dp02 * dv12 - dp12 * dv02) / determinant;
        g.dpdv = (dp12 * du02 - dp02 * du12) / determinant;
    } else {
        // Any frame around the face normal on the mesh's front side.
        orthonormalBasis(normalize(faceNormal(t)), g.dpdu, g.dpdv);
    }
    g.dpds = g.dpdu;
    g.dpdt = g.dpdv;
    return g;
}

Vec3 TriangleMesh::faceNormal(const std::array<int, 3>& t) const {
    const Vec3 &p0 = data_.positions[t[0]], &p1 = data_.positions[t[1]],
               &p2 = data_.positions[t[2]];
    const Vec3 n = cross(p1 - p0, p2 - p0);
    return flipsNormals() ? -n : n;
}

Vec3 TriangleMesh::vertexNormal(const std::array<int, 3>& t, float w0, float w1, float w2) const {
    const Vec3 n = data_.normals[t[0]] * w0 + data_.normals[t[1]] * w1 + data_.normals[t[2]] * w2;
    return flipsNormals() ? -n : n;
}

std::size_t dropNonFiniteTriangles(MeshData& mesh, const Transform& objectToScene) {
    std::vector<bool> usable(mesh.positions.size());
    for (std::size_t i = 0; i < mesh.positions.size(); ++i)
        usable[i] = withinRayRange(objectToScene.point(mesh.positions[i]));
    return std::erase_if(mesh.triangles, [&](const std::array<int, 3>& t) {
        return !usable[static_cast<std::size_t>(t[0])] || !usable[static_cast<std::size_t>(t[1])] ||
               !usable[static_cast<std::size_t>(t[2])];
    });
}

std::vector<Vec3> areaWeightedNormals(const MeshData& mesh) {
    std::vector<Vec3> normals(mesh.positions.size(), Vec3{0, 0, 0});
    for (const auto& t : mesh.triangles) {
        const Vec3 &p0 = mesh.positions[t[0]], &p1 = mesh.positions[t[1]],
                   &p2 = mesh.positions[t[2]];
        const Vec3 n = cross(p1 - p0, p2 - p0); // its length is twice the area
        for (const int index : t)
            normals[static_cast<std::size_t>(index)] = normals[static_cast<std::size_t>(index)] + n;
    }
    for (Vec3& n : normals)
        if (lengthSquared(n) > 0)
            n = normalize(n);
    return normals;
}

AreaSample TriangleMesh::sampleArea(Vec2 u) const {
    const float total = areaCdf().back();
    const TrianglePick pick = pickTriangleByArea(areaCdf(), u);
    return pointOnTriangle(pick.index, pick.b0, pick.b1, total > 0 ? 1.0f / total : 0.0f);
}

AreaSample TriangleMesh::sampleTriangle(unsigned t, Vec2 u) const {
    const float area = triangleArea(t);
    const float s = std::sqrt(u.x); // pbrt's square-root mapping, as pickTriangleByArea's
    return pointOnTriangle(t, 1 - s, u.y * s, area > 0 ? 1.0f / area : 0.0f);
}

std::array<Vec3, 3> TriangleMesh::sceneTriangle(unsigned t) const {
    const auto& corners = data_.triangles[t];
    return {objectToScene().point(data_.positions[static_cast<std::size_t>(corners[0])]),
            objectToScene().point(data_.positions[static_cast<std::size_t>(corners[1])]),
            objectToScene().point(data_.positions[static_cast<std::size_t>(corners[2])])};
}

AreaSample TriangleMesh::pointOnTriangle(std::size_t index, float b0, float b1, float pdf) const {
    // The point, the geometric normal and the texture coordinates: all a light sample needs.
    const auto& t = data_.triangles[index];
    const Vec3 &p0 = data_.positions[t[0]], &p1 = data_.positions[t[1]],
               &p2 = data_.positions[t[2]];
    const float b2 = 1 - b0 - b1;
    const Vec3 p = p0 * b0 + p1 * b1 + p2 * b2;
    Vec3 n = faceNormal(t);
    if (!data_.normals.empty()) // the side of the shading normals, as in geometryAt
        n = faceForward(n, vertexNormal(t, b0, b1, b2));
    const auto [st0, st1, st2] = vertexSt(t);
    return {objectToScene().point(p),
            normalize(objectToScene().normal(n)),
            pdf,
            {st0.x * b0 + st1.x * b1 + st2.x * b2, st0.y * b0 + st1.y * b1 + st2.y * b2}};
}

Bounds3 TriangleMesh::sceneBounds() const {
    Bounds3 b;
    for (const Vec3& p : data_.positions)
        b.extend(objectToScene().point(p));
    return b;
}

Bounds3 TriangleMesh::triangleBounds(unsigned t) const {
    Bounds3 b;
    for (const int vertex : data_.triangles[t])
        b.extend(objectToScene().point(data_.positions[static_cast<std::size_t>(vertex)]));
    return b;
}

std::optional<Vec3> TriangleMesh::triangleFrontNormal(unsigned index) const {
    const auto& t = data_.triangles[index];
    Vec3 n = faceNormal(t);
    if (!data_.normals.empty()) {
        // pointOnTriangle turns the face normal to the side of the blended vertex normals; within
        // one triangle that side is the same everywhere when all three vertices agree.
        const float w[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        int front = 0;
        for (const auto& weights : w)
            front += dot(n, vertexNormal(t, weights[0], weights[1], weights[2])) >= 0 ? 1 : -1;
        if (front == -3)
            n = -n;
        else if (front != 3)
            return std::nullopt;
    }
    const Vec3 scene = objectToScene().normal(n);
    if (lengthSquared(scene) == 0)
        return std::nullopt;
    return normalize(scene);
}

} // namespace lrt
