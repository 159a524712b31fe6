// Triangle meshes (trianglemesh, polygons, OBJ) as Embree triangle geometry. Object-space vertex
// data stays here for shading; Embree holds the scene-space positions it traces.
#pragma once

#include "renderer/description/mesh_data.h"
#include "renderer/sampling/spherical_rectangle.h"
#include "renderer/shapes/shape.h"

#include <array>
#include <mutex>
#include <optional>
#include <vector>

namespace lrt {

class TriangleMesh final : public Shape {
public:
    // `data` must be valid: indices in range, per-vertex arrays empty or as long as positions.
    TriangleMesh(const Transform& objectToScene, bool flipNormals, bool oneSided, MeshData data);

    RTCGeometry createGeometry(RTCDevice device) const override;
    LocalGeometry geometryAt(const ShapeHit& hit) const override;
    LocalGeometry geometryWithoutDerivativesAt(const ShapeHit& hit) const override;
    bool usesHitPoint() const override { return false; }
    const TriangleMesh* asTriangleMesh() const override { return this; }
    bool samplesArea() const override { return true; }
    AreaSample sampleArea(Vec2 u) const override;
    float pdfArea(unsigned, const LocalGeometry&) const override {
        return areaCdf().back() > 0 ? 1.0f / areaCdf().back() : 0.0f;
    }
    std::size_t primitiveCount() const override { return data_.triangles.size(); }
    Bounds3 sceneBounds() const override;

    // One triangle: a point uniform in it (its density per unit area is 1 / triangleArea), its
    // scene-space area and box, and its unit scene-space normal on the side sampleArea gives, or
    // nullopt where its vertex normals put that side both ways.
    AreaSample sampleTriangle(unsigned t, Vec2 u) const;
    float triangleArea(unsigned t) const {
        return areaCdf()[t] - (t == 0 ? 0.0f : areaCdf()[t - 1]);
    }
    Bounds3 triangleBounds(unsigned t) const;
    // Triangle t sampled uniformly in the directions it subtends from p, with that density per
    // steradian, or nullopt where p is beyond nearEnoughForSolidAngle's reach or the solid angle
    // outside sampledBySolidAngle's range (renderer/sampling/solid_angle_reach.h): there
    // sampling by area serves better.
    std::optional<AreaSample> sampleTriangleCone(unsigned t, Vec3 p, Vec2 u) const;
    // The density sampleTriangleCone draws with from p; 0 where it falls back to area.
    float triangleConePdf(unsigned t, Vec3 p) const;
    std::optional<Vec3> triangleFrontNormal(unsigned t) const;

    // The mesh as an area light is cut into pieces, which light samplers pick one at a time: each
    // triangle, except that two consecutive triangles that share a diagonal of a rectangle (in
    // scene space) are one piece, sampled as the rectangle by solid angle (Urena et al. 2013), as
    // a quad lamp is in Cycles. The pieces follow the triangles' order.
    std::size_t lightPieceCount() const { return lightPieces().size(); }
    unsigned lightPieceOf(unsigned triangle) const;
    // A piece's scene-space area, box and front normal (as triangleFrontNormal's, nullopt where
    // its triangles' differ), and a point on it uniform by area.
    float pieceArea(unsigned piece) const;
    Bounds3 pieceBounds(unsigned piece) const;
    std::optional<Vec3> pieceFrontNormal(unsigned piece) const;
    AreaSample samplePiece(unsigned piece, Vec2 u) const;
    // The piece sampled uniformly in the directions it subtends from p, with that density per
    // steradian, or nullopt where sampling by area serves better (sampleTriangleCone's rules,
    // with a rectangle's radius half its diagonal); and that density, 0 where it falls back.
    std::optional<AreaSample> samplePieceCone(unsigned piece, Vec3 p, Vec2 u) const;
    float pieceConePdf(unsigned piece, Vec3 p) const;
    // The whole mesh: a triangle in proportion to its area (as sampleArea picks it), then a
    // direction by solid angle in its piece.
    std::optional<AreaSample> sampleCone(Vec3 p, Vec2 u) const override;
    float conePdf(Vec3 p, unsigned primitive) const override;
    // Triangle t's vertex indices (the mesh's vertices keep the numbering of the mesh it was made
    // from, whatever triangles were dropped).
    const std::array<int, 3>& triangle(unsigned t) const { return data_.triangles[t]; }
    std::size_t memoryBytes() const override;

private:
    LocalGeometry geometryAt(unsigned primitive, float u, float v) const;
    // The scene-space point of triangle t at barycentric weights (b0, b1) and its normal.
    AreaSample pointOnTriangle(std::size_t t, float b0, float b1, float pdf) const;
    LocalGeometry geometryWithoutDerivativesAt(unsigned primitive, float u, float v) const;
    // The texture coordinates of t's vertices: the mesh's own, else pbrt's barycentric
    // parameterisation (0,0), (1,0), (0,1).
    std::array<Vec2, 3> vertexSt(const std::array<int, 3>& t) const;
    // Triangle t's geometric normal on the mesh's front side, unnormalised (twice its area).
    Vec3 faceNormal(const std::array<int, 3>& t) const;
    // t's vertex normals blended with weights w0, w1, w2 and turned with the mesh's orientation,
    // unnormalised; the mesh must have vertex normals.
    Vec3 vertexNormal(const std::array<int, 3>& t, float w0, float w1, float w2) const;
    // Triangle t's corners in scene space.
    std::array<Vec3, 3> sceneTriangle(unsigned t) const;
    // Rejects back-face hits of a one-sided mesh and hits where an interpolated clip distance
    // is negative.
    static void hitFilter(const RTCFilterFunctionNArguments* args);
    bool clipped(unsigned primitive, float u, float v) const;

    // The cumulative scene-space areas of the triangles, for sampling the mesh as a light:
    // computed when first asked for, so that a mesh that does not emit never holds them.
    const std::vector<float>& areaCdf() const;

    struct LightPiece {
        unsigned first = 0; // its triangle, or the first of a rectangle's two
        int second = -1;    // the rectangle's second triangle, or -1
        Rectangle rectangle{};
    };
    // Computed when first asked for, as areaCdf is.
    const std::vector<LightPiece>& lightPieces() const;
    // Triangles t and t + 1 as a rectangle, if they are one.
    std::optional<Rectangle> rectangleOf(unsigned t) const;
    // The point q of piece `piece` (on its plane), as pointOnTriangle gives it.
    AreaSample pointOnPiece(const LightPiece& piece, Vec3 q, float pdf) const;

    MeshData data_;
    mutable std::once_flag areasComputed_;
    mutable std::vector<float> areaCdf_;
    mutable std::once_flag piecesComputed_;
    mutable std::vector<LightPiece> pieces_;
    mutable std::vector<unsigned> pieceOfTriangle_;
};

} // namespace lrt
