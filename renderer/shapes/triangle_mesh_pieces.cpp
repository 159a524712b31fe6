// A triangle mesh as an area light's pieces: its triangles, with each pair of consecutive
// triangles that make a rectangle joined into one piece sampled as the rectangle by solid angle.
#include "renderer/sampling/spherical_rectangle.h"
#include "renderer/sampling/spherical_triangle.h"
#include "renderer/sampling/unit_interval.h"
#include "renderer/shapes/triangle_area_sampling.h"
#include "renderer/shapes/triangle_mesh.h"

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

} // namespace

std::optional<Rectangle> TriangleMesh::rectangleOf(unsigned t) const {
    const auto& a = data_.triangles[t];
    const auto& b = data_.triangles[t + 1];
    std::array<int, 2> shared{};
    int count = 0, onlyA = -1, onlyB = -1;
    for (const int v : a) {
        if (std::find(b.begin(), b.end(), v) == b.end())
            onlyA = v;
        else if (count < 2)
            shared[static_cast<std::size_t>(count++)] = v;
    }
    for (const int v : b)
        if (std::find(a.begin(), a.end(), v) == a.end())
            onlyB = v;
    if (count != 2 || onlyA < 0 || onlyB < 0)
        return std::nullopt;
    const auto at = [&](int v) {
        return objectToScene().point(data_.positions[static_cast<std::size_t>(v)]);
    };
    const Vec3 s0 = at(shared[0]), s1 = at(shared[1]), oa = at(onlyA), ob = at(onlyB);
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

const std::vector<TriangleMesh::LightPiece>& TriangleMesh::lightPieces() const {
    std::call_once(piecesComputed_, [this] {
        const auto triangles = static_cast<unsigned>(data_.triangles.size());
        pieceOfTriangle_.resize(triangles);
        for (unsigned t = 0; t < triangles; ++t) {
            LightPiece piece{t, -1, {}};
            if (t + 1 < triangles)
                if (const auto rectangle = rectangleOf(t)) {
                    piece.second = static_cast<int>(t + 1);
                    piece.rectangle = *rectangle;
                }
            pieceOfTriangle_[t] = static_cast<unsigned>(pieces_.size());
            if (piece.second >= 0)
                pieceOfTriangle_[++t] = static_cast<unsigned>(pieces_.size());
            pieces_.push_back(piece);
        }
    });
    return pieces_;
}

unsigned TriangleMesh::lightPieceOf(unsigned triangle) const {
    lightPieces();
    return pieceOfTriangle_[triangle];
}

float TriangleMesh::pieceArea(unsigned index) const {
    const LightPiece& piece = lightPieces()[index];
    return triangleArea(piece.first) +
           (piece.second >= 0 ? triangleArea(static_cast<unsigned>(piece.second)) : 0.0f);
}

Bounds3 TriangleMesh::pieceBounds(unsigned index) const {
    const LightPiece& piece = lightPieces()[index];
    Bounds3 b = triangleBounds(piece.first);
    if (piece.second >= 0) {
        const Bounds3 second = triangleBounds(static_cast<unsigned>(piece.second));
        b.extend(second.lower);
        b.extend(second.upper);
    }
    return b;
}

std::optional<Vec3> TriangleMesh::pieceFrontNormal(unsigned index) const {
    const LightPiece& piece = lightPieces()[index];
    const auto first = triangleFrontNormal(piece.first);
    if (piece.second < 0 || !first)
        return first;
    const auto second = triangleFrontNormal(static_cast<unsigned>(piece.second));
    if (!second || dot(*first, *second) < 1 - 1e-5f)
        return std::nullopt;
    return first;
}

AreaSample TriangleMesh::samplePiece(unsigned index, Vec2 u) const {
    const LightPiece& piece = lightPieces()[index];
    if (piece.second < 0)
        return sampleTriangle(piece.first, u);
    // One triangle in proportion to its area, then a point uniform in it.
    const float area = pieceArea(index), share = triangleArea(piece.first) / area;
    const bool first = u.x < share;
    const float remapped = first ? u.x / share : (u.x - share) / (1 - share);
    AreaSample s = sampleTriangle(first ? piece.first : static_cast<unsigned>(piece.second),
                                  {std::clamp(remapped, 0.0f, kOneMinusEpsilon), u.y});
    s.pdf = area > 0 ? 1 / area : 0.0f;
    return s;
}

AreaSample TriangleMesh::pointOnPiece(const LightPiece& piece, Vec3 q, float pdf) const {
    // The triangle q lies in (the one it is least outside of, against rounding), and q's weights
    // in it, clamped inside.
    std::array<float, 3> w = barycentric(sceneTriangle(piece.first), q);
    unsigned t = piece.first;
    const auto second = static_cast<unsigned>(piece.second);
    if (const auto other = barycentric(sceneTriangle(second), q);
        std::min({other[0], other[1], other[2]}) > std::min({w[0], w[1], w[2]})) {
        w = other;
        t = second;
    }
    for (float& v : w)
        v = std::max(0.0f, v);
    const float sum = w[0] + w[1] + w[2];
    return pointOnTriangle(t, w[0] / sum, w[1] / sum, pdf);
}

std::optional<AreaSample> TriangleMesh::samplePieceCone(unsigned index, Vec3 p, Vec2 u) const {
    const LightPiece& piece = lightPieces()[index];
    if (piece.second < 0)
        return sampleTriangleCone(piece.first, p, u);
    const auto spherical = solidAngleSampling(p, piece.rectangle);
    if (!spherical)
        return std::nullopt;
    return pointOnPiece(piece, sampleSphericalRectangle(*spherical, u), 1 / spherical->solidAngle);
}

float TriangleMesh::pieceConePdf(unsigned index, Vec3 p) const {
    const LightPiece& piece = lightPieces()[index];
    if (piece.second < 0)
        return triangleConePdf(piece.first, p);
    const auto spherical = solidAngleSampling(p, piece.rectangle);
    return spherical ? 1 / spherical->solidAngle : 0.0f;
}

std::optional<AreaSample> TriangleMesh::sampleCone(Vec3 p, Vec2 u) const {
    // A triangle by area picks its piece with probability the piece's share of the area; the
    // remapped u is uniform whichever triangle of the piece was picked.
    const TrianglePick pick = pickTriangleByArea(areaCdf(), u);
    const unsigned piece = lightPieceOf(static_cast<unsigned>(pick.index));
    auto sample = samplePieceCone(piece, p, pick.u);
    if (sample)
        sample->pdf *= pieceArea(piece) / areaCdf().back();
    return sample;
}

float TriangleMesh::conePdf(Vec3 p, unsigned primitive) const {
    if (primitive >= data_.triangles.size())
        return 0.0f;
    const unsigned piece = lightPieceOf(primitive);
    return pieceConePdf(piece, p) * pieceArea(piece) / areaCdf().back();
}

} // namespace lrt
