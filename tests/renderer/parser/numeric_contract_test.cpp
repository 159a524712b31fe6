// The numeric contract of the camera statements and of transforms: the exact message on each side
// of each limit, the derived checks of the camera (reported at WorldBegin, naming what shaped it)
// and of the current transform, and meshes' non-finite triangles dropped and counted.
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <string_view>

using namespace lrt;

namespace {

// Parses `options` before an empty world; the error's line, column and message, or "" if none.
std::string sceneParseError(const std::string& options) {
    try {
        parseSceneString(options + "WorldBegin\nWorldEnd\n", "c.lrt", registeredVocabulary());
        return "";
    } catch (const SceneError& e) {
        return fmt::format("{}:{}: {}", e.where().line, e.where().column, e.diagnostic().message);
    }
}

// Builds the camera of `options` over a one-sphere world; "" or the build error as sceneParseError.
std::string cameraError(const std::string& options) {
    try {
        testing::loadScene(options + "WorldBegin\nSphere 1 -1 1 360\nWorldEnd\n");
        return "";
    } catch (const SceneError& e) {
        return fmt::format("{}:{}: {}", e.where().line, e.where().column, e.diagnostic().message);
    }
}

} // namespace

TEST_CASE("each camera statement's numbers, on each side of each limit", "[parser][contract]") {
    struct Case {
        const char* statement;
        const char* error; // "" when accepted
    };
    const Case cases[] = {
        {"Format 1 1 1", ""},
        {"Format 65536 1 1", ""},
        {"Format 0 1 1", "1:8: xresolution of Format is 0, outside its domain: an integer in [1, "
                         "65536]"},
        {"Format 65537 1 1", "1:8: xresolution of Format is 65537, outside its domain: an integer "
                             "in [1, 65536]"},
        {"Format 4 2.5 1", "1:10: yresolution of Format is 2.5, outside its domain: an integer in "
                           "[1, 65536]"},
        {"Format 4 3 0.0001", ""},
        {"Format 4 3 10000", ""},
        {"Format 4 3 0.000099", "1:12: pixelaspectratio of Format is 9.9e-05, outside its domain: "
                                "a real in [0.0001, 10000]"},
        {"Format 4 3 1e38", "1:12: pixelaspectratio of Format is 1e+38, outside its domain: a "
                            "real in [0.0001, 10000]"},
        {"FrameAspectRatio 1e6", ""},
        {"FrameAspectRatio 1e-6", ""},
        {"FrameAspectRatio 1.000001e6", "1:18: ratio of FrameAspectRatio is 1000001, outside "
                                        "its domain: a real in [1e-06, 1000000]"},
        {"FrameAspectRatio 0", "1:18: ratio of FrameAspectRatio is 0, outside its domain: a real "
                               "in [1e-06, 1000000]"},
        {"ScreenWindow -1e6 1e6 -1 1", ""},
        {"ScreenWindow -1 1 -1 2e6", "1:22: top of ScreenWindow is 2000000, outside its domain: "
                                     "a real in [-1000000, 1000000]"},
        {"ScreenWindow 1 -1 -1 1", "1:1: ScreenWindow expects left < right and bottom < top"},
        {"Clipping 1e-38 1e38", ""},
        {"Clipping 1e30 1e38", ""},
        {"Clipping 0 10", "1:10: near of Clipping is 0, outside its domain: a real in (0, 1e+30]"},
        {"Clipping 2e30 1e38", "1:10: near of Clipping is 2e+30, outside its domain: a real in "
                               "(0, 1e+30]"},
        {"Clipping 1 -1", "1:12: far of Clipping is -1, outside its domain: a real > 0"},
        {"Clipping 5 1", "1:1: Clipping expects near < far"},
        {"DepthOfField 1e-38 1 1", ""},
        {"DepthOfField 0 1 1", "1:14: fstop of DepthOfField is 0, outside its domain: a real > 0"},
        {"DepthOfField 2 -1 1", "1:16: focallength of DepthOfField is -1, outside its domain: a "
                                "real > 0"},
        {"DepthOfField 2 1 0", "1:18: focaldistance of DepthOfField is 0, outside its domain: a "
                               "real > 0"},
        {"Projection \"perspective\" \"fov\" [179.99]", ""},
        {"Projection \"perspective\" \"fov\" [1e-30]", ""},
        {"Projection \"perspective\" \"fov\" [180]",
         "1:26: fov of Projection \"perspective\" is 180, outside its domain: a real in (0, 180)"},
        {"Projection \"perspective\" \"fov\" [0]",
         "1:26: fov of Projection \"perspective\" is 0, outside its domain: a real in (0, 180)"},
        {"PixelSamples 1024 1", ""},
        {"PixelSamples 1025 1", "1:14: xsamples of PixelSamples is 1025, outside its domain: an "
                                "integer in [1, 1024]"},
        {"PixelFilter \"box\" 16 0.001", ""},
        {"PixelFilter \"box\" 17 1", "1:19: xwidth of PixelFilter is 17, outside its domain: a "
                                     "real in (0, 16]"},
        {"Exposure 1e-38 1e38", ""},
        {"Exposure 1 0", "1:12: gamma of Exposure is 0, outside its domain: a real > 0"},
    };
    for (const Case& c : cases) {
        INFO("scene: " << c.statement << "\nWorldBegin\nWorldEnd");
        // Projection parameters are checked when the camera is made.
        const std::string scene = c.statement + std::string("\n");
        const bool projection = std::string_view(c.statement).starts_with("Projection");
        const std::string error = projection ? cameraError(scene) : sceneParseError(scene);
        CHECK(error == c.error);
    }
}

TEST_CASE("a camera that cannot make traceable rays is an error at WorldBegin naming its "
          "statements",
          "[parser][contract]") {
    // Each value is within its own domain; together they make rays Embree cannot take.
    const std::string lens = cameraError("Format 8 6 1\nDepthOfField 1e-30 1 1\n");
    CHECK_THAT(lens, Catch::StartsWith("3:1: the camera makes a ray that cannot be traced at "
                                       "raster (0, 0), lens (0, 0)"));
    CHECK_THAT(lens, Catch::EndsWith("it is shaped by Format at 1:1 and DepthOfField at 2:1"));
    const std::string far = cameraError("Translate 0 0 1e19\nProjection \"orthographic\"\n");
    CHECK_THAT(far, Catch::StartsWith("3:1: the camera makes a ray that cannot be traced"));
    CHECK_THAT(far, Catch::EndsWith("it is shaped by transform Translate at 1:1 and Projection at "
                                    "2:1"));
    // Just inside the limit, the same camera works.
    CHECK(cameraError("Translate 0 0 1e18\nProjection \"orthographic\"\n").empty());
    CHECK(cameraError("Format 8 6 1\nDepthOfField 1e-10 1 1\n").empty());
}

TEST_CASE("a transform that overflows float is an error at the statement that made it",
          "[parser][contract]") {
    CHECK(sceneParseError("Scale 1e30 1e30 1e30\nScale 1e30 1e30 1e30\n") ==
          "2:1: Scale makes the current transform overflow float (a matrix entry or one of its "
          "inverse's is not finite)");
    CHECK(sceneParseError("Scale 1e-10 1e-10 1e-10\nScale 1e-10 1e-10 1e-10\nScale 1e-10 1e-10 "
                          "1e-10\nScale 1e-10 1e-10 1e-10\n") ==
          "4:1: Scale makes the current transform overflow float (a matrix entry or one of its "
          "inverse's is not finite)");
    CHECK(sceneParseError(
              "Translate 1e38 0 0\nTranslate 1e38 0 0\nTranslate 1e38 0 0\nTranslate 1e38 0 "
              "0\n") == "4:1: Translate makes the current transform overflow float (a "
                        "matrix entry or one of its inverse's is not finite)");
    CHECK(sceneParseError("Scale 0 1 1\n") == "1:1: Scale by zero gives a singular transform");
    CHECK(sceneParseError("Scale 1e19 1 1\nScale 1e-19 1 1\n").empty());
}

TEST_CASE("triangles with vertices beyond Embree's range are dropped, counted and reported once",
          "[parser][contract]") {
    // Two triangles of one mesh and one of another reach 1e38; one triangle stays.
    const testing::LoadedScene loaded = testing::loadScene(
        "WorldBegin\nLightSource \"pointlight\" \"from\" [0 0 0]\n"
        "Shape \"trianglemesh\" \"indices\" [0 1 2 0 1 3 1 2 3] \"P\" [0 0 5 1 0 5 1e38 1 5 0 1 "
        "5]\n"
        "Polygon \"P\" [0 0 6 1 0 6 0 -1e38 6]\n"
        "WorldEnd\n");
    const Scene& scene = *loaded.scene;
    CHECK(scene.statistics().droppedTriangles == 3);
    CHECK(scene.statistics().triangles == 1);
    REQUIRE(scene.warnings().size() == 1);
    CHECK(scene.warnings()[0].where.line == 3);
    CHECK(scene.warnings()[0].message ==
          "3 triangles with a vertex that is not finite (or beyond 1.844e+18) were dropped; this "
          "shape is the first");
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    CHECK(render(scene, settings).statistics.invalidRays == 0);
}
