// Marching tetrahedra: no ambiguous cases and no tables beyond the cube's split into six
// tetrahedra around its main diagonal.
#include "renderer/shapes/implicit_surface_mesh.h"

#include <cmath>

namespace lrt {

namespace {

// The cube's corners by bits (x, y, z), and its six tetrahedra around the diagonal 0-7.
constexpr int kTetrahedra[6][4] = {{0, 1, 3, 7}, {0, 3, 2, 7}, {0, 2, 6, 7},
                                   {0, 6, 4, 7}, {0, 4, 5, 7}, {0, 5, 1, 7}};

Vec3 crossing(Vec3 a, float fa, Vec3 b, float fb) {
    const float t = fa / (fa - fb);
    return a + (b - a) * t;
}

// The one or two triangles where f changes sign inside a tetrahedron.
void polygonizeTetrahedron(const std::array<Vec3, 4>& p, const std::array<float, 4>& f,
                           std::vector<MeshTriangle>& out) {
    std::array<int, 4> inside{}, outside{};
    int in = 0, outCount = 0;
    for (int i = 0; i < 4; ++i) {
        if (!std::isfinite(f[static_cast<std::size_t>(i)]))
            return;
        (f[static_cast<std::size_t>(i)] < 0 ? inside[static_cast<std::size_t>(in++)]
                                            : outside[static_cast<std::size_t>(outCount++)]) = i;
    }
    const auto cut = [&](int a, int b) {
        return crossing(p[static_cast<std::size_t>(a)], f[static_cast<std::size_t>(a)],
                        p[static_cast<std::size_t>(b)], f[static_cast<std::size_t>(b)]);
    };
    if (in == 1 || in == 3) { // one corner on its own side: a triangle around it
        const int lone = in == 1 ? inside[0] : outside[0];
        const std::array<int, 3>& others =
            in == 1 ? std::array<int, 3>{outside[0], outside[1], outside[2]}
                    : std::array<int, 3>{inside[0], inside[1], inside[2]};
        out.push_back({cut(lone, others[0]), cut(lone, others[1]), cut(lone, others[2])});
    } else if (in == 2) { // two and two: a quadrilateral
        const Vec3 a = cut(inside[0], outside[0]), b = cut(inside[0], outside[1]),
                   c = cut(inside[1], outside[1]), d = cut(inside[1], outside[0]);
        out.push_back({a, b, c});
        out.push_back({a, c, d});
    }
}

} // namespace

std::vector<MeshTriangle> polygonizeImplicit(const std::function<float(Vec3)>& f,
                                             const Bounds3& box, int resolution) {
    const auto n = static_cast<std::size_t>(resolution) + 1;
    const Vec3 size = box.upper - box.lower;
    const auto at = [&](std::size_t i, std::size_t j, std::size_t k) {
        const float r = static_cast<float>(resolution);
        return box.lower + Vec3{size.x * static_cast<float>(i) / r,
                                size.y * static_cast<float>(j) / r,
                                size.z * static_cast<float>(k) / r};
    };
    std::vector<float> values(n * n * n);
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t j = 0; j < n; ++j)
            for (std::size_t i = 0; i < n; ++i)
                values[(k * n + j) * n + i] = f(at(i, j, k));
    std::vector<MeshTriangle> triangles;
    for (std::size_t k = 0; k + 1 < n; ++k)
        for (std::size_t j = 0; j + 1 < n; ++j)
            for (std::size_t i = 0; i + 1 < n; ++i) {
                std::array<Vec3, 8> corner;
                std::array<float, 8> value;
                for (std::size_t c = 0; c < 8; ++c) {
                    const std::size_t x = i + (c & 1), y = j + ((c >> 1) & 1),
                                      z = k + ((c >> 2) & 1);
                    corner[c] = at(x, y, z);
                    value[c] = values[(z * n + y) * n + x];
                }
                for (const auto& tetrahedron : kTetrahedra) {
                    std::array<Vec3, 4> p;
                    std::array<float, 4> v;
                    for (std::size_t t = 0; t < 4; ++t) {
                        p[t] = corner[static_cast<std::size_t>(tetrahedron[t])];
                        v[t] = value[static_cast<std::size_t>(tetrahedron[t])];
                    }
                    polygonizeTetrahedron(p, v, triangles);
                }
            }
    return triangles;
}

} // namespace lrt
