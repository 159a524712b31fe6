// Ear clipping (O(n^2), fine for the polygons scenes contain) after projecting onto the plane
// the Newell normal is most aligned with.
#include "renderer/shapes/polygon_triangulation.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

struct P2 {
    double x, y;
};

double cross2(P2 a, P2 b, P2 c) {
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

double signedArea(const std::vector<P2>& p, const std::vector<int>& loop) {
    double area = 0;
    for (std::size_t i = 0; i < loop.size(); ++i) {
        const P2 a = p[loop[i]], b = p[loop[(i + 1) % loop.size()]];
        area += a.x * b.y - b.x * a.y;
    }
    return area / 2;
}

bool inTriangle(P2 p, P2 a, P2 b, P2 c) {
    return cross2(a, b, p) >= 0 && cross2(b, c, p) >= 0 && cross2(c, a, p) >= 0;
}

bool segmentsCross(P2 a, P2 b, P2 c, P2 d) {
    const double d1 = cross2(c, d, a), d2 = cross2(c, d, b), d3 = cross2(a, b, c),
                 d4 = cross2(a, b, d);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

// Even-odd rule: whether q lies inside the closed loop.
bool insideLoop(const std::vector<P2>& p, const std::vector<int>& loop, P2 q) {
    bool inside = false;
    for (std::size_t i = 0, j = loop.size() - 1; i < loop.size(); j = i++) {
        const P2 a = p[loop[i]], b = p[loop[j]];
        if ((a.y > q.y) != (b.y > q.y) && q.x < (b.x - a.x) * (q.y - a.y) / (b.y - a.y) + a.x)
            inside = !inside;
    }
    return inside;
}

// Whether vertex v lies on the open segment a-b.
bool onSegment(P2 v, P2 a, P2 b) {
    if (std::fabs(cross2(a, b, v)) >
        1e-12 * (1 + std::fabs(a.x) + std::fabs(a.y) + std::fabs(b.x) + std::fabs(b.y)))
        return false;
    const double t = ((v.x - a.x) * (b.x - a.x) + (v.y - a.y) * (b.y - a.y)) /
                     ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
    return t > 0 && t < 1;
}

// Splices `hole` into `outer` through a bridge from the hole's rightmost vertex to a visible
// outer vertex (the bridge is walked both ways, giving one weakly simple loop).
void bridgeHole(const std::vector<P2>& p, std::vector<int>& outer, const std::vector<int>& hole) {
    const auto rightmost =
        std::max_element(hole.begin(), hole.end(), [&](int a, int b) { return p[a].x < p[b].x; });
    const int h = *rightmost;
    int best = -1;
    double bestDistance = INFINITY;
    for (std::size_t i = 0; i < outer.size(); ++i) {
        const int candidate = outer[i];
        const double dx = p[candidate].x - p[h].x, dy = p[candidate].y - p[h].y;
        const double distance = dx * dx + dy * dy;
        if (distance >= bestDistance)
            continue;
        bool visible = true;
        for (std::size_t j = 0; j < outer.size() && visible; ++j) {
            const int a = outer[j], b = outer[(j + 1) % outer.size()];
            if (a != candidate && b != candidate && segmentsCross(p[h], p[candidate], p[a], p[b]))
                visible = false;
        }
        for (std::size_t j = 0; j < hole.size() && visible; ++j) {
            const int a = hole[j], b = hole[(j + 1) % hole.size()];
            if (a != h && b != h && segmentsCross(p[h], p[candidate], p[a], p[b]))
                visible = false;
        }
        // The bridge must not graze other vertices, and must run through the polygon's body,
        // not through the hole.
        for (const std::vector<int>* loop : {static_cast<const std::vector<int>*>(&outer), &hole})
            for (const int v : *loop)
                if (visible && v != h && v != candidate && onSegment(p[v], p[h], p[candidate]))
                    visible = false;
        const P2 middle{(p[h].x + p[candidate].x) / 2, (p[h].y + p[candidate].y) / 2};
        if (visible && (!insideLoop(p, outer, middle) || insideLoop(p, hole, middle)))
            visible = false;
        if (visible) {
            best = static_cast<int>(i);
            bestDistance = distance;
        }
    }
    if (best < 0)
        best = 0;
    const std::size_t start = static_cast<std::size_t>(rightmost - hole.begin());
    std::vector<int> spliced(outer.begin(), outer.begin() + best + 1);
    for (std::size_t k = 0; k <= hole.size(); ++k)
        spliced.push_back(hole[(start + k) % hole.size()]);
    spliced.push_back(outer[static_cast<std::size_t>(best)]);
    spliced.insert(spliced.end(), outer.begin() + best + 1, outer.end());
    outer = std::move(spliced);
}

// Clips ears off a counter-clockwise ring (in the projection p) until one triangle is left.
std::vector<std::array<int, 3>> clipEars(const std::vector<P2>& p, std::vector<int> ring) {
    std::vector<std::array<int, 3>> triangles;
    std::size_t guard = 0;
    while (ring.size() > 3 && guard < 4 * ring.size() * ring.size() + 16) {
        ++guard;
        bool clipped = false;
        for (std::size_t i = 0; i < ring.size(); ++i) {
            const std::size_t prev = (i + ring.size() - 1) % ring.size(),
                              next = (i + 1) % ring.size();
            const P2 a = p[ring[prev]], b = p[ring[i]], c = p[ring[next]];
            if (cross2(a, b, c) <= 0)
                continue; // reflex or degenerate corner
            bool empty = true;
            for (std::size_t j = 0; j < ring.size() && empty; ++j) {
                if (j == prev || j == i || j == next)
                    continue;
                const int q = ring[j];
                if (q == ring[prev] || q == ring[i] || q == ring[next])
                    continue; // bridge duplicates
                if (inTriangle(p[q], a, b, c))
                    empty = false;
            }
            if (!empty)
                continue;
            triangles.push_back({ring[prev], ring[i], ring[next]});
            ring.erase(ring.begin() + static_cast<std::ptrdiff_t>(i));
            clipped = true;
            break;
        }
        if (!clipped) {
            // Numerically stuck (collinear runs): drop the flattest corner and go on.
            ring.erase(ring.begin());
        }
    }
    if (ring.size() == 3 && cross2(p[ring[0]], p[ring[1]], p[ring[2]]) > 0)
        triangles.push_back({ring[0], ring[1], ring[2]});
    return triangles;
}

} // namespace

std::optional<std::vector<std::array<int, 3>>>
triangulatePolygon(const std::vector<Vec3>& points, const std::vector<std::vector<int>>& loops,
                   std::string& error) {
    if (loops.empty() || loops[0].size() < 3) {
        error = "a polygon needs at least 3 vertices";
        return std::nullopt;
    }
    // Newell normal of the outer loop picks the projection plane.
    Vec3 normal;
    const auto& outerLoop = loops[0];
    for (std::size_t i = 0; i < outerLoop.size(); ++i) {
        const Vec3 a = points[outerLoop[i]], b = points[outerLoop[(i + 1) % outerLoop.size()]];
        normal +=
            Vec3{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
    }
    const float ax = std::fabs(normal.x), ay = std::fabs(normal.y), az = std::fabs(normal.z);
    if (ax == 0 && ay == 0 && az == 0) {
        error = "the polygon has zero area";
        return std::nullopt;
    }
    const int drop = ax > ay && ax > az ? 0 : ay > az ? 1 : 2;
    std::vector<P2> p(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Vec3 v = points[i];
        p[i] = drop == 0 ? P2{v.y, v.z} : drop == 1 ? P2{v.z, v.x} : P2{v.x, v.y};
    }

    // Work counter-clockwise in the projection; remember to restore the original winding.
    std::vector<int> outer = outerLoop;
    const bool reversed = signedArea(p, outer) < 0;
    if (reversed)
        std::reverse(outer.begin(), outer.end());
    std::vector<std::vector<int>> holes(loops.begin() + 1, loops.end());
    for (auto& hole : holes)
        if (signedArea(p, hole) > 0)
            std::reverse(hole.begin(), hole.end()); // holes run clockwise
    std::sort(holes.begin(), holes.end(), [&](const auto& a, const auto& b) {
        auto maxX = [&](const std::vector<int>& l) {
            double m = -INFINITY;
            for (int i : l)
                m = std::max(m, p[i].x);
            return m;
        };
        return maxX(a) > maxX(b);
    });
    for (const auto& hole : holes)
        if (hole.size() >= 3)
            bridgeHole(p, outer, hole);

    std::vector<std::array<int, 3>> triangles = clipEars(p, outer);
    if (triangles.empty()) {
        error = "the polygon has zero area";
        return std::nullopt;
    }
    if (reversed)
        for (auto& t : triangles)
            std::swap(t[1], t[2]);
    return triangles;
}

} // namespace lrt
