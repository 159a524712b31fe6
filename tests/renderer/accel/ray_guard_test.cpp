// The guard at the Embree boundary: every kind of ray Embree would refuse (its assertions abort the
// process in Debian's build) is counted as a miss and never traced; traceable rays are untouched.
#include "tests/renderer/render_test_support.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <limits>

using namespace lrt;

namespace {
const float kInf = std::numeric_limits<float>::infinity();
const float kNan = std::numeric_limits<float>::quiet_NaN();

// A unit sphere 5 units down +z: the ray from the origin along +z hits it at t = 4.
testing::LoadedScene sphereAhead() {
    return testing::loadScene("WorldBegin\nTranslate 0 0 5\nSphere 1 -1 1 360\nWorldEnd\n");
}
} // namespace

TEST_CASE("isTraceable is Embree's condition on a ray", "[accel][ray guard]") {
    CHECK(isTraceable({{0, 0, 0}, {0, 0, 1}}));
    CHECK(isTraceable({{1e18f, -1e18f, 0}, {0, 0, 1e-30f}, 0, kInf}));
    CHECK(isTraceable({{0, 0, 0}, {0, 0, 1}, 2, 2})); // an empty segment is still a ray
    CHECK(isTraceable({{0, 0, 0}, {0, 0, 1}, 0, 0}));
}

TEST_CASE("each kind of untraceable ray is counted as a miss, not traced", "[accel][ray guard]") {
    const testing::LoadedScene loaded = sphereAhead();
    const Scene& scene = *loaded.scene;
    const Vec3 o{0, 0, 0}, d{0, 0, 1};
    struct Case {
        const char* what;
        Ray ray;
    };
    const Case cases[] = {
        {"NaN origin", {{kNan, 0, 0}, d}},
        {"infinite origin", {{0, -kInf, 0}, d}},
        {"origin beyond 1.844e18", {{0, 0, -2e18f}, d}},
        {"NaN direction", {o, {0, kNan, 1}}},
        {"infinite direction", {o, {0, 0, kInf}}},
        {"direction beyond 1.844e18", {o, {0, 0, 3e18f}}},
        {"zero direction", {o, {0, 0, 0}}},
        {"negative tMin", {o, d, -1, kInf}},
        {"NaN tMin", {o, d, kNan, kInf}},
        {"NaN tMax", {o, d, 0, kNan}},
        {"tMax below tMin", {o, d, 5, 3}},
    };
    for (const Case& c : cases) {
        INFO("a ray with " << c.what << " (scene: a unit sphere at z = 5)");
        CHECK_FALSE(isTraceable(c.ray));
        const std::uint64_t before = scene.refusedRays();
        CHECK_FALSE(scene.intersect(c.ray).has_value());
        CHECK(scene.refusedRays() == before + 1);
        CHECK_FALSE(scene.occluded(c.ray));
        CHECK(scene.refusedRays() == before + 2);
    }
    // The same rays made valid do hit the sphere, and are not counted.
    const std::uint64_t before = scene.refusedRays();
    const auto hit = scene.intersect({o, d});
    REQUIRE(hit.has_value());
    CHECK(hit->t == Approx(4.0f));
    CHECK(scene.occluded({o, d, 0, 10}));
    CHECK(scene.refusedRays() == before);
}

TEST_CASE("a render of a bundled scene refuses no ray", "[accel][ray guard]") {
    std::vector<std::string> scenes, texts;
    for (const auto& entry : std::filesystem::directory_iterator(LRT_SOURCE_DIR "/scenes"))
        if (entry.path().extension() == ".lrt") {
            scenes.push_back(entry.path().filename().string());
            texts.push_back(testing::bundledScene(scenes.back()));
        }
    for (const std::string& name : scenes) {
        // A world included by another scene is rendered as part of it.
        if (std::any_of(texts.begin(), texts.end(), [&](const std::string& text) {
                return text.find("Include \"" + name + "\"") != std::string::npos;
            }))
            continue;
        const testing::LoadedScene loaded =
            testing::loadScene(testing::bundledScene(name), LRT_SOURCE_DIR "/scenes");
        for (const char* integrator : {"whitted", "path"}) {
            INFO("scenes/" << name << ", crop 0.4 0.6 0.4 0.6, 1 spp, --integrator " << integrator);
            CHECK(testing::renderCentre(*loaded.scene, integrator).statistics.invalidRays == 0);
        }
    }
}
