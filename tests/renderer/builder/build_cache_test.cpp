// Builds that take over what the last build made (BuildOptions::cache): what is made again for
// each kind of change (counted), the image bitwise that of a build from nothing, a failed build
// that leaves the cache as it was, and the build's progress phases.
#include "renderer/builder/build_cache.h"
#include "tests/renderer/determinism.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <fstream>
#include <limits>

using namespace lrt;

namespace {

// An object of one sphere, instanced twice at x = -1 and `right`; a sphere of radius `radius` and
// a mesh from quad.ply in the world.
std::string cachedScene(double right, double radius, double objectRadius = 0.4) {
    return fmt::format(R"(Format 24 16 1
PixelSamples 1 1
Projection "perspective" "fov" [60]
LookAt 0 0 -6  0 0 0  0 1 0
WorldBegin
LightSource "distantlight" "from" [0 0 -5] "to" [0 0 0] "intensity" [3]
ObjectBegin "ball"
  Sphere {2} -{2} {2} 360
ObjectEnd
AttributeBegin Translate -1 1 0 ObjectInstance "ball" AttributeEnd
AttributeBegin Translate {0} 1 0 ObjectInstance "ball" AttributeEnd
AttributeBegin Translate 0 -1 0 Sphere {1} -{1} {1} 360 AttributeEnd
Shape "plymesh" "filename" "quad.ply"
WorldEnd
)",
                       right, radius, objectRadius);
}

void writeQuad(const std::filesystem::path& path, double z) {
    std::ofstream(path) << fmt::format("ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\n"
                                       "property float y\nproperty float z\nelement face 1\n"
                                       "property list uchar int vertex_indices\nend_header\n"
                                       "-3 -3 {0}\n3 -3 {0}\n3 3 {0}\n-3 3 {0}\n4 0 1 2 3\n",
                                       z);
}

struct Built {
    std::vector<FrameDescription> frames; // the scene's locations view their sources
    std::unique_ptr<Scene> scene;
    Image image;
};

// A scratch folder holding quad.ply (at z = 2), a device, and a cache for its builds; meshes of
// `ownBvhTriangles` triangles or more get BVHs of their own.
struct CachedBuilds {
    explicit CachedBuilds(std::size_t ownBvhTriangles = kOwnBvhTriangles)
        : ownBvhTriangles(ownBvhTriangles) {
        writeQuad(folder / "quad.ply", 2);
    }
    // `text` built (with the cache, or from nothing) and rendered.
    Built build(const std::string& text, bool cached = true) {
        Built built;
        built.frames = parseSceneString(text, (folder / "scene.lrt").string(),
                                        registeredVocabulary(), folder.string());
        BuildOptions options = testing::bundledData();
        options.cache = cached ? &cache : nullptr;
        options.ownBvhTriangles = ownBvhTriangles;
        built.scene = buildScene(built.frames.front(), device.get(), options);
        built.image = render(*built.scene, {}).image;
        return built;
    }

    std::size_t ownBvhTriangles;
    testing::ScratchDirectory folder{"lrt_build_cache_"};
    EmbreeDevice device;
    BuildCache cache;
};

// What `built` made and took over: statements made, reused; BVHs built, reused.
std::array<std::size_t, 4> counts(const Built& built) {
    const BuildReuse& s = built.scene->statistics().reuse;
    return {s.statementsMade, s.statementsReused, s.bvhsBuilt, s.bvhsReused};
}

} // namespace

TEST_CASE("a build with a cache makes again only the statements and BVHs that changed, and "
          "renders the bits of a build from nothing",
          "[scene][builder][cache]") {
    CachedBuilds builds;
    using Counts = std::array<std::size_t, 4>;
    // {text, what the build with the cache makes again: statements made, reused, BVHs built,
    // reused}, each after the one before.
    const std::vector<std::tuple<const char*, std::string, Counts>> steps = {
        {"the first build", cachedScene(1, 0.5), {3, 0, 2, 0}},
        {"nothing changed", cachedScene(1, 0.5), {0, 3, 0, 2}},
        {"an instance moved", cachedScene(1.5, 0.5), {0, 3, 1, 1}},
        {"the world's sphere", cachedScene(1.5, 0.6), {1, 2, 1, 1}},
        {"the object's sphere", cachedScene(1.5, 0.6, 0.3), {1, 2, 2, 0}},
    };
    for (const auto& [what, text, expected] : steps) {
        INFO(what << "; the scene:\n" << text);
        const Built cached = builds.build(text);
        CHECK(counts(cached) == expected);
        const Built fresh = builds.build(text, false);
        CHECK(counts(fresh) == Counts{3, 0, 2, 0});
        CHECK(testing::sameBits(cached.image, fresh.image));
    }
}

TEST_CASE("a mesh with a BVH of its own keeps it while other things change, and the image is "
          "the one with every mesh in the world's BVH",
          "[scene][builder][cache]") {
    CachedBuilds builds(1); // quad.ply's two triangles are enough for a BVH of its own
    CachedBuilds flat(std::numeric_limits<std::size_t>::max());
    using Counts = std::array<std::size_t, 4>;
    // BVHs: the object's, the world's, the mesh's.
    std::string text = cachedScene(1, 0.5);
    CHECK(counts(builds.build(text)) == Counts{3, 0, 3, 0});
    text = cachedScene(1, 0.6); // the world's sphere
    Built built = builds.build(text);
    CHECK(counts(built) == Counts{1, 2, 1, 2});
    CHECK(testing::sameBits(built.image, flat.build(text, false).image));
    text = cachedScene(1.5, 0.6); // an instance
    built = builds.build(text);
    CHECK(counts(built) == Counts{0, 3, 1, 2});
    CHECK(testing::sameBits(built.image, flat.build(text, false).image));
    writeQuad(builds.folder / "quad.ply", 1.5); // the mesh itself
    writeQuad(flat.folder / "quad.ply", 1.5);
    builds.cache.invalidate(
        std::filesystem::absolute(builds.folder / "quad.ply").lexically_normal());
    built = builds.build(text);
    CHECK(counts(built) == Counts{1, 2, 2, 1});
    CHECK(testing::sameBits(built.image, flat.build(text, false).image));
}

TEST_CASE("a mesh file is read again when the cache is told it changed",
          "[scene][builder][cache]") {
    CachedBuilds builds;
    const std::string text = cachedScene(1, 0.5);
    const Built first = builds.build(text);
    writeQuad(builds.folder / "quad.ply", 1);
    builds.cache.invalidate(
        std::filesystem::absolute(builds.folder / "quad.ply").lexically_normal());
    const Built second = builds.build(text);
    CHECK(counts(second) == std::array<std::size_t, 4>{1, 2, 1, 1});
    CHECK_FALSE(testing::sameBits(second.image, first.image));
    CHECK(testing::sameBits(second.image, builds.build(text, false).image));
    // invalidateAll: everything is made again.
    builds.cache.invalidateAll();
    CHECK(counts(builds.build(text)) == std::array<std::size_t, 4>{3, 0, 2, 0});
}

TEST_CASE("a build that fails leaves the cache as the last good build left it",
          "[scene][builder][cache]") {
    CachedBuilds builds;
    const std::string text = cachedScene(1, 0.5);
    builds.build(text);
    std::string broken = text;
    broken.replace(broken.find("Sphere 0.5"), 10, "Surface \"nosuchshader\" Sphere 0.5");
    CHECK_THROWS_AS(builds.build(broken), SceneError);
    CHECK(counts(builds.build(text)) == std::array<std::size_t, 4>{0, 3, 0, 2});
}

TEST_CASE("a build reports reading its mesh files and building its BVHs, each up to 1",
          "[scene][builder][progress]") {
    CachedBuilds builds;
    const std::vector<FrameDescription> frames =
        parseSceneString(cachedScene(1, 0.5), (builds.folder / "scene.lrt").string(),
                         registeredVocabulary(), builds.folder.string());
    BuildOptions options = testing::bundledData();
    std::vector<std::pair<std::string, double>> reports;
    options.onProgress = [&](std::string_view phase, double fraction) {
        reports.emplace_back(phase, fraction);
    };
    buildScene(frames.front(), builds.device.get(), options);
    // Phases in order, each from its first report to its last, fractions never going back.
    std::vector<std::string> phases;
    for (std::size_t i = 0; i < reports.size(); ++i) {
        INFO("report " << i << ": " << reports[i].first << " " << reports[i].second);
        CHECK(reports[i].second >= 0);
        CHECK(reports[i].second <= 1);
        if (phases.empty() || phases.back() != reports[i].first) {
            if (!phases.empty())
                CHECK(reports[i - 1].second == 1.0);
            phases.push_back(reports[i].first);
        } else { // a phase may run again (a BVH per object, then the world's) once it ended
            CHECK((reports[i].second >= reports[i - 1].second || reports[i - 1].second == 1.0));
        }
    }
    REQUIRE_FALSE(reports.empty());
    CHECK(reports.back().second == 1.0);
    // The object's BVH, then the world's.
    CHECK(phases == std::vector<std::string>{"reading quad.ply", "building BVH"});
}
