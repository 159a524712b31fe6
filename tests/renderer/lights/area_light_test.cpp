// Area lights on meshes, sampled by solid angle near the light and by area far from it, a
// rectangle of two triangles as one piece and other triangles one by one: the estimates of
// irradiance converge to Lambert's closed form for a polygon, the density a sample reports is the
// one pdfAt gives its point, and the density integrates to 1 over all directions.
#include "renderer/lights/area_light.h"
#include "renderer/lights/mesh_light_pieces.h"
#include "renderer/sampling/pcg32.h"
#include "renderer/sampling/spherical_triangle.h"
#include "renderer/shapes/triangle_mesh.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <vector>

using namespace lrt;

namespace {

// A 2 x 2 square light at height 2, over [-1, 1]^2, as two triangles (one light piece); two-sided.
TriangleMesh squareLight() {
    MeshData data;
    data.positions = {{-1, -1, 2}, {1, -1, 2}, {1, 1, 2}, {-1, 1, 2}};
    data.triangles = {{0, 1, 2}, {0, 2, 3}};
    return TriangleMesh(Transform(), false, false, std::move(data));
}

// A parallelogram that is no rectangle, at height 2: two triangles, two light pieces.
const std::vector<Vec3> kParallelogram = {{-1, -1, 2}, {1, -1, 2}, {1.5f, 1, 2}, {-0.5f, 1, 2}};
TriangleMesh parallelogramLight() {
    MeshData data;
    data.positions = kParallelogram;
    data.triangles = {{0, 1, 2}, {0, 2, 3}};
    return TriangleMesh(Transform(), false, false, std::move(data));
}

// Lambert's formula for the irradiance at p (normal +z) from a polygon of radiance L entirely
// above p's plane: E = L / 2 |sum_i angle(v_i, v_i+1) (n . unit(v_i x v_i+1))|, v_i the directions
// to the corners.
double lambertIrradiance(Vec3 p, const std::vector<Vec3>& polygon, double L) {
    double sum = 0;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Vec3 a = normalize(polygon[i] - p),
                   b = normalize(polygon[(i + 1) % polygon.size()] - p);
        const Vec3 c = cross(a, b);
        const double angle = std::atan2(double{length(c)}, double{dot(a, b)});
        sum += angle * c.z / length(c);
    }
    return L / 2 * std::fabs(sum);
}

// The triangle of squareLight() a point of the square lies in (the diagonal is x = y).
unsigned triangleAt(Vec3 q) {
    return q.x >= q.y ? 0u : 1u;
}

struct Point {
    Vec3 p;
    // Whether the square is sampled by solid angle: p within nearEnoughForSolidAngle's reach and
    // its solid angle in sampledBySolidAngle's range.
    bool bySolidAngle;
};

// The square's radius (half its diagonal) is sqrt 2 = 1.41.
const Point kPoints[] = {
    {{0.3f, -0.2f, 1.7f}, true},  // close under the light
    {{0.5f, 0.25f, 0}, true},     // 2.08 from the centre: within 2 radii (2.83)
    {{0.5f, 0.25f, -2}, false},   // 4.04 away: by area, though it subtends 0.24 sr
    {{1.5f, -0.5f, -150}, false}, // far: the square subtends less than 3e-4 sr
};

} // namespace

TEST_CASE("the two triangles of a rectangle are one light piece, others one each",
          "[lights][solidangle]") {
    const TriangleMesh squareMesh = squareLight(), parallelogramMesh = parallelogramLight();
    const MeshLightPieces square(squareMesh), parallelogram(parallelogramMesh);
    CHECK(square.count() == 1);
    CHECK(square.pieceOf(1) == 0);
    CHECK(square.area(0) == Approx(4));
    CHECK(parallelogram.count() == 2);
    CHECK(parallelogram.pieceOf(1) == 1);
    for (const Point& point : kPoints)
        CHECK((square.conePdf(0, point.p, 0) > 0) == point.bySolidAngle);
    // A rectangle turned and scaled alike on every axis stays one; scaled unevenly along a
    // direction across its edges it becomes a parallelogram.
    MeshData data;
    data.positions = {{-1, -1, 2}, {1, -1, 2}, {1, 1, 2}, {-1, 1, 2}};
    data.triangles = {{0, 1, 2}, {0, 2, 3}};
    const Transform turned = Transform::rotate(30, {1, 2, 3}) * Transform::scale(2, 2, 2);
    const TriangleMesh turnedMesh(turned, false, false, data);
    CHECK(MeshLightPieces(turnedMesh).count() == 1);
    const Transform sheared = Transform::rotate(45, {0, 0, 1}) * Transform::scale(1, 3, 1) *
                              Transform::rotate(20, {0, 0, 1});
    const TriangleMesh shearedMesh(sheared, false, false, std::move(data));
    CHECK(MeshLightPieces(shearedMesh).count() == 2);
}

TEST_CASE("area light on meshes: irradiance estimates converge to Lambert's formula",
          "[lights][solidangle]") {
    for (const bool rectangle : {true, false}) {
        const TriangleMesh mesh = rectangle ? squareLight() : parallelogramLight();
        const std::vector<Vec3> corners =
            rectangle ? std::vector<Vec3>{{-1, -1, 2}, {1, -1, 2}, {1, 1, 2}, {-1, 1, 2}}
                      : kParallelogram;
        AreaLight light(Color(2), true);
        light.addShape(&mesh);
        const auto pieces = static_cast<int>(light.piecesOf(mesh)->count());
        for (const Point& point : kPoints) {
            const Vec3 p = point.p;
            const double expected = lambertIrradiance(p, corners, 2);
            // Whole-shape sampling (sample()), and one piece picked at a time (samplePiece(), as
            // light samplers pick them, here each with probability 1 / pieces).
            for (const bool byPiece : {false, true}) {
                const int n = 128;
                double sum = 0, squares = 0;
                for (int j = 0; j < n; ++j)
                    for (int i = 0; i < n; ++i) {
                        Vec2 u{(static_cast<float>(i) + 0.5f) / n,
                               (static_cast<float>(j) + 0.5f) / n};
                        std::optional<LightSample> s;
                        double weight = 1;
                        if (byPiece) {
                            const int piece = std::min(pieces - 1, static_cast<int>(u.x * pieces));
                            u.x = u.x * static_cast<float>(pieces) - static_cast<float>(piece);
                            s = light.samplePiece(mesh, piece, p, u);
                            weight = pieces;
                        } else {
                            s = light.sample(p, u);
                        }
                        REQUIRE(s);
                        const double e = weight * s->E.r * std::max(0.0f, s->wi.z);
                        sum += e;
                        squares += e * e;
                    }
                const double count = n * n, mean = sum / count;
                const double error =
                    std::sqrt(std::max(0.0, squares / count - mean * mean) / count);
                INFO((rectangle ? "square" : "parallelogram")
                     << ", p = (" << p.x << ", " << p.y << ", " << p.z << "), "
                     << (byPiece ? "by piece" : "whole light") << ": mean " << mean << ", Lambert "
                     << expected << ", standard error " << error);
                CHECK(std::fabs(mean - expected) <= 5 * error + 1e-6 * expected);
            }
        }
    }
}

TEST_CASE("area light on meshes: a sample's density is the one pdfAt gives its point",
          "[lights][solidangle]") {
    const TriangleMesh mesh = squareLight();
    AreaLight light(Color(1), true);
    light.addShape(&mesh);
    for (const Point& point : kPoints)
        for (int j = 0; j < 8; ++j)
            for (int i = 0; i < 8; ++i) {
                const Vec2 u{(static_cast<float>(i) + 0.3f) / 8,
                             (static_cast<float>(j) + 0.6f) / 8};
                const auto s = light.sample(point.p, u);
                REQUIRE(s);
                const Vec3 q = point.p + s->wi * s->distance;
                INFO("p = (" << point.p.x << ", " << point.p.y << ", " << point.p.z << "), u = ("
                             << u.x << ", " << u.y << "), q = (" << q.x << ", " << q.y << ", "
                             << q.z << ")");
                CHECK(q.z == Approx(2).margin(1e-3));
                CHECK(std::max(std::fabs(q.x), std::fabs(q.y)) <= 1.001f);
                CHECK(light.pdfAt(point.p, q, {0, 0, -1}, mesh, triangleAt(q), LocalGeometry{}) ==
                      Approx(s->pdf).epsilon(2e-3));
                const auto piece = light.samplePiece(mesh, 0, point.p, u);
                REQUIRE(piece);
                const Vec3 r = point.p + piece->wi * piece->distance;
                CHECK(light.pdfOfPiece(point.p, r, {0, 0, -1}, mesh, 0, triangleAt(r),
                                       LocalGeometry{}) == Approx(piece->pdf).epsilon(2e-3));
            }
}

TEST_CASE("area light on meshes: the density integrates to 1 over all directions",
          "[lights][solidangle]") {
    // 4 pi times the mean density over uniform directions, within 5 standard errors; where the
    // triangles are sampled by area, that density converted to solid angle integrates to 1 too.
    const TriangleMesh mesh = squareLight();
    AreaLight light(Color(1), true);
    light.addShape(&mesh);
    Pcg32 random(5);
    for (const Point& point : kPoints) {
        const Vec3 p = point.p;
        // Directions uniform within the cone around the light's bounding sphere (centre
        // (0, 0, 2), radius sqrt 2), so that a far point's speck of a light is still hit: the
        // cone's solid angle replaces 4 pi.
        const Vec3 toCentre = Vec3{0, 0, 2} - p;
        const Vec3 axis = normalize(toCentre);
        const float distance2 = lengthSquared(toCentre);
        const float cosMax = distance2 > 2 ? std::sqrt(1 - 2 / distance2) : -1.0f;
        Vec3 s, t;
        orthonormalBasis(axis, s, t);
        const int n = 400000;
        double sum = 0, squares = 0;
        for (int i = 0; i < n; ++i) {
            const float z = 1 - random.uniform() * (1 - cosMax);
            const float phi = 2 * std::numbers::pi_v<float> * random.uniform();
            const float r = std::sqrt(std::max(0.0f, 1 - z * z));
            const Vec3 w = s * (r * std::cos(phi)) + t * (r * std::sin(phi)) + axis * z;
            double pdf = 0;
            if (w.z > 0) {
                const float distance = (2 - p.z) / w.z;
                const Vec3 q = p + w * distance;
                if (std::fabs(q.x) <= 1 && std::fabs(q.y) <= 1)
                    pdf = light.pdfAt(p, q, {0, 0, -1}, mesh, triangleAt(q), LocalGeometry{});
            }
            sum += pdf;
            squares += pdf * pdf;
        }
        const double cone = 2 * std::numbers::pi * (1 - cosMax);
        const double mean = sum / n, error = std::sqrt((squares / n - mean * mean) / n);
        INFO("p = (" << p.x << ", " << p.y << ", " << p.z << "): integral " << cone * mean
                     << ", standard error " << cone * error);
        CHECK(std::fabs(cone * mean - 1) <= 5 * cone * error);
    }
}
