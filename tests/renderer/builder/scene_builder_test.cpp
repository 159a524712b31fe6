// Building scenes: shape and material checks with locations, OBJ meshes, and instancing.
#include "../render_test_support.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <numbers>

using namespace lrt;

namespace {

std::string builtWorld(const std::string& body) {
    return "Format 16 16 1\nWorldBegin\n" + body + "\nWorldEnd\n";
}

struct BadBuild {
    const char* name;
    const char* body; // inside WorldBegin/End, which starts on line 3
    int line;
    const char* message;
};

// clang-format off
const BadBuild kBadBuilds[] = {
    {"negative radius", "Sphere -1 -1 1 360", 3, "radius of Sphere is -1, outside its domain: a real > 0"},
    {"thetamax out of range", "Cylinder 1 0 1 400", 3, "thetamax of Cylinder is 400, outside its domain: a real in (0, 360]"},
    {"flat cylinder", "Cylinder 1 1 1 360", 3, "zmin and zmax to differ"},
    {"flat hyperboloid", "Hyperboloid 1 0 0 2 0 0 360", 3, "different z"},
    {"bad paraboloid", "Paraboloid 1 1 0.5 360", 3, "0 <= zmin < zmax"},
    {"unknown surface", "Surface \"velvet\"\nSphere 1 -1 1 360", 3, "unknown surface 'velvet'"},
    {"unknown surface parameter", "Surface \"matte\" \"Kdd\" [1]\nSphere 1 -1 1 360", 3, "unknown parameter 'Kdd' for Surface \"matte\""},
    {"wrong parameter count", "Surface \"plastic\" \"specularcolor\" [1 1]\nSphere 1 -1 1 360", 3, "must be a colour [r g b]"},
    {"negative roughness", "Surface \"plastic\" \"roughness\" [-1]\nSphere 1 -1 1 360", 3, "roughness of Surface \"plastic\" is -1, outside its domain: a real > 0"},
    {"missing P", "Polygon \"N\" [0 0 1]", 3, "needs vertex positions \"P\""},
    {"index out of range", "Shape \"trianglemesh\" \"indices\" [0 1 5] \"P\" [0 0 0 1 0 0 0 1 0]", 3, "vertex index 5 is out of range"},
    {"indices not in threes", "Shape \"trianglemesh\" \"indices\" [0 1] \"P\" [0 0 0 1 0 0 0 1 0]", 3, "must come in threes"},
    {"normals count", "Polygon \"P\" [0 0 0 1 0 0 0 1 0] \"N\" [0 0 1]", 3, "\"N\" must have 3 values per vertex"},
    {"degenerate polygon", "Polygon \"P\" [0 0 0 1 0 0 2 0 0]", 3, "zero area"},
    {"unknown shape parameter", "Sphere 1 -1 1 360 \"Kd\" [1]", 3, "unknown parameter 'Kd' for Sphere"},
    {"missing OBJ", "Shape \"obj\" \"filename\" \"nothere.obj\"", 3, "cannot read OBJ file"},
    {"unknown light parameter", "LightSource \"pointlight\" \"power\" [3]", 3, "unknown parameter 'power' for LightSource \"pointlight\""},
    {"bad spotlight", "LightSource \"spotlight\" \"from\" [0 0 0] \"to\" [0 0 0]", 3, "\"from\" and \"to\" to differ"},
    {"missing environment map", "LightSource \"infinite\" \"mapname\" \"sky.exr\"", 3, "cannot read image"},
    {"area light in object", "ObjectBegin \"a\"\nAreaLightSource \"arealight\"\nSphere 1 -1 1 360\nObjectEnd", 5, "area lights inside object definitions"},
    {"PointsPolygons short", "PointsPolygons [4] [0 1 2] \"P\" [0 0 0 1 0 0 1 1 0 0 1 0]", 3, "fewer vertex indices"},
};
// clang-format on

} // namespace

TEST_CASE("invalid shapes, surfaces and lights are scene errors with their line",
          "[scene][builder][errors]") {
    for (const BadBuild& bad : kBadBuilds) {
        INFO("case: " << bad.name << "\nbody: " << bad.body);
        try {
            testing::loadScene(builtWorld(bad.body));
            FAIL("built without error");
        } catch (const SceneError& e) {
            INFO("error: " << e.what());
            CHECK(e.where().line == bad.line);
            CHECK_THAT(e.what(), Catch::Contains(bad.message));
        }
    }
}

TEST_CASE("the integrator's parameters are checked with the frame's other errors",
          "[scene][builder][errors]") {
    // The reader checks them against the integrator's table, and reports them with its own
    // errors; a scene that reads cleanly has them reported by the build, with the lights'.
    struct Case {
        const char* integrator;
        int column;
        const char* message;
    };
    const Case cases[] = {
        {"SurfaceIntegrator \"whitted\" \"maxdepth\" [0]", 29,
         "maxdepth of SurfaceIntegrator \"whitted\" is 0, outside its domain: an integer in [1, "
         "1000]"},
        {"SurfaceIntegrator \"whitted\" \"depth\" [3]", 29,
         "unknown parameter 'depth' for SurfaceIntegrator \"whitted\""},
        {"SurfaceIntegrator \"path\" \"strategy\" \"lights\"", 26,
         "unknown strategy 'lights' for SurfaceIntegrator \"path\" (expected one of \"mis\", "
         "\"light\" or \"bsdf\"); did you mean 'light'?"},
        {"SurfaceIntegrator \"path\" \"lightsampler\" \"tree\"", 26,
         "unknown lightsampler 'tree' for SurfaceIntegrator \"path\" (expected one of \"bvh\", "
         "\"power\", \"uniform\" or \"all\")"},
    };
    for (const auto& [integrator, column, message] : cases) {
        INFO(integrator);
        try {
            testing::loadScene(std::string(integrator) + "\n" +
                               builtWorld("LightSource \"pointlight\" \"fromm\" [0 0 0]"));
            FAIL("built without error");
        } catch (const SceneError& e) {
            INFO("error: " << e.what());
            REQUIRE(e.diagnostics().size() == 2);
            CHECK(e.diagnostics()[0].where.line == 1);
            CHECK(e.diagnostics()[0].where.column == column);
            CHECK_THAT(e.diagnostics()[0].message, Catch::StartsWith(message));
            CHECK(e.diagnostics()[1].where.line == 4);
            CHECK_THAT(e.diagnostics()[1].message, Catch::Contains("unknown parameter 'fromm'"));
        }
    }
}

TEST_CASE("every independent build error of a frame is reported at once",
          "[scene][builder][errors]") {
    // Three typos, one Surface shared by two shapes (one error), and a good sphere.
    const std::string scene = builtWorld("LightSource \"pointlight\" \"fromm\" [0 0 0]\n"
                                    "Surface \"plastic\" \"roughnes\" [0.1]\n"
                                    "Sphere 1 -1 1 360\n"
                                    "Disk 0 1 360\n"
                                    "AttributeBegin\n"
                                    "  Surface \"Marbel\"\n"
                                    "  Sphere 1 -1 1 360\n"
                                    "AttributeEnd\n"
                                    "Cylinder 1 1 1 360\n");
    try {
        testing::loadScene(scene);
        FAIL("built without error");
    } catch (const SceneError& e) {
        INFO("error: " << e.what());
        std::vector<std::string> found;
        for (const Diagnostic& d : e.diagnostics())
            found.push_back(std::to_string(d.where.line) + ": " + d.message.substr(0, 60));
        // A failed light stops the build before the shapes (area lights index the lights).
        REQUIRE(found.size() == 1);
        CHECK_THAT(e.what(), Catch::Contains("unknown parameter 'fromm' for LightSource "
                                             "\"pointlight\"; did you mean 'from'?"));
    }
    try {
        testing::loadScene(scene.substr(0, scene.find("LightSource")) +
                           scene.substr(scene.find("Surface")));
        FAIL("built without error");
    } catch (const SceneError& e) {
        INFO("error: " << e.what());
        REQUIRE(e.diagnostics().size() == 3);
        CHECK(e.diagnostics()[0].where.line == 3);
        CHECK_THAT(e.diagnostics()[0].message,
                   Catch::Contains("unknown parameter 'roughnes' for Surface \"plastic\"; did "
                                   "you mean 'roughness'?"));
        CHECK(e.diagnostics()[1].where.line == 7);
        CHECK_THAT(e.diagnostics()[1].message, Catch::Contains("unknown surface 'Marbel'") &&
                                                   Catch::EndsWith("did you mean 'Marble'?"));
        CHECK(e.diagnostics()[2].where.line == 10);
        CHECK_THAT(e.diagnostics()[2].message, Catch::Contains("zmin and zmax to differ"));
    }
}

TEST_CASE("polygons with holes triangulate to the right area", "[scene][builder]") {
    // A 4x4 square with a 1x1 hole, seen orthographically with constant white: area 15.
    const Image image = testing::renderText(R"(Format 100 100 1
PixelSamples 4 4
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow -2.5 2.5 -2.5 2.5
WorldBegin
Surface "constant"
Translate -2 -2 5
PointsGeneralPolygons [2] [4 4] [0 1 2 3  4 5 6 7]
  "P" [0 0 0  4 0 0  4 4 0  0 4 0  1 1 0  1 2 0  2 2 0  2 1 0]
WorldEnd
)");
    double sum = 0;
    for (const float v : image.pixels)
        sum += v;
    CHECK(sum / 3 * (5.0 / 100) * (5.0 / 100) == Approx(15.0).epsilon(1e-3));
    CHECK(image.at(40, 60, 0) == 0.0f); // (-0.475, -0.525) lies in the hole
}

TEST_CASE("OBJ meshes load with groups, normals and .mtl colours", "[scene][builder][obj]") {
    const testing::ScratchDirectory dir("lrt_obj_test_");
    std::ofstream(dir / "quads.mtl")
        << "newmtl red\nKd 0.8 0.1 0.1\nnewmtl shiny\nKd 0.1 0.1 0.8\nKs 0.5 0.5 0.5\nNs 40\n";
    std::ofstream(dir / "quads.obj") << R"(mtllib quads.mtl
v -2 -1 0
v 0 -1 0
v 0 1 0
v -2 1 0
v 0 -1 0
v 2 -1 0
v 2 1 0
v 0 1 0
vn 0 0 -1
vt 0 0
vt 1 0
vt 1 1
vt 0 1
g left
usemtl red
f 1/1/1 2/2/1 3/3/1 4/4/1
g right
usemtl shiny
f 5/1/1 6/2/1 7/3/1 8/4/1
)";
    const std::string scene =
        builtWorld(R"(LightSource "distantlight" "from" [0 0 0] "to" [0 0 1] "intensity" [3]
Translate 0 0 5
Shape "obj" "filename" "quads.obj")");
    testing::LoadedScene loaded = testing::loadScene(scene, dir.string());
    CHECK(loaded.scene->statistics().triangles == 4);
    const Ray left{{-1, 0, 0}, {0, 0, 1}, 0, INFINITY};
    const auto hit = loaded.scene->intersect(left);
    REQUIRE(hit);
    CHECK(hit->t == Approx(5));
    CHECK(hit->shadingNormal.z == Approx(-1.0f));
    CHECK(hit->local.st.x == Approx(0.5f));
    CHECK(hit->local.st.y == Approx(0.5f)); // OBJ's v flipped to t
    // Red matte on the left (Kd 1 times the .mtl diffuse colour, lit head-on by E = 3).
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    const Image image = render(*loaded.scene, settings).image;
    const Color leftPixel = testing::pixel(image, 6, 8); // world (-0.94, -0.31) on the left quad
    CHECK(leftPixel.r == Approx(0.8f * 3 / std::numbers::pi).epsilon(1e-3));
    CHECK(leftPixel.g == Approx(0.1f * 3 / std::numbers::pi).epsilon(1e-3));
}

TEST_CASE("instances share one prototype and land where their transforms say",
          "[scene][builder][instancing]") {
    std::string body = "ObjectBegin \"ball\"\nSphere 0.4 -0.4 0.4 360\nObjectEnd\n";
    for (int i = 0; i < 30; ++i)
        for (int j = 0; j < 40; ++j)
            body += fmt::format(
                "AttributeBegin Translate {} {} 10 ObjectInstance \"ball\" AttributeEnd\n", i, j);
    const testing::LoadedScene loaded = testing::loadScene(builtWorld(body));
    CHECK(loaded.scene->statistics().instances == 1200);
    CHECK(loaded.scene->statistics().quadrics == 1); // the sphere exists once
    for (const auto& [i, j] : {std::pair{0, 0}, {29, 39}, {12, 7}}) {
        const auto hit = loaded.scene->intersect({{float(i), float(j), 0}, {0, 0, 1}, 0, INFINITY});
        REQUIRE(hit);
        CHECK(hit->t == Approx(9.6f));
        CHECK(hit->normal.z == Approx(-1.0f));
    }
    CHECK_FALSE(loaded.scene->intersect({{0.5f, 0.5f, 0}, {0, 0, 1}, 0, INFINITY}));
}
