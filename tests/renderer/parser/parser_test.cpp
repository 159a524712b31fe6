// The scene parser: what each statement records, and the errors of malformed scenes.
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/parser/parser.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

using namespace lrt;

namespace {

FrameDescription parseOne(const std::string& text) {
    auto frames = parseSceneString(text, "test.lrt", registeredVocabulary());
    REQUIRE(frames.size() == 1);
    return std::move(frames[0]);
}

std::string world(const std::string& body) {
    return "WorldBegin\n" + body + "\nWorldEnd\n";
}

void checkPoint(Vec3 actual, Vec3 expected) {
    CHECK(actual.x == Approx(expected.x).margin(1e-5));
    CHECK(actual.y == Approx(expected.y).margin(1e-5));
    CHECK(actual.z == Approx(expected.z).margin(1e-5));
}

} // namespace

TEST_CASE("options statements set camera and film", "[scene][parser]") {
    const FrameDescription f = parseOne(R"(Format 320 200 1.5
FrameAspectRatio 2
ScreenWindow -2 2 -1 1
CropWindow 0.25 0.75 0 0.5
Projection "perspective" "fov" [45]
Clipping 0.5 100
DepthOfField 2.8 0.05 3
PixelSamples 3 5
PixelFilter "mitchell" 4 3
Exposure 2 2.2
Display "out.png" "file" "rgb"
Option "searchpath" "shader" "a:b"
SurfaceIntegrator "whitted" "maxdepth" [7]
Imager "background" "bgcolor" [0.1 0.2 0.3]
)" + world(""));
    CHECK(f.options.film.xResolution == 320);
    CHECK(f.options.film.yResolution == 200);
    CHECK(f.options.film.pixelAspectRatio == 1.5f);
    CHECK(f.options.camera.frameAspectRatio == 2.0f);
    CHECK(f.options.camera.screenWindow == std::array<float, 4>{-2, 2, -1, 1});
    CHECK(f.options.film.cropWindow == std::array<float, 4>{0.25f, 0.75f, 0, 0.5f});
    CHECK(f.options.camera.projection.parameters.getFloat("fov", 0) == 45.0f);
    CHECK(f.options.camera.nearClip == 0.5f);
    CHECK(f.options.camera.farClip == 100.0f);
    CHECK(f.options.camera.fStop == 2.8f);
    CHECK(f.options.camera.focalDistance == 3.0f);
    CHECK(f.options.film.xSamples == 3);
    CHECK(f.options.film.ySamples == 5);
    CHECK(f.options.film.filter.name == "mitchell");
    REQUIRE(f.options.film.filter.widths);
    CHECK((*f.options.film.filter.widths)[1] == 3.0f);
    CHECK(f.options.film.gain == 2.0f);
    CHECK(f.options.film.gamma == 2.2f);
    CHECK(f.options.film.displayName == "out.png");
    CHECK(f.options.shaderSearchPath.size() == 2);
    CHECK(f.options.integrator.parameters.getInteger("maxdepth", 0) == 7);
    CHECK(f.world.background == Color{0.1f, 0.2f, 0.3f});
}

TEST_CASE("transform statements compose like RenderMan's", "[scene][parser]") {
    // Translate then Scale: points are scaled first, then translated.
    const FrameDescription f = parseOne(world("Translate 1 2 3\nScale 2 2 2\nSphere 1 -1 1 360"));
    checkPoint(f.world.shapes[0].objectToWorld.point({1, 1, 1}), {3, 4, 5});
    // Rotate 90 about z takes +x to +y.
    const FrameDescription r = parseOne(world("Rotate 90 0 0 1\nSphere 1 -1 1 360"));
    checkPoint(r.world.shapes[0].objectToWorld.point({1, 0, 0}), {0, 1, 0});
    // A RIB matrix has its translation in the last row.
    const FrameDescription m =
        parseOne(world("Transform [1 0 0 0  0 1 0 0  0 0 1 0  5 6 7 1]\nSphere 1 -1 1 360"));
    checkPoint(m.world.shapes[0].objectToWorld.point({0, 0, 0}), {5, 6, 7});
    const FrameDescription c =
        parseOne(world("Translate 1 0 0\nConcatTransform [2 0 0 0  0 2 0 0  0 0 2 0  0 0 0 1]\n"
                       "Sphere 1 -1 1 360"));
    checkPoint(c.world.shapes[0].objectToWorld.point({1, 1, 1}), {3, 2, 2});
    const FrameDescription i = parseOne(world("Translate 1 0 0\nIdentity\nSphere 1 -1 1 360"));
    checkPoint(i.world.shapes[0].objectToWorld.point({0, 0, 0}), {0, 0, 0});
}

TEST_CASE("LookAt and the camera transform", "[scene][parser]") {
    const FrameDescription f = parseOne("LookAt 0 0 -10  0 0 0  0 1 0\n" + world(""));
    // The camera at (0,0,-10) looking at the origin: the origin is 10 units down camera +z.
    checkPoint(f.options.camera.worldToCamera.point({0, 0, 0}), {0, 0, 10});
    // +x in the world is +x in camera space (left-handed, looking down +z with +y up).
    checkPoint(f.options.camera.worldToCamera.point({1, 0, 0}), {1, 0, 10});
}

TEST_CASE("TransformBegin/End and AttributeBegin/End restore their state", "[scene][parser]") {
    const FrameDescription f = parseOne(world(R"(Color [1 0 0]
AttributeBegin
  Color [0 1 0]
  Translate 1 0 0
  TransformBegin
    Translate 0 1 0
    Sphere 1 -1 1 360
  TransformEnd
  Sphere 1 -1 1 360
AttributeEnd
Sphere 1 -1 1 360
)"));
    REQUIRE(f.world.shapes.size() == 3);
    checkPoint(f.world.shapes[0].objectToWorld.point({}), {1, 1, 0});
    checkPoint(f.world.shapes[1].objectToWorld.point({}), {1, 0, 0});
    checkPoint(f.world.shapes[2].objectToWorld.point({}), {0, 0, 0});
    CHECK(f.world.shapes[1].attributes->color == Color{0, 1, 0});
    CHECK(f.world.shapes[2].attributes->color == Color{1, 0, 0});
}

TEST_CASE("attributes: Surface, Opacity, Sides, ReverseOrientation, identifier",
          "[scene][parser]") {
    const FrameDescription f = parseOne(world(R"(Surface "plastic" "Ks" [0.3] "float roughness" 0.2
Opacity [0.5 0.5 0.5]
Sides 1
ReverseOrientation
Attribute "identifier" "name" "ball"
Sphere 1 -1 1 360)"));
    const SurfaceAttributes& a = *f.world.shapes[0].attributes;
    CHECK(a.surface.name == "plastic");
    CHECK(a.surface.parameters.getFloat("Ks", 0) == 0.3f);
    CHECK(a.surface.parameters.getFloat("roughness", 0) == 0.2f);
    CHECK(a.opacity == Color{0.5f, 0.5f, 0.5f});
    CHECK(a.sides == 1);
    CHECK(a.reverseOrientation);
    CHECK(a.identifier == "ball");
}

TEST_CASE("lights: handles, Illuminate, area lights", "[scene][parser]") {
    const FrameDescription f =
        parseOne(world(R"(LightSource "pointlight" 1 "from" [0 5 0] "intensity" [10]
LightSource "distantlight" "key" "to" [0 -1 0]
LightSource "spotlight" "coneangle" [20]
AttributeBegin
  Illuminate 1 0
  Sphere 1 -1 1 360
AttributeEnd
AttributeBegin
  AreaLightSource "arealight" "intensity" [4]
  Disk 0 1 360
AttributeEnd
Sphere 1 -1 1 360
)"));
    REQUIRE(f.world.lights.size() == 4);
    CHECK(f.world.lights[0].type == "pointlight");
    CHECK(f.world.lights[1].type == "distantlight");
    CHECK(f.world.lights[1].parameters.getPoint("to", {}) == Vec3{0, -1, 0});
    CHECK(f.world.lights[2].parameters.getFloat("coneangle", 0) == 20.0f);
    REQUIRE(f.world.shapes.size() == 3);
    REQUIRE(f.world.shapes[0].attributes->disabledLights);
    CHECK(*f.world.shapes[0].attributes->disabledLights == std::vector<int>{0});
    CHECK(f.world.shapes[1].attributes->areaLight == 3);
    CHECK(f.world.shapes[2].attributes->areaLight == -1);
    CHECK_FALSE(f.world.shapes[2].attributes->disabledLights);
}

TEST_CASE("shapes: quadrics, polygons, meshes, obj", "[scene][parser]") {
    const FrameDescription f = parseOne(world(R"(Sphere 1 -0.5 0.5 270
Cylinder 1 0 2 360
Cone [2 1 360]
Disk 0 1 360
Paraboloid 1 0 1 360
Hyperboloid 1 0 0  0 1 1  360
Polygon "P" [0 0 0  1 0 0  1 1 0]
PointsPolygons [3 3] [0 1 2  0 2 3] "P" [0 0 0  1 0 0  1 1 0  0 1 0]
PointsGeneralPolygons [2] [4 3] [0 1 2 3  4 5 6] "P" [0 0 0 4 0 0 4 4 0 0 4 0 1 1 0 2 1 0 1 2 0]
Shape "trianglemesh" "integer indices" [0 1 2] "point P" [0 0 0 1 0 0 0 1 0] "st" [0 0 1 0 0 1]
Shape "obj" "filename" "mesh.obj"
)"));
    REQUIRE(f.world.shapes.size() == 11);
    CHECK(f.world.shapes[0].type == "sphere");
    CHECK(f.world.shapes[0].arguments == std::vector<double>{1, -0.5, 0.5, 270});
    CHECK(f.world.shapes[2].arguments == std::vector<double>{2, 1, 360});
    CHECK(f.world.shapes[5].arguments.size() == 7);
    CHECK(f.world.shapes[7].type == "pointspolygons");
    CHECK(f.world.shapes[7].arguments == std::vector<double>{2, 3, 3, 0, 1, 2, 0, 2, 3});
    CHECK(f.world.shapes[8].arguments == std::vector<double>{1, 2, 2, 4, 3, 0, 1, 2, 3, 4, 5, 6});
    CHECK(f.world.shapes[9].parameters.getIntegers("indices").size() == 3);
    CHECK(f.world.shapes[10].parameters.getString("filename", "") == "mesh.obj");
}

TEST_CASE("objects and instances, named coordinate systems, Declare", "[scene][parser]") {
    const FrameDescription f = parseOne(world(R"(Translate 0 0 5
ObjectBegin "thing"
  Translate 1 0 0
  Sphere 1 -1 1 360
ObjectEnd
CoordinateSystem "here"
Identity
ObjectInstance "thing"
CoordSysTransform "here"
ObjectInstance "thing"
Declare "gloss" "float"
Surface "Glossy" "gloss" [1]
CoordSysTransform "camera"
Sphere 1 -1 1 360
)"));
    REQUIRE(f.world.objects.size() == 1);
    // The object is defined relative to the coordinate system at ObjectBegin.
    checkPoint(f.world.objects[0].shapes[0].objectToWorld.point({}), {1, 0, 0});
    REQUIRE(f.world.instances.size() == 2);
    checkPoint(f.world.instances[0].instanceToWorld.point({}), {0, 0, 0});
    checkPoint(f.world.instances[1].instanceToWorld.point({}), {0, 0, 5});
    CHECK(f.world.shapes[0].attributes->surface.parameters.find("gloss")->type ==
          ParameterType::Float);
}

TEST_CASE("Include reads files relative to the including file", "[scene][parser]") {
    const testing::ScratchDirectory dir("lrt_parser_include_");
    std::filesystem::create_directories(dir / "parts");
    std::ofstream(dir / "main.lrt")
        << "Format 10 10 1\nWorldBegin\nInclude \"parts/a.lrt\"\nWorldEnd\n";
    std::ofstream(dir / "parts" / "a.lrt") << "Sphere 1 -1 1 360\nInclude \"b.lrt\"\n";
    std::ofstream(dir / "parts" / "b.lrt") << "Disk 0 1 360\n";
    const auto frames = parseSceneFile(dir / "main.lrt", registeredVocabulary());
    REQUIRE(frames[0].world.shapes.size() == 2);
    CHECK(frames[0].world.shapes[1].type == "disk");
    CHECK(frames[0].world.shapes[1].where.file == (dir / "parts" / "b.lrt").string());
}

TEST_CASE("an error in an included file names the chain of Includes", "[scene][parser]") {
    const testing::ScratchDirectory dir("lrt_parser_include_chain_");
    std::filesystem::create_directories(dir / "parts");
    std::ofstream(dir / "main.lrt")
        << "Format 10 10 1\nWorldBegin\n  Include \"parts/a.lrt\"\nWorldEnd\n";
    std::ofstream(dir / "parts" / "a.lrt") << "Sphere 1 -1 1 360\nInclude \"b.lrt\"\n";
    std::ofstream(dir / "parts" / "b.lrt") << "Disk 0 1 360\n  Spehre 1 -1 1 360\n";
    try {
        parseSceneFile(dir / "main.lrt", registeredVocabulary());
        FAIL("the misspelt statement was accepted");
    } catch (const SceneError& e) {
        INFO(e.what());
        const std::string a = (dir / "parts" / "a.lrt").string();
        const std::string b = (dir / "parts" / "b.lrt").string();
        const std::string main = (dir / "main.lrt").string();
        CHECK(std::string(e.what()).starts_with(b + ":2:3: error: unknown statement 'Spehre'"));
        // The quoted line and caret, then the includes innermost first, as compilers print them.
        CHECK(std::string(e.what()).ends_with("    Spehre 1 -1 1 360\n      ^\n"
                                              "  included from " +
                                              a +
                                              ":2:1\n"
                                              "  included from " +
                                              main + ":3:3\n"));
    }
}

TEST_CASE("a file including itself stops at depth 16 at the Include", "[scene][parser]") {
    const testing::ScratchDirectory dir("lrt_parser_include_self_");
    std::ofstream(dir / "self.lrt") << "# a loop\nInclude \"self.lrt\"\n";
    try {
        parseSceneFile(dir / "self.lrt", registeredVocabulary());
        FAIL("the include loop was accepted");
    } catch (const SceneError& e) {
        INFO(e.what());
        CHECK(e.diagnostic().message == "Include nested more than 16 deep (is a file including "
                                        "itself?)");
        CHECK(e.where().line == 2);
        CHECK(e.where().column == 1);
        // The scene and 15 Includes are open; the 16th Include is the one refused.
        CHECK(e.diagnostic().includedFrom.size() == 15);
    }
}

TEST_CASE("multi-frame files give one description per frame", "[scene][parser]") {
    const auto frames = parseSceneString(R"(Format 10 10 1
FrameBegin 1
  Format 20 20 1
  WorldBegin Sphere 1 -1 1 360 WorldEnd
FrameEnd
FrameBegin 2
  WorldBegin Disk 0 1 360 WorldEnd
FrameEnd
)",
                                         "frames.lrt", registeredVocabulary());
    REQUIRE(frames.size() == 2);
    CHECK(frames[0].number == 1);
    CHECK(frames[0].options.film.xResolution == 20);
    CHECK(frames[1].number == 2);
    CHECK(frames[1].options.film.xResolution == 10); // FrameEnd restored the options
    CHECK(frames[1].world.shapes[0].type == "disk");
}

namespace {

struct BadScene {
    const char* name;
    const char* text;
    int line;
    int column;
    const char* message;
};

// clang-format off
const BadScene kBadScenes[] = {
    {"unknown statement", "Foo 1 2\n", 1, 1, "unknown statement 'Foo'"},
    {"no world", "Format 10 10 1\n", 1, 1, "no WorldBegin"},
    {"missing WorldEnd", "WorldBegin\nSphere 1 -1 1 360\n", 2, 1, "missing WorldEnd"},
    {"shape before WorldBegin", "Sphere 1 -1 1 360\n", 1, 1, "between WorldBegin and WorldEnd"},
    {"option inside world", "WorldBegin\nFormat 10 10 1\nWorldEnd\n", 2, 1, "must come before WorldBegin"},
    {"Format with too few numbers", "Format 10 10\nWorldBegin\nWorldEnd\n", 1, 1, "Format expects 3 numbers"},
    {"Format with a string", "Format 10 \"x\" 1\nWorldBegin\nWorldEnd\n", 1, 11, "expects 3 numbers, found a string"},
    {"negative resolution", "Format -10 10 1\nWorldBegin\nWorldEnd\n", 1, 8, "xresolution of Format is -10, outside its domain: an integer in [1, 65536]"},
    {"fractional PixelSamples", "PixelSamples 1.5 2\nWorldBegin\nWorldEnd\n", 1, 14, "xsamples of PixelSamples is 1.5, outside its domain: an integer in [1, 1024]"},
    {"unknown filter", "PixelFilter \"sinc\" 2 2\nWorldBegin\nWorldEnd\n", 1, 13, "unknown pixel filter 'sinc'"},
    {"unknown projection", "Projection \"fisheye\"\nWorldBegin\nWorldEnd\n", 1, 12, "unknown projection 'fisheye'"},
    {"unknown sampler", "Option \"sampler\" \"string type\" \"halton\"\nWorldBegin\nWorldEnd\n", 1, 18, "unknown type 'halton' for Option \"sampler\""},
    {"bad crop window", "CropWindow 0.5 0.2 0 1\nWorldBegin\nWorldEnd\n", 1, 1, "CropWindow expects xmin < xmax"},
    {"bad clipping", "Clipping 5 1\nWorldBegin\nWorldEnd\n", 1, 1, "Clipping expects near < far"},
    {"unterminated string", "WorldBegin\nSurface \"matte\nWorldEnd\n", 2, 9, "unterminated string"},
    {"malformed number", "WorldBegin\nSphere 1 -1 1e+ 360\nWorldEnd\n", 2, 13, "malformed number '1e+'"},
    {"stray character", "WorldBegin\nSphere 1 -1 1 360 @\nWorldEnd\n", 2, 19, "unexpected character '@'"},
    {"unclosed array", "WorldBegin\nColor [1 0 0\nWorldEnd\n", 3, 1, "expected ']' to close the array opened at line 2"},
    {"stray bracket", "WorldBegin\nColor 1 0 0 ]\nWorldEnd\n", 2, 13, "unexpected ']'"},
    {"mixed array", "WorldBegin\nColor [1 \"a\" 0]\nWorldEnd\n", 2, 10, "not both"},
    {"Color with two numbers", "WorldBegin\nColor [1 0]\nWorldEnd\n", 2, 7, "Color expects 3 numbers, found an array of 2"},
    {"opacity out of range", "WorldBegin\nOpacity [2 0 0]\nWorldEnd\n", 2, 9, "r of Opacity is 2, outside its domain: a real in [0, 1]"},
    {"Sides 3", "WorldBegin\nSides 3\nWorldEnd\n", 2, 7, "sides of Sides is 3, outside its domain: an integer in [1, 2]"},
    {"AttributeEnd without begin", "WorldBegin\nAttributeEnd\nWorldEnd\n", 2, 1, "AttributeEnd without AttributeBegin"},
    {"crossed blocks", "WorldBegin\nAttributeBegin\nTransformBegin\nAttributeEnd\n", 4, 1, "AttributeEnd closes TransformBegin opened at line 3"},
    {"WorldEnd inside attribute", "WorldBegin\nAttributeBegin\nWorldEnd\n", 3, 1, "WorldEnd inside AttributeBegin (opened at line 2)"},
    {"parameter without value", "WorldBegin\nSurface \"matte\" \"Kd\"\nWorldEnd\n", 2, 17, "parameter 'Kd' has no value"},
    {"parameter name not a string", "WorldBegin\nSurface \"matte\" 0.5 \"Kd\"\nWorldEnd\n", 2, 17, "expected a parameter name"},
    {"unknown inline type", "WorldBegin\nSurface \"matte\" \"colour Kd\" [1]\nWorldEnd\n", 2, 17, "unknown parameter type 'colour'"},
    {"string for float", "WorldBegin\nSurface \"matte\" \"float Kd\" \"high\"\nWorldEnd\n", 2, 28, "is float but has strings"},
    {"singular scale", "WorldBegin\nScale 0 1 1\nWorldEnd\n", 2, 1, "Scale by zero"},
    {"zero rotation axis", "WorldBegin\nRotate 30 0 0 0\nWorldEnd\n", 2, 1, "non-zero axis"},
    {"degenerate LookAt", "LookAt 0 0 0  0 0 0  0 1 0\nWorldBegin\nWorldEnd\n", 1, 1, "singular"},
    {"unknown coordinate system", "WorldBegin\nCoordSysTransform \"nowhere\"\nWorldEnd\n", 2, 19, "unknown coordinate system 'nowhere'"},
    {"unknown light", "WorldBegin\nLightSource \"laser\"\nWorldEnd\n", 2, 13, "unknown light 'laser'"},
    {"unknown light handle", "WorldBegin\nIlluminate 7 1\nWorldEnd\n", 2, 12, "unknown light handle '7'"},
    {"unknown area light", "WorldBegin\nAreaLightSource \"glow\"\nWorldEnd\n", 2, 17, "unknown area light 'glow'"},
    {"undefined object", "WorldBegin\nObjectInstance \"ghost\"\nWorldEnd\n", 2, 16, "undefined object 'ghost'"},
    {"nested objects", "WorldBegin\nObjectBegin \"a\"\nObjectBegin \"b\"\n", 3, 1, "do not nest"},
    {"duplicate object", "WorldBegin\nObjectBegin \"a\"\nObjectEnd\nObjectBegin \"a\"\nObjectEnd\nWorldEnd\n", 4, 13, "object 'a' is already defined"},
    {"ObjectEnd without begin", "WorldBegin\nObjectEnd\nWorldEnd\n", 2, 1, "ObjectEnd without ObjectBegin"},
    {"unknown shape", "WorldBegin\nShape \"teapot\"\nWorldEnd\n", 2, 7, "unknown shape 'teapot'"},
    {"missing include", "WorldBegin\nInclude \"missing.lrt\"\nWorldEnd\n", 2, 9, "included file './missing.lrt' not found"},
    {"bad Declare type", "Declare \"x\" \"quaternion\"\nWorldBegin\nWorldEnd\n", 1, 13, "unknown type 'quaternion'"},
    {"FrameEnd without FrameBegin", "FrameEnd\n", 1, 1, "FrameEnd without FrameBegin"},
    {"unknown option", "Option \"limits\" \"bucketsize\" [16 16]\nWorldBegin\nWorldEnd\n", 1, 8, "unknown option 'limits'"},
    {"unknown integrator", "SurfaceIntegrator \"photon\"\nWorldBegin\nWorldEnd\n", 1, 19, "unknown integrator 'photon'"},
    {"PointsPolygons without arrays", "WorldBegin\nPointsPolygons 3 \"P\" [0 0 0]\nWorldEnd\n", 2, 16, "expects an array of integers"},
    {"VertexProgram outside the world", "VertexProgram \"a.vp\"\nWorldBegin\nWorldEnd\n", 1, 1, "VertexProgram belongs between WorldBegin and WorldEnd"},
    {"VertexProgram without a file", "WorldBegin\nVertexProgram\nWorldEnd\n", 2, 1, "VertexProgram expects a string as argument 1"},
    {"VertexProgram parameter without a value", "WorldBegin\nVertexProgram \"a.vp\" \"c[0]\"\nWorldEnd\n", 2, 22, "parameter 'c[0]' has no value"},
};
// clang-format on

} // namespace

TEST_CASE("malformed scenes are rejected with file, line, column and message",
          "[scene][parser][errors]") {
    for (const BadScene& bad : kBadScenes) {
        INFO("case: " << bad.name << "\nscene:\n" << bad.text);
        try {
            parseSceneString(bad.text, "bad.lrt", registeredVocabulary());
            FAIL("parsed without error");
        } catch (const SceneError& e) {
            INFO("error: " << e.what());
            CHECK(e.where().file == "bad.lrt");
            CHECK(e.where().line == bad.line);
            CHECK(e.where().column == bad.column);
            CHECK_THAT(e.what(), Catch::Contains(bad.message));
        }
    }
    CHECK(std::size(kBadScenes) >= 30);
}

namespace {
// "line:column: message" of each error parsing `text` reports, in order.
std::vector<std::string> parseErrors(const std::string& text) {
    try {
        parseSceneString(text, "typos.lrt", registeredVocabulary(), ".");
    } catch (const SceneError& e) {
        std::vector<std::string> errors;
        for (const Diagnostic& d : e.diagnostics())
            errors.push_back(std::to_string(d.where.line) + ":" + std::to_string(d.where.column) +
                             ": " + d.message);
        return errors;
    }
    return {};
}
} // namespace

TEST_CASE("one run reports every independent error in a scene", "[scene][parser]") {
    const auto errors = parseErrors("Format 8 8 1\n"
                                    "WorldBegin\n"
                                    "Spehre 1 -1 1 360\n"
                                    "Disk 0 1 360 \"float bogus\" [1\n"
                                    "Cylinder 1 -1 1 360 @\n"
                                    "LightSource \"pointligth\"\n"
                                    "WorldEnd\n");
    CHECK(errors == std::vector<std::string>{
                        "3:1: unknown statement 'Spehre'; did you mean 'Sphere'?",
                        "5:1: expected ']' to close the array opened at line 4",
                        "5:21: unexpected character '@'",
                        "6:13: unknown light 'pointligth' (expected one of \"pointlight\", "
                        "\"spotlight\", "
                        "\"distantlight\", \"ambientlight\" or \"infinite\"); did you mean "
                        "'pointlight'?",
                    });
}

TEST_CASE("a misspelt parameter is reported with the scene's other errors", "[scene][parser]") {
    // Issue 31, defect 6: the parameters were checked only once the scene had parsed, so line 4
    // went unreported behind line 3.
    const auto errors =
        parseErrors("Format 8 8 1\n"
                    "WorldBegin\n"
                    "Frobnicate 1 2 3\n"
                    "Surface \"plastic\" \"float roughnes\" [0.1] \"color Kdd\" [1 1 1]\n"
                    "LightSource \"pointlight\" \"float intensty\" [2]\n"
                    "Sphere 1 -1 1 360 \"float radius\" [2]\n"
                    "WorldEnd\n");
    REQUIRE(errors.size() == 5);
    CHECK(errors[0] == "3:1: unknown statement 'Frobnicate'");
    CHECK_THAT(errors[1], Catch::StartsWith("4:19: unknown parameter 'roughnes' for Surface "
                                            "\"plastic\"; did you mean 'roughness'?"));
    CHECK_THAT(errors[2], Catch::StartsWith("4:42: unknown parameter 'Kdd' for Surface "
                                            "\"plastic\""));
    CHECK_THAT(errors[3], Catch::StartsWith("5:26: unknown parameter 'intensty' for LightSource "
                                            "\"pointlight\"; did you mean 'intensity'?"));
    CHECK_THAT(errors[4], Catch::StartsWith("6:19: unknown parameter 'radius' for Sphere"));
}

TEST_CASE("statements misplaced by one missing WorldBegin are one error", "[scene][parser]") {
    const auto errors = parseErrors("Format 8 8 1\n"
                                    "WorldBgein\n"
                                    "Sphere 1 -1 1 360\n"
                                    "Disk 0 1 360\n"
                                    "WorldEnd\n");
    CHECK(errors == std::vector<std::string>{
                        "2:1: unknown statement 'WorldBgein'; did you mean 'WorldBegin'?",
                        "3:1: Sphere belongs between WorldBegin and WorldEnd",
                    });
}

TEST_CASE("text that is no scene stops after 20 errors", "[scene][parser]") {
    std::string garbage;
    for (int i = 0; i < 100; ++i)
        garbage += "@ line " + std::to_string(i) + "\n";
    const auto errors = parseErrors(garbage);
    REQUIRE(errors.size() == 21);
    CHECK(errors[0] == "1:1: unexpected character '@'");
    CHECK(errors[20] == "0:0: stopped after 20 errors");
}
