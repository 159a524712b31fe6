// The vertex stage in scenes: deformed meshes are where the program puts them (checked against
// the analytic surface through the BVH), clip distances open surfaces, colours and texture
// coordinates reach shading, tracked matrices and the frame register hold what docs/vp2.md says.
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/vertex/vertex_program_binding.h"
#include "slvm/vp2/parser.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

namespace lrt {
namespace {

using testing::loadScene;
using testing::pixel;

// A folder for the programs a test writes, removed with them; scenes are loaded relative to it.
class ProgramFolder {
public:
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(scratch_ / name) << text;
    }
    std::string directory() const { return scratch_.string(); }

private:
    testing::ScratchDirectory scratch_{"lrt_vertex_stage_test_"};
};

// A flat n x n grid over [-1, 1]^2 in the object xy plane, as a trianglemesh statement.
std::string gridMesh(int n) {
    std::string points, indices;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            points += fmt::format("{} {} 0 ", -1 + 2.0 * i / n, -1 + 2.0 * j / n);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const int a = j * (n + 1) + i, b = a + 1, c = a + n + 2, d = a + n + 1;
            indices += fmt::format("{} {} {} {} {} {} ", a, b, c, a, c, d);
        }
    return fmt::format("Shape \"trianglemesh\" \"indices\" [{}] \"P\" [{}]\n", indices, points);
}

std::string sceneWith(const std::string& world) {
    return "Format 32 32 1\nPixelSamples 1 1\nWorldBegin\n" + world + "WorldEnd\n";
}

std::optional<Intersection> castRay(const Scene& scene, Vec3 origin, Vec3 direction) {
    return scene.intersect(Ray{origin, normalize(direction), 0.0f, 1e30f});
}

TEST_CASE("an affinely deformed mesh is hit exactly where the deformation puts it",
          "[vertex][bvh]") {
    ProgramFolder folder;
    // z' = z + 0.5 x + 0.25 y: an affine map, so the deformed triangles are exact.
    folder.write("shear.vp", "!!VP2.0\n"
                             "MOV o[HPOS], v[OPOS];\n"
                             "DP3 R0.x, v[OPOS], c[0];\n"
                             "ADD o[HPOS].z, v[OPOS].z, R0.x;\n"
                             "END\n");
    const auto loaded =
        loadScene(sceneWith("VertexProgram \"shear.vp\" \"c[0]\" [0.5 0.25 0 0]\n" + gridMesh(8)),
                  folder.directory());
    for (const auto& [x, y] : {std::pair{0.1f, 0.2f}, {-0.7f, 0.33f}, {0.9f, -0.95f}, {0, 0}}) {
        INFO("ray at x = " << x << ", y = " << y);
        const auto hit = castRay(*loaded.scene, {x, y, -10}, {0, 0, 1});
        REQUIRE(hit);
        CHECK(hit->p.z == Approx(0.5f * x + 0.25f * y).margin(1e-5));
        // The geometric normal is the deformed plane's, (-0.5, -0.25, 1) normalised, not +z.
        const Vec3 n = normalize(Vec3{-0.5f, -0.25f, 1});
        CHECK(std::fabs(dot(hit->normal, n)) == Approx(1).margin(1e-5));
        CHECK(std::fabs(dot(hit->shadingNormal, n)) == Approx(1).margin(1e-4));
    }
    CHECK(loaded.scene->statistics().programVertices == 81);
}

TEST_CASE("a sphere morphed into a cube is hit on the cube's faces", "[vertex][bvh]") {
    // Near each axis every vertex of the tessellated sphere lands on the same face of the cube
    // (its largest coordinate is that axis'), so hits there are exactly at distance 1.
    const auto loaded =
        loadScene(sceneWith("VertexProgram \"morph.vp\" \"c[0]\" [1 1 0 0]\nSphere 1 -1 1 360\n"));
    for (const Vec3 axis : {Vec3{1, 0, 0}, Vec3{-1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, -1, 0},
                            Vec3{0, 0, 1}, Vec3{0, 0, -1}}) {
        INFO("along " << axis.x << " " << axis.y << " " << axis.z);
        const Vec3 offset = Vec3{0.05f, 0.07f, 0.03f} - axis * dot(axis, Vec3{0.05f, 0.07f, 0.03f});
        const auto hit = castRay(*loaded.scene, axis * 5 + offset, -axis);
        REQUIRE(hit);
        CHECK(dot(hit->p, axis) == Approx(1).margin(1e-5));
    }
    // Half way (blend 0.5), the tessellation vertex at azimuth 45 degrees on the equator (u =
    // 8/64, v = 16/32) is half way between the sphere (1) and the cube's edge (sqrt 2).
    const auto half = loadScene(
        sceneWith("VertexProgram \"morph.vp\" \"c[0]\" [0.5 1 0 0]\nSphere 1 -1 1 360\n"));
    const Vec3 diagonal = normalize(Vec3{1, 1, 0});
    const auto hit = castRay(*half.scene, diagonal * 5, -diagonal);
    REQUIRE(hit);
    CHECK(length(hit->p) == Approx((1 + std::sqrt(2.0f)) / 2).margin(1e-4));
}

TEST_CASE("CLP0 cuts the surface open so that the inside shows", "[vertex][clip]") {
    ProgramFolder folder;
    folder.write("cut.vp", "!!VP2.0\n"
                           "MOV o[HPOS], v[OPOS];\n"
                           "DP4 o[CLP0].x, v[OPOS], c[0];\n"
                           "MOV o[COL0], c[1];\n"
                           "MOV o[BFC0], c[2];\n"
                           "END\n");
    // Keep z >= 0: the cap facing a camera on the -z side is gone.
    const std::string sphere = "VertexProgram \"cut.vp\" \"c[0]\" [0 0 1 0] \"c[1]\" [1 0 0 1] "
                               "\"c[2]\" [0 1 0 1]\nSurface \"constant\"\nSphere 1 -1 1 360\n";
    const auto loaded = loadScene(sceneWith(sphere), folder.directory());
    const auto hit = castRay(*loaded.scene, {0.02f, 0.01f, -5}, {0, 0, 1});
    REQUIRE(hit);
    CHECK(hit->p.z == Approx(1).margin(2e-3));  // the far wall, seen from inside
    CHECK(dot(hit->normal, Vec3{0, 0, 1}) > 0); // its front faces out, away from the ray
    // Shadow rays pass through the opening too, and are stopped by the wall that remains.
    CHECK_FALSE(loaded.scene->occluded({{0, 0, 0}, {0, 0, -1}, 0.0f, 10.0f}));
    CHECK(loaded.scene->occluded({{0, 0, 0}, {0, 0, 1}, 0.0f, 10.0f}));

    // Rendered from the open side the centre shows the inside colour (BFC0); from the closed
    // side, the outside colour (COL0).
    const std::string camera = "Format 9 9 1\nPixelSamples 1 1\nPixelFilter \"box\" 1 1\n"
                               "Projection \"perspective\" \"fov\" [10]\n";
    const auto open = loadScene(camera + "Translate 0 0 5\nWorldBegin\n" + sphere + "WorldEnd\n",
                                folder.directory());
    const Color inside = pixel(render(*open.scene, {}).image, 4, 4);
    CHECK(inside.r == Approx(0).margin(1e-6));
    CHECK(inside.g == Approx(1));
    const auto closed = loadScene(camera + "Rotate 180 0 1 0\nTranslate 0 0 -5\nWorldBegin\n" +
                                      sphere + "WorldEnd\n",
                                  folder.directory());
    const Color outside = pixel(render(*closed.scene, {}).image, 4, 4);
    CHECK(outside.r == Approx(1));
    CHECK(outside.g == Approx(0).margin(1e-6));
}

TEST_CASE("a vertex colour from COL0 is the surface colour, also for SL shaders",
          "[vertex][shading]") {
    ProgramFolder folder;
    folder.write("paint.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\nMOV o[COL0], c[0];\nEND\n");
    for (const char* surface : {"constant", "Constant"}) {
        INFO("Surface " << surface);
        const auto loaded = loadScene(
            fmt::format("Format 5 5 1\nPixelSamples 1 1\nProjection \"perspective\" \"fov\" [20]\n"
                        "WorldBegin\nColor [1 1 1]\nSurface \"{}\"\n"
                        "VertexProgram \"paint.vp\" \"c[0]\" [0.2 0.4 0.6 1]\n"
                        "Translate 0 0 4\n{}WorldEnd\n",
                        surface, gridMesh(2)),
            folder.directory());
        const Color c = pixel(render(*loaded.scene, {}).image, 2, 2);
        CHECK(c.r == Approx(0.2f));
        CHECK(c.g == Approx(0.4f));
        CHECK(c.b == Approx(0.6f));
    }
}

TEST_CASE("TEX0 becomes the texture coordinates, and unwritten outputs keep the mesh own",
          "[vertex][shading]") {
    ProgramFolder folder;
    folder.write("st.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\nMUL o[TEX0], v[TEX0], c[0];\nEND\n");
    folder.write("plain.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\nEND\n");
    const std::string mesh = "Shape \"trianglemesh\" \"indices\" [0 1 2] \"P\" [0 0 0 1 0 0 0 1 0] "
                             "\"st\" [0.5 0.5 1 0.5 0.5 1] \"Cs\" [1 0 0 0 1 0 0 0 1]\n";
    const auto scaled = loadScene(sceneWith("VertexProgram \"st.vp\" \"c[0]\" [2 3 0 0]\n" + mesh),
                                  folder.directory());
    const auto hit = castRay(*scaled.scene, {0.25f, 0.25f, -1}, {0, 0, 1});
    REQUIRE(hit);
    // Barycentric (0.25, 0.25) of st (1, 1.5), (2, 1.5), (1, 3).
    CHECK(hit->local.st.x == Approx(1.25f));
    CHECK(hit->local.st.y == Approx(1.875f));
    REQUIRE(hit->local.vertexColor);
    CHECK(hit->local.vertexColor->r == Approx(0.5f));

    const auto plain =
        loadScene(sceneWith("VertexProgram \"plain.vp\"\n" + mesh), folder.directory());
    const auto kept = castRay(*plain.scene, {0.25f, 0.25f, -1}, {0, 0, 1});
    REQUIRE(kept);
    CHECK(kept->local.st.x == Approx(0.625f));
    CHECK(kept->local.vertexColor->g == Approx(0.25f));
}

TEST_CASE("tracked matrices move a mesh in world space", "[vertex][binding]") {
    ProgramFolder folder;
    // To world, up by c[8] in world space, and back to object space.
    folder.write("lift.vp", "!!VP2.0\n"
                            "DP4 R0.x, c[0], v[OPOS];\nDP4 R0.y, c[1], v[OPOS];\n"
                            "DP4 R0.z, c[2], v[OPOS];\nDP4 R0.w, c[3], v[OPOS];\n"
                            "ADD R0, R0, c[8];\n"
                            "DP4 o[HPOS].x, c[4], R0;\nDP4 o[HPOS].y, c[5], R0;\n"
                            "DP4 o[HPOS].z, c[6], R0;\nDP4 o[HPOS].w, c[7], R0;\n"
                            "END\n");
    // The grid lies in the world's y = 2 plane; its object z is world y.
    const auto loaded = loadScene(
        sceneWith("VertexProgram \"lift.vp\" \"objecttoworld\" [0] \"worldtoobject\" [4] "
                  "\"c[8]\" [0 1.5 0 0]\nTranslate 0 2 0\nRotate -90 1 0 0\nRotate 30 0 0 1\n" +
                  gridMesh(4)),
        folder.directory());
    const auto hit = castRay(*loaded.scene, {0.2f, 10, 0.3f}, {0, -1, 0});
    REQUIRE(hit);
    CHECK(hit->p.y == Approx(3.5f).margin(1e-5));
}

TEST_CASE("tracked matrices and the frame register fill c[] row by row", "[vertex][binding]") {
    VertexProgramDescription d;
    d.file = "test.vp";
    auto add = [&](const std::string& name, std::vector<double> values) {
        Parameter p;
        p.name = name;
        p.numbers = std::move(values);
        d.parameters.add(p);
    };
    add("objecttoworld", {0});
    add("worldtocamera.invtrans", {4});
    add("cameratoobject", {8});
    add("frame", {12});
    add("fps", {24});
    add("c[13]", {1, 2, 3, 4});
    auto program = std::make_shared<const slvm::vp2::VerifiedProgram>(
        slvm::vp2::loadVertexProgram("!!VP2.0\nMOV o[HPOS], v[0];\nEND\n", "t.vp"));
    const VertexProgramBinding binding = bindVertexProgram(d, program);
    const Transform objectToWorld = Transform::translate({1, 2, 3});
    const Transform worldToCamera = Transform::scale(2, 4, 8);
    const auto c = parameterRegisters(binding, {objectToWorld, worldToCamera, 12});
    using V = slvm::vp2::Vector4;
    CHECK(c[0] == V{1, 0, 0, 1});
    CHECK(c[1] == V{0, 1, 0, 2});
    CHECK(c[2] == V{0, 0, 1, 3});
    CHECK(c[3] == V{0, 0, 0, 1});
    // The inverse transpose of a scale is the reciprocal scale.
    CHECK(c[4] == V{0.5f, 0, 0, 0});
    CHECK(c[5] == V{0, 0.25f, 0, 0});
    CHECK(c[6] == V{0, 0, 0.125f, 0});
    // Camera to object: (camera <- world <- object)^-1 = translate(-1,-2,-3) * scale(1/2, ...).
    CHECK(c[8] == V{0.5f, 0, 0, -1});
    CHECK(c[10] == V{0, 0, 0.125f, -3});
    CHECK(c[12] == V{12, 0.5f, 0, 1});
    CHECK(c[13] == V{1, 2, 3, 4});
    CHECK(c[14] == V{0, 0, 0, 0});
}

TEST_CASE("a program's #const declarations fill c[] unless the statement fills it",
          "[vertex][binding]") {
    // Issue 31, defect 5: cgc's (and lrt cg's) constants, read from the program's comments.
    VertexProgramDescription d;
    d.file = "test.vp";
    Parameter p;
    p.name = "c[2]";
    p.numbers = {5, 6, 7, 8};
    d.parameters.add(p);
    auto program = std::make_shared<const slvm::vp2::VerifiedProgram>(slvm::vp2::loadVertexProgram(
        "!!VP2.0\n#const c[1] = 1 2 3 4\n#const c[2] = 9\nMOV o[HPOS], v[0];\nEND\n", "t.vp"));
    const auto c = parameterRegisters(bindVertexProgram(d, program), {{}, {}, 0});
    using V = slvm::vp2::Vector4;
    CHECK(c[0] == V{0, 0, 0, 0});
    CHECK(c[1] == V{1, 2, 3, 4});
    CHECK(c[2] == V{5, 6, 7, 8});
}

TEST_CASE("the frame number animates a vertex program", "[vertex][binding]") {
    ProgramFolder folder;
    folder.write("rise.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\nMOV R0, c[0];\n"
                            "MUL o[HPOS].z, R0.x, c[1].x;\nEND\n");
    const std::string frame = "FrameBegin {}\nFormat 8 8 1\nWorldBegin\n"
                              "VertexProgram \"rise.vp\" \"frame\" [0] \"c[1]\" [0.25 0 0 0]\n" +
                              gridMesh(2) + "WorldEnd\nFrameEnd\n";
    auto frames =
        parseSceneString(fmt::format(fmt::runtime(frame), 3) + fmt::format(fmt::runtime(frame), 7),
                         "frames.lrt", registeredVocabulary(), folder.directory());
    EmbreeDevice device;
    for (const auto& [index, z] : {std::pair{0, 0.75f}, {1, 1.75f}}) {
        const auto scene = buildScene(frames.at(static_cast<std::size_t>(index)), device.get());
        const auto hit = castRay(*scene, {0.1f, 0.1f, -5}, {0, 0, 1});
        REQUIRE(hit);
        CHECK(hit->p.z == Approx(z));
    }
}

TEST_CASE("VertexProgram statements with bad bindings are scene errors", "[vertex][errors]") {
    ProgramFolder folder;
    folder.write("ok.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\nEND\n");
    folder.write("vp1.vp", "!!VP1.0\nMOV o[HPOS], v[OPOS];\nEND\n");
    folder.write("broken.vp", "!!VP2.0\nMOV o[HPOS], v[0], v[1];\nEND\n");
    folder.write("nan.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\nMOV o[HPOS].w, c[0].x;\nEND\n");
    struct Bad {
        std::string statement;
        const char* message;
        int line = 4; // the VertexProgram statement's; errors running it name the shape's
    };
    const std::vector<Bad> cases = {
        {"VertexProgram \"ok.vp\" \"c[300]\" [1 2 3 4]", "fills c[300]..c[300]"},
        {"VertexProgram \"vp1.vp\" \"c[96]\" [1 2 3 4]", "!!VP1.0 programs have c[0] to c[95]"},
        {"VertexProgram \"ok.vp\" \"c[4]\" [1 2 3]", "takes four numbers"},
        {"VertexProgram \"ok.vp\" \"objecttoworld\" [2]", "must start at a multiple of four"},
        {"VertexProgram \"ok.vp\" \"c[5]\" [1 2 3 4] \"worldtoobject\" [4]",
         "'c[5]' and 'worldtoobject' both fill c[5]"},
        {"VertexProgram \"ok.vp\" \"modelview\" [0]", "unknown parameter 'modelview'"},
        {"VertexProgram \"ok.vp\" \"tessellation\" [2 1]", "'tessellation' takes two integers"},
        {"VertexProgram \"missing.vp\"", "cannot open the vertex program"},
        {"VertexProgram \"broken.vp\"", "broken.vp:2:18: error: expected ';'"},
        {"VertexProgram \"nan.vp\"", "moved vertex 0 (at -1 -1 0) to a non-finite position", 5},
    };
    for (const Bad& b : cases) {
        INFO(b.statement);
        try {
            loadScene(sceneWith(b.statement + "\n" + gridMesh(1)), folder.directory());
            FAIL("the scene loaded");
        } catch (const SceneError& e) {
            INFO(e.what());
            CHECK(std::string(e.what()).find(b.message) != std::string::npos);
            CHECK(std::string(e.what()).starts_with(fmt::format("test.lrt:{}:", b.line)));
        }
    }
}

TEST_CASE("an area light cannot be clipped by a vertex program", "[vertex][errors]") {
    ProgramFolder folder;
    folder.write("clip.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\nMOV o[CLP3].x, v[OPOS].x;\nEND\n");
    try {
        loadScene(
            sceneWith("AreaLightSource \"arealight\"\nVertexProgram \"clip.vp\"\n" + gridMesh(1)),
            folder.directory());
        FAIL("the scene loaded");
    } catch (const SceneError& e) {
        CHECK_THAT(e.what(), Catch::Contains("test.lrt:6:") &&
                                 Catch::Contains("writes clip distances, which area lights do "
                                                 "not support"));
    }
}

TEST_CASE("vertices that stop at the instruction limit are warned about", "[vertex][errors]") {
    ProgramFolder folder;
    folder.write("loop.vp", "!!VP2.0\nMOV o[HPOS], v[OPOS];\ntop: BRA top;\nEND\n");
    const auto loaded =
        loadScene(sceneWith("VertexProgram \"loop.vp\"\n" + gridMesh(1)), folder.directory());
    REQUIRE(loaded.scene->warnings().size() == 1);
    CHECK(loaded.scene->warnings()[0].message.find("stopped early on 4 of 4 vertices (4 at the "
                                                   "65536-instruction limit") != std::string::npos);
    // The outputs are what the program had written: the mesh is still there.
    CHECK(castRay(*loaded.scene, {0.1f, 0.1f, -5}, {0, 0, 1}));
}

TEST_CASE("the vertex program gallery builds cleanly and every program moves its shape",
          "[vertex][gallery]") {
    const auto loaded = loadScene(
        testing::bundledScene("vertex_gallery.lrt", {{"Format 960 600 1", "Format 96 60 1"}}),
        LRT_SOURCE_DIR "/scenes");
    CHECK(loaded.scene->warnings().empty());
    // The OBJ bar (6 faces), morph and cutaway spheres (96 x 48), skinned cylinder (32 x 64),
    // ripple grid (64 x 64) and torus (96 x 48), all run through their programs.
    CHECK(loaded.scene->statistics().programVertices ==
          (7 * 33 * 4 + 7 * 7 * 2) + 2 * 97 * 49 + 33 * 65 + 65 * 65 + 97 * 49);
    const RenderResult result = render(*loaded.scene, {});
    CHECK(result.statistics.droppedSamples == 0);
}

TEST_CASE("skinning follows the bone palette: the top of the chain is bent", "[vertex][gallery]") {
    // The gallery's skinned cylinder alone, without its placement: bones bend 22 degrees about x
    // at each joint, so the cylinder's axis point at height 4 (the last bone, four joints bent)
    // ends up at y = -(sin 22 + sin 44 + sin 66 + ...), not on the z axis.
    const std::string gallery = testing::bundledScene("vertex_gallery.lrt");
    const std::size_t begin = gallery.find("VertexProgram \"skin.vp\"");
    const std::size_t end = gallery.find("Surface", begin);
    REQUIRE(begin != std::string::npos);
    const auto loaded =
        loadScene(sceneWith(gallery.substr(begin, end - begin) + "Disk 4 0.45 360\n"),
                  LRT_SOURCE_DIR "/scenes");
    // The disk at z = 4 is in segment 4, all on bone 4: the joint rotations compose to 88
    // degrees about x around the joints at z = 1, 2, 3, 4 (the last one at the disk itself).
    float y = 0, z = 1; // where each bent segment's end lands, joint by joint
    for (int joint = 1; joint <= 3; ++joint) {
        const float angle = static_cast<float>(joint) * 22.0f * 3.14159265f / 180.0f;
        y -= std::sin(angle);
        z += std::cos(angle);
    }
    const Vec3 centre{0, y, z};
    const Vec3 normal{0, -std::sin(88.0f * 3.14159265f / 180.0f),
                      std::cos(88.0f * 3.14159265f / 180.0f)};
    const auto hit = castRay(*loaded.scene, centre + normal * 3 + Vec3{0.01f, 0, 0}, -normal);
    REQUIRE(hit);
    CHECK(hit->p.x == Approx(0.01f).margin(1e-3));
    CHECK(hit->p.y == Approx(centre.y).margin(2e-3));
    CHECK(hit->p.z == Approx(centre.z).margin(2e-3));
}

} // namespace
} // namespace lrt
