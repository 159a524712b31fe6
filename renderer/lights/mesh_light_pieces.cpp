// Cutting a mesh into light pieces, recognising rectangles, and sampling a piece, or the whole
// mesh, by solid angle (spherical triangles and rectangles) or by area.
#include "renderer/lights/mesh_light_pieces.h"

#include "renderer/sampling/spherical_triangle.h"
#include "renderer/sampling/unit_interval.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

// How far a pair of triangles may be from a rectangle, relative to its diagonal, and still be
// sampled as one: float rounding of the corners of a rectangle written in a scene file.
constexpr float kRectangleTolerance = 1e-5f;

// The barycentric weights of q, a point of the triangle's plane, as (w0, w1, w2).
std::array<float, 3> barycentric(const std::array<Vec3, 3>& t, Vec3 q) {
    const Vec3 e1 = t[1] - t[0], e2 = t[2] - t[0], d = q - t[0];
    const float d11 = dot(e1, e1), d12 = dot(e1, e2), d22 = dot(e2, e2);
    const float d1 = dot(d, e1), d2 = dot(d, e2);
    const float denominator = d11 * d22 - d12 * d12;
    if (!(denominator > 0))
        return {1, 0, 0};
    const float w1 = (d22 * d1 - d12 * d2) / denominator, w2 = (d11 * d2 - d12 * d1) / denominator;
    return {1 - w1 - w2, w1, w2};
}

// Triangles t and t + 1 of `mesh` as a rectangle, if they are one.
std::optional<Rectangle> rectangleOf(const TriangleMesh& mesh, unsigned t) {
    const std::array<int, 3>& a = mesh.triangle(t);
    const std::array<int, 3>& b = mesh.triangle(t + 1);
    const std::array<Vec3, 3> atA = mesh.sceneTriangle(t), atB = mesh.sceneTriangle(t + 1);
    std::array<Vec3, 2> shared{};
    std::optional<Vec3> onlyA, onlyB;
    int count = 0;
    for (std::size_t k = 0; k < 3; ++k) {
        if (std::find(b.begin(), b.end(), a[k]) == b.end())
            onlyA = atA[k];
        else if (count < 2)
            shared[static_cast<std::size_t>(count++)] = atA[k];
    }
    for (std::size_t k = 0; k < 3; ++k)
        if (std::find(a.begin(), a.end(), b[k]) == a.end())
            onlyB = atB[k];
    if (count != 2 || !onlyA || !onlyB)
        return std::nullopt;
    const Vec3 s0 = shared[0], s1 = shared[1], oa = *onlyA, ob = *onlyB;
    // The two diagonals bisect each other (a parallelogram) and are as long (a rectangle).
    const float diagonal = length(s1 - s0), tolerance = kRectangleTolerance * diagonal;
    if (!(diagonal > 0) || !std::isfinite(diagonal) ||
        length((s0 + s1) - (oa + ob)) > 2 * tolerance ||
        std::fabs(length(ob - oa) - diagonal) > tolerance)
        return std::nullopt;
    const Rectangle r{s0, oa - s0, ob - s0};
    if (!(length(r.edgeX) > tolerance) || !(length(r.edgeY) > tolerance))
        return std::nullopt;
    return r;
}

// Triangle t sampled by solid angle from p (MeshLightPieces::sampleCone's rules).
std::optional<AreaSample> triangleCone(const TriangleMesh& mesh, unsigned t, Vec3 p, Vec2 u) {
    const std::array<Vec3, 3> corners = mesh.sceneTriangle(t);
    const auto spherical = solidAngleSampling(p, corners);
    if (!spherical)
        return std::nullopt;
    const Vec3 w = sampleSphericalTriangle(*spherical, u);
    // Where w meets the triangle (Moller and Trumbore): its barycentric weights, which the
    // object-space triangle shares, kept inside it against rounding.
    const Vec3 e1 = corners[1] - corners[0], e2 = corners[2] - corners[0];
    const Vec3 pv = cross(w, e2);
    const float determinant = dot(e1, pv);
    if (determinant == 0)
        return std::nullopt;
    const Vec3 tv = p - corners[0];
    float b1 = std::max(0.0f, dot(tv, pv) / determinant);
    float b2 = std::max(0.0f, dot(w, cross(tv, e1)) / determinant);
    if (const float sum = b1 + b2; sum > 1)
        b1 /= sum, b2 /= sum;
    return mesh.pointOnTriangle(t, std::max(0.0f, 1 - b1 - b2), b1, 1 / spherical->solidAngle);
}

} // namespace

MeshLightPieces::MeshLightPieces(const TriangleMesh& mesh) : mesh_(mesh) {
    const auto triangles = static_cast<unsigned>(mesh.primitiveCount());
    pieceOfTriangle_.resize(triangles);
    for (unsigned t = 0; t < triangles; ++t) {
        Piece piece{t, -1, {}};
        if (t + 1 < triangles)
            if (const auto rectangle = rectangleOf(mesh, t)) {
                piece.second = static_cast<int>(t + 1);
                piece.rectangle = *rectangle;
            }
        pieceOfTriangle_[t] = static_cast<unsigned>(pieces_.size());
        if (piece.second >= 0)
            pieceOfTriangle_[++t] = static_cast<unsigned>(pieces_.size());
        pieces_.push_back(piece);
    }
}

float MeshLightPieces::area(unsigned index) const {
    const Piece& piece = pieces_[index];
    return mesh_.triangleArea(piece.first) +
           (piece.second >= 0 ? mesh_.triangleArea(static_cast<unsigned>(piece.second)) : 0.0f);
}

Bounds3 MeshLightPieces::bounds(unsigned index) const {
    const Piece& piece = pieces_[index];
    Bounds3 b = mesh_.triangleBounds(piece.first);
    if (piece.second >= 0) {
        const Bounds3 second = mesh_.triangleBounds(static_cast<unsigned>(piece.second));
        b.extend(second.lower);
        b.extend(second.upper);
    }
    return b;
}

std::optional<Vec3> MeshLightPieces::frontNormal(unsigned index) const {
    const Piece& piece = pieces_[index];
    const auto first = mesh_.triangleFrontNormal(piece.first);
    if (piece.second < 0 || !first)
        return first;
    const auto second = mesh_.triangleFrontNormal(static_cast<unsigned>(piece.second));
    if (!second || dot(*first, *second) < 1 - 1e-5f)
        return std::nullopt;
    return first;
}

AreaSample MeshLightPieces::sampleArea(int index, Vec2 u) const {
    if (index < 0)
        return mesh_.sampleArea(u);
    const Piece& piece = pieces_[static_cast<std::size_t>(index)];
    if (piece.second < 0)
        return mesh_.sampleTriangle(piece.first, u);
    // One triangle in proportion to its area, then a point uniform in it.
    const float area = this->area(static_cast<unsigned>(index)),
                share = mesh_.triangleArea(piece.first) / area;
    const bool first = u.x < share;
    const float remapped = first ? u.x / share : (u.x - share) / (1 - share);
    AreaSample s = mesh_.sampleTriangle(first ? piece.first : static_cast<unsigned>(piece.second),
                                        {std::clamp(remapped, 0.0f, kOneMinusEpsilon), u.y});
    s.pdf = area > 0 ? 1 / area : 0.0f;
    return s;
}

AreaSample MeshLightPieces::pointOnPiece(const Piece& piece, Vec3 q, float pdf) const {
    // The triangle q lies in (the one it is least outside of, against rounding), and q's weights
    // in it, clamped inside.
    std::array<float, 3> w = barycentric(mesh_.sceneTriangle(piece.first), q);
    unsigned t = piece.first;
    const auto second = static_cast<unsigned>(piece.second);
    if (const auto other = barycentric(mesh_.sceneTriangle(second), q);
        std::min({other[0], other[1], other[2]}) > std::min({w[0], w[1], w[2]})) {
        w = other;
        t = second;
    }
    for (float& v : w)
        v = std::max(0.0f, v);
    const float sum = w[0] + w[1] + w[2];
    return mesh_.pointOnTriangle(t, w[0] / sum, w[1] / sum, pdf);
}

std::optional<AreaSample> MeshLightPieces::pieceCone(const Piece& piece, Vec3 p, Vec2 u) const {
    if (piece.second < 0)
        return triangleCone(mesh_, piece.first, p, u);
    const auto spherical = solidAngleSampling(p, piece.rectangle);
    if (!spherical)
        return std::nullopt;
    return pointOnPiece(piece, sampleSphericalRectangle(*spherical, u), 1 / spherical->solidAngle);
}

float MeshLightPieces::pieceConePdf(const Piece& piece, Vec3 p) const {
    if (piece.second < 0) {
        const auto spherical = solidAngleSampling(p, mesh_.sceneTriangle(piece.first));
        return spherical ? 1 / spherical->solidAngle : 0.0f;
    }
    const auto spherical = solidAngleSampling(p, piece.rectangle);
    return spherical ? 1 / spherical->solidAngle : 0.0f;
}

std::optional<AreaSample> MeshLightPieces::sampleCone(int index, Vec3 p, Vec2 u) const {
    if (index >= 0)
        return pieceCone(pieces_[static_cast<std::size_t>(index)], p, u);
    // A triangle by area picks its piece with probability the piece's share of the area; the
    // remapped u is uniform whichever triangle of the piece was picked.
    const TrianglePick pick = mesh_.pickTriangle(u);
    const unsigned piece = pieceOf(static_cast<unsigned>(pick.index));
    auto sample = pieceCone(pieces_[piece], p, pick.u);
    if (sample)
        sample->pdf *= area(piece) / mesh_.area();
    return sample;
}

float MeshLightPieces::conePdf(int index, Vec3 p, unsigned triangle) const {
    if (index >= 0)
        return pieceConePdf(pieces_[static_cast<std::size_t>(index)], p);
    if (triangle >= pieceOfTriangle_.size())
        return 0.0f;
    const unsigned piece = pieceOf(triangle);
    return pieceConePdf(pieces_[piece], p) * area(piece) / mesh_.area();
}

} // namespace lrt
