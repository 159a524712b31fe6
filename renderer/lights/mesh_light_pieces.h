// A triangle mesh as an area light's pieces, which light samplers pick one at a time: each
// triangle, except that two consecutive triangles that share a diagonal of a rectangle (in scene
// space) are one piece, sampled as the rectangle by solid angle (Urena et al. 2013), as a quad lamp
// is in Cycles.
#pragma once

#include "renderer/sampling/spherical_rectangle.h"
#include "renderer/shapes/triangle_mesh.h"

#include <optional>
#include <vector>

namespace lrt {

class MeshLightPieces {
public:
    // The pieces follow the triangles' order. `mesh` must outlive them.
    explicit MeshLightPieces(const TriangleMesh& mesh);

    std::size_t count() const { return pieces_.size(); }
    unsigned pieceOf(unsigned triangle) const { return pieceOfTriangle_[triangle]; }
    // A piece's scene-space area, box and front normal (as TriangleMesh::triangleFrontNormal's,
    // nullopt where its triangles' differ).
    float area(unsigned piece) const;
    Bounds3 bounds(unsigned piece) const;
    std::optional<Vec3> frontNormal(unsigned piece) const;

    // Sampling, of piece `piece`, or of the whole mesh where `piece` is negative (as Emitter's
    // piece says). By solid angle: a point drawn uniformly in the directions the piece subtends
    // from p, with that density per steradian, or nullopt where p is beyond
    // nearEnoughForSolidAngle's reach or the solid angle outside sampledBySolidAngle's range
    // (renderer/sampling/solid_angle_reach.h; a rectangle's radius is half its diagonal): there
    // sampling by area serves better. The whole mesh picks a triangle in proportion to its area
    // (as TriangleMesh::sampleArea does), then a direction in its piece.
    std::optional<AreaSample> sampleCone(int piece, Vec3 p, Vec2 u) const;
    // The density sampleCone draws with from p, where the whole mesh's point is on `triangle`;
    // 0 where it falls back to area.
    float conePdf(int piece, Vec3 p, unsigned triangle) const;
    // By area: a point uniform on the piece (density 1 / its area), or on the whole mesh.
    AreaSample sampleArea(int piece, Vec2 u) const;

private:
    struct Piece {
        unsigned first = 0; // its triangle, or the first of a rectangle's two
        int second = -1;    // the rectangle's second triangle, or -1
        Rectangle rectangle{};
    };
    // One piece by solid angle, and the density of that.
    std::optional<AreaSample> pieceCone(const Piece& piece, Vec3 p, Vec2 u) const;
    float pieceConePdf(const Piece& piece, Vec3 p) const;
    // The point q of a rectangle's piece (on its plane), as TriangleMesh::pointOnTriangle gives
    // it.
    AreaSample pointOnPiece(const Piece& piece, Vec3 q, float pdf) const;

    const TriangleMesh& mesh_;
    std::vector<Piece> pieces_;
    std::vector<unsigned> pieceOfTriangle_;
};

} // namespace lrt
