// The Shape interface's defaults: a shape that does not say it samples its area cannot be asked
// to (the scene builder refuses it as an emitter), and one that has no grid does not tessellate.
#include "renderer/shapes/shape.h"
#include "renderer/shapes/sphere.h"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace lrt;

namespace {

// An implicit surface's minimum: it can be hit, but it has no (u, v) grid and no area sampler.
class ImplicitShape final : public Shape {
public:
    ImplicitShape() : Shape(Transform(), false, false) {}
    RTCGeometry createGeometry(RTCDevice) const override { return nullptr; }
    LocalGeometry geometryAt(const ShapeHit& hit) const override {
        LocalGeometry g;
        g.p = hit.p;
        g.normal = g.shadingNormal = normalize(hit.normal);
        return g;
    }
    std::size_t memoryBytes() const override { return sizeof(*this); }
    Bounds3 sceneBounds() const override { return {{-1, -1, -1}, {1, 1, 1}}; }
};

} // namespace

TEST_CASE("a shape samples its area only when it says so", "[shapes]") {
    const ImplicitShape implicit;
    CHECK_FALSE(implicit.samplesArea());
    CHECK_THROWS_AS(implicit.sampleArea({0.5f, 0.5f}), std::logic_error);
    CHECK_THROWS_AS(implicit.pdfArea(0, LocalGeometry{}), std::logic_error);
    CHECK_FALSE(implicit.tessellate(8, 4).has_value());
    CHECK_FALSE(implicit.sampleCone({0, 0, 5}, {0.5f, 0.5f}).has_value());
    // An implicit shape reads the hit's point and normal, not (u, v).
    const LocalGeometry g = implicit.geometryAt({0, 0, 0, {1, 2, 3}, {0, 0, 4}});
    CHECK(g.p == Vec3{1, 2, 3});
    CHECK(g.normal == Vec3{0, 0, 1});

    const Sphere sphere(Transform(), false, false, 1, -1, 1, 360);
    CHECK(sphere.samplesArea());
    CHECK(sphere.tessellate(8, 4).has_value());
}
