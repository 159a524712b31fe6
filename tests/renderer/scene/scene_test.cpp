// Hit resolution: what a shape is told of a hit, in its own object space, agrees with the
// geometry it computes from (u, v), for placed, scaled and instanced meshes; and the scene makes
// each integrator once.
#include "renderer/integrators/integrator.h"
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>

using namespace lrt;

TEST_CASE("a shape's hit carries the object-space point and Embree's normal",
          "[scene][intersect]") {
    // A triangle under a rotation and a non-uniform scale, and the same inside an instance.
    const std::string triangle =
        "Shape \"trianglemesh\" \"indices\" [0 1 2] \"P\" [-1 -1 0  1 -1 0  0 1 0]\n";
    const testing::LoadedScene loaded = testing::loadScene(
        "WorldBegin\n"
        "ObjectBegin \"t\"\nRotate 20 0 1 0\n" +
        triangle +
        "ObjectEnd\n"
        "AttributeBegin\nTranslate -2 0 6\nRotate 30 1 1 0\nScale 1 2 0.5\n" +
        triangle +
        "AttributeEnd\n"
        "AttributeBegin\nTranslate 2 0 6\nScale 1.5 1 1\nObjectInstance \"t\"\nAttributeEnd\n"
        "WorldEnd\n");
    const Scene& scene = *loaded.scene;
    int hits = 0;
    for (float x = -3; x <= 3; x += 0.25f)
        for (float y = -1; y <= 1; y += 0.25f) {
            const Ray ray{{0, 0, 0}, normalize(Vec3{x, y, 6})};
            const auto in = scene.intersect(ray);
            RayHit raw;
            std::atomic<std::uint64_t> refused = 0;
            if (!in || !lrt::intersect(scene.embreeScene(), ray, raw, refused))
                continue;
            ++hits;
            INFO("ray towards " << x << " " << y << " 6");
            const ShapeHit h = objectSpaceHit(raw, in->p, in->objectToWorld, *in->primitive->shape);
            // The ray's point, in object space, is the point (u, v) names.
            CHECK(h.p.x == Approx(in->local.p.x).margin(1e-4));
            CHECK(h.p.y == Approx(in->local.p.y).margin(1e-4));
            CHECK(h.p.z == Approx(in->local.p.z).margin(1e-4));
            // The triangle lies in z = 0 of its object space: Embree's normal is +-z there.
            const Vec3 n = normalize(h.normal);
            CHECK(std::fabs(n.z) == Approx(1).margin(1e-5));
            CHECK(std::fabs(dot(n, in->local.normal)) == Approx(1).margin(1e-5));
        }
    CHECK(hits > 20);
}

// Issue 53: the integrator is made once per scene and choice, when the scene is built (its own)
// or when a render first asks for another, and every later render and pixel request shares it.
TEST_CASE("a scene makes each integrator it renders with once", "[scene][integrator]") {
    const testing::LoadedScene loaded = testing::loadScene(
        "SurfaceIntegrator \"whitted\"\nWorldBegin\nSphere 1 -1 1 360\nWorldEnd\n");
    const Scene& scene = *loaded.scene;
    const Integrator& own = scene.integratorFor(std::nullopt);
    CHECK(&scene.integratorFor(std::string("whitted")) == &own);
    const Integrator& path = scene.integratorFor(std::string("path"));
    CHECK(&path != &own);
    CHECK(&scene.integratorFor(std::string("path")) == &path);
    CHECK(path.lightSampler().name == "bvh");
    CHECK(own.lightSampler().name == "all");
}
