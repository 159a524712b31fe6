// The incremental reload: each kind of edit makes again only what it changes (counted: shape
// statements, BVHs, shader programs), and the image after it is bitwise the image of a full
// reload and of lrt render on the edited files.
#include "preview_fixture.h"
#include "renderer/import/scene_file.h"
#include "renderer/render/renderer.h"
#include "tests/renderer/determinism.h"

#include <regex>

using namespace lrt;
using namespace lrt::testing;
using preview::PreviewSession;
using preview::PreviewStatus;

namespace {

// What a reload made and took over: statements, BVHs, programs.
struct Rebuilt {
    std::size_t statementsMade, statementsReused, bvhsBuilt, bvhsReused;
};

Rebuilt rebuiltIn(const PreviewStatus& status) {
    const BuildReuse& s = status.rebuilt;
    return {s.statementsMade, s.statementsReused, s.bvhsBuilt, s.bvhsReused};
}

// Edits `file` (the first match of `pattern` becomes `replacement`), waits for the reload, and
// checks what it made again against `expected`, its image against lrt render's and a full
// reload's, and that the edit changed the image (so that the edit was seen). Returns the status of
// the reload that followed the edit.
PreviewStatus checkEdit(PreviewScene& fixture, PreviewSession& session, std::uint64_t& generation,
                        const char* file, const char* pattern, const char* replacement,
                        Rebuilt expected) {
    INFO("the edit of " << file << ": '" << pattern << "' to '" << replacement << "' in "
                        << fixture.folder.path());
    const std::shared_ptr<const preview::PassImage> before = session.image();
    const std::filesystem::path path = fixture.folder / file;
    const std::string text = readText(path);
    const std::string edited = std::regex_replace(text, std::regex(pattern), replacement,
                                                  std::regex_constants::format_first_only);
    REQUIRE(edited != text);
    saveByRename(path, edited);
    const PreviewStatus incremental = waitForGeneration(session, ++generation);
    REQUIRE(incremental.state == PreviewStatus::State::Done);
    const Rebuilt made = rebuiltIn(incremental);
    CHECK(made.statementsMade == expected.statementsMade);
    CHECK(made.statementsReused == expected.statementsReused);
    CHECK(made.bvhsBuilt == expected.bvhsBuilt);
    CHECK(made.bvhsReused == expected.bvhsReused);
    const std::shared_ptr<const preview::PassImage> image = session.image();
    CHECK_FALSE(testing::sameBits(image->image, before->image));

    const RenderResult fromNothing = renderedAsLrtRender(fixture);
    CHECK(testing::sameBits(image->image, fromNothing.image));
    CHECK(testing::sameBits(image->aovs, fromNothing.aovs));

    session.reload(); // from nothing
    const PreviewStatus s = waitForGeneration(session, ++generation);
    REQUIRE(s.state == PreviewStatus::State::Done);
    CHECK(s.rebuilt.statementsReused == 0);
    CHECK(s.rebuilt.bvhsReused == 0);
    CHECK(s.rebuilt.programsReused == 0);
    CHECK(testing::sameBits(session.image()->image, image->image));
    CHECK(testing::sameBits(session.image()->aovs, image->aovs));
    return incremental;
}

} // namespace

// The fixture's world: two spheres (Tint.cg, the bundled TexturedDiffuse), an OBJ quad under the
// vertex program shift.vp, and a Shape "sdf" whose card is ball.cg; one BVH.
TEST_CASE("a reload makes again only what the edit changed, and renders a full reload's bits",
          "[preview][reload]") {
    PreviewScene fixture;
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    std::uint64_t generation = waitForGeneration(session, 1).generation;
    SECTION("a shader: that program is compiled again, every shape and the BVH are kept") {
        CHECK(checkEdit(fixture, session, generation, "Tint.cg", "cosine \\* Kd",
                        "cosine * Kd * 0.5", {0, 4, 0, 1})
                  .rebuilt.lightSamplersReused);
        const PreviewStatus s = session.status();
        CHECK(s.rebuilt.programsLoaded == 2); // the full reload's
        saveByRename(fixture.folder / "tint.cgh", readText(fixture.folder / "tint.cgh") + "\n");
        const PreviewStatus included = waitForGeneration(session, ++generation);
        CHECK(included.rebuilt.programsLoaded == 1); // what includes tint.cgh: Tint.cg
        CHECK(included.rebuilt.programsReused == 1); // TexturedDiffuse
        CHECK(included.rebuilt.statementsReused == 4);
        CHECK(included.rebuilt
                  .lightSamplersReused); // the lights, and so their samplers, are the same
    }
    SECTION("a material's parameters: no shape or BVH is made again") {
        checkEdit(fixture, session, generation, "scene.lrt", "\"Kd\" \\[0.8\\]", "\"Kd\" [0.4]",
                  {0, 4, 0, 1});
    }
    SECTION("a light: no shape or BVH is made again") {
        // The light's power changed: its samplers are made again.
        CHECK_FALSE(checkEdit(fixture, session, generation, "lights.lrt", "\"intensity\" \\[2\\]",
                              "\"intensity\" [3]", {0, 4, 0, 1})
                        .rebuilt.lightSamplersReused);
    }
    SECTION("the camera: only the mesh under the vertex program, which sees it, is made again") {
        checkEdit(fixture, session, generation, "scene.lrt", "LookAt 0 0 -8", "LookAt 0 0.5 -8",
                  {1, 3, 1, 0});
    }
    SECTION("a shape's transform: that shape and the BVH") {
        checkEdit(fixture, session, generation, "scene.lrt", "Translate 2 -1 0",
                  "Translate 2 -1.25 0", {1, 3, 1, 0});
    }
    SECTION("a mesh file: that mesh and the BVH") {
        checkEdit(fixture, session, generation, "quad.obj", "v -6 -4 3", "v -6 -5 3", {1, 3, 1, 0});
    }
    SECTION("a vertex program: the mesh it deforms and the BVH") {
        checkEdit(fixture, session, generation, "shift.vp", "v\\[OPOS\\], c", "v[OPOS], -c",
                  {1, 3, 1, 0});
    }
    SECTION("a card's include: the Shape \"sdf\" and the BVH") {
        checkEdit(fixture, session, generation, "ball.cgh", "RADIUS 0\\.8", "RADIUS 0.7",
                  {1, 3, 1, 0});
    }
}

TEST_CASE("two identical statements still make two shapes when reloaded", "[preview][reload]") {
    PreviewScene fixture;
    const std::string text = readText(fixture.scene());
    const std::string sphere = "    Sphere 1 -1 1 360\n";
    std::string doubled = text;
    doubled.insert(doubled.find(sphere) + sphere.size(), sphere);
    saveByRename(fixture.scene(), doubled);
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    std::uint64_t generation = waitForGeneration(session, 1).generation;
    checkEdit(fixture, session, generation, "lights.lrt", "\"intensity\" \\[2\\]",
              "\"intensity\" [3]", {0, 5, 0, 1});
    CHECK(session.scene()->statistics().quadrics == 4); // the sdf, three spheres
}
