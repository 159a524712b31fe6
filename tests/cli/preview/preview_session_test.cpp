// The live session: its passes end in the image lrt render makes, every kind of file the scene
// reads is watched and reloads it (saved by rename or in place), a failing scene keeps the last
// image marked stale and recovers when fixed, and a reload cancels the render in flight.
#include "preview_fixture.h"
#include "renderer/import/scene_file.h"
#include "renderer/render/renderer.h"
#include "tests/renderer/determinism.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <regex>

using namespace lrt;
using namespace lrt::testing;
using preview::Pass;
using preview::PreviewSession;
using preview::PreviewStatus;

namespace {

std::vector<std::pair<int, int>> schedule(int spp) {
    std::vector<std::pair<int, int>> out;
    for (const Pass& p : preview::passSchedule(spp))
        out.emplace_back(p.samplesPerPixel, p.pixelScale);
    return out;
}

std::vector<std::string> fileNames(const PreviewSession& session) {
    std::vector<std::string> names;
    for (const preview::SceneFile& f : session.files()->files())
        names.push_back(f.name);
    return names;
}

} // namespace

TEST_CASE("the passes: a quarter-resolution look, 1 spp, then four times the samples up to the "
          "scene's",
          "[preview]") {
    using V = std::vector<std::pair<int, int>>;
    CHECK(schedule(1) == V{{1, 4}, {1, 1}});
    CHECK(schedule(4) == V{{1, 4}, {1, 1}, {4, 1}});
    CHECK(schedule(9) == V{{1, 4}, {1, 1}, {4, 1}, {9, 1}});
    CHECK(schedule(16) == V{{1, 4}, {1, 1}, {4, 1}, {16, 1}});
    CHECK(schedule(64) == V{{1, 4}, {1, 1}, {4, 1}, {16, 1}, {64, 1}});
    CHECK(schedule(5) == V{{1, 4}, {1, 1}, {4, 1}, {5, 1}});
}

TEST_CASE("a session renders its passes, the last one bitwise the image lrt render makes",
          "[preview]") {
    PreviewScene fixture;
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    const PreviewStatus s = waitForGeneration(session, 1);
    REQUIRE(s.state == PreviewStatus::State::Done);
    CHECK(s.diagnostics.empty());
    CHECK(s.pass == 3); // 1 spp at a quarter, 1 spp, 4 spp (PixelSamples 2 2)
    CHECK(s.passes == 3);
    CHECK(s.spp == 4);
    CHECK(s.targetSpp == 4);
    CHECK(s.width == 32);
    CHECK(s.height == 24);
    CHECK_FALSE(s.stale);
    const auto image = session.image();
    REQUIRE(image);
    CHECK(image->generation == 1);
    CHECK(image->pass == 3);

    const RenderResult expected = renderedAsLrtRender(fixture);
    CHECK(testing::sameBits(image->image, expected.image));
    CHECK(testing::sameBits(image->aovs, expected.aovs));
}

TEST_CASE("a scene with a noise threshold refines with adaptive rounds, the last pass bitwise "
          "lrt render's",
          "[preview][adaptive]") {
    PreviewScene fixture;
    std::string text = readText(fixture.scene());
    const std::string samples = "PixelSamples 2 2";
    text.replace(text.find(samples), samples.size(),
                 "PixelSamples 8 8\nOption \"render\" \"noisethreshold\" [0.2]");
    std::ofstream(fixture.scene(), std::ios::binary) << text;
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    const PreviewStatus s = waitForGeneration(session, 1);
    REQUIRE(s.state == PreviewStatus::State::Done);
    CHECK(s.targetSpp == 64);
    const auto image = session.image();
    REQUIRE(image);

    const RenderResult expected = renderedAsLrtRender(fixture);
    CHECK(testing::sameBits(image->image, expected.image));
    CHECK(testing::sameBits(image->aovs, expected.aovs));
    // Some pixels stopped after the first round (16 of 64 samples): the rounds were in play.
    const Image& aovs = image->aovs;
    int early = 0;
    for (int y = 0; y < aovs.height; ++y)
        for (int x = 0; x < aovs.width; ++x)
            early += aovs.at(x, y, kSampleCountChannel) == 16;
    CHECK(early > 0);
}

TEST_CASE("the coarse pass covers the film at a quarter of its resolution", "[preview]") {
    PreviewScene fixture;
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    REQUIRE(session.waitUntil([](const PreviewStatus& s) { return s.pass >= 1 || finished(s); },
                              std::chrono::seconds(60)));
    // The first image published is the coarse pass or a later one; the coarse one is 8 x 6.
    EmbreeDevice device;
    const auto frames = readScene(fixture.scene());
    const auto scene = buildScene(frames.front(), device.get(), bundledData());
    RenderSettings coarse;
    coarse.seed = 3;
    coarse.samplesPerPixel = 1;
    coarse.pixelScale = 4;
    const RenderResult r = render(*scene, coarse);
    CHECK(r.image.width == 8);
    CHECK(r.image.height == 6);
    CHECK(r.image.fullWidth == 8);
}

TEST_CASE("every file the scene reads is listed and watched", "[preview]") {
    PreviewScene fixture;
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    waitForGeneration(session, 1);
    const std::vector<std::string> names = fileNames(session);
    for (const char* name : {"scene.lrt", "lights.lrt", "Tint.cg", "tint.cgh", "tiles.png",
                             "quad.obj", "shift.vp", "ball.cg", "ball.cgh"}) {
        INFO(name);
        CHECK(std::count(names.begin(), names.end(), name) == 1);
    }
    // The bundled shader, named by its real place relative to the scene's folder.
    CHECK(std::any_of(names.begin(), names.end(), [](const std::string& n) {
        return n.rfind("../", 0) == 0 && n.find("shaders/TexturedDiffuse.sl") != std::string::npos;
    }));
}

TEST_CASE("a save of any file the scene reads renders it again", "[preview]") {
    PreviewScene fixture;
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    std::uint64_t generation = waitForGeneration(session, 1).generation;
    for (const char* name : {"scene.lrt", "lights.lrt", "Tint.cg", "tint.cgh", "tiles.png",
                             "quad.obj", "shift.vp", "ball.cg", "ball.cgh"})
        for (const bool byRename : {true, false}) {
            INFO(name << (byRename ? " saved by rename" : " saved in place"));
            const std::filesystem::path file = fixture.folder / name;
            const std::string text = readText(file);
            if (byRename)
                saveByRename(file, text);
            else
                saveInPlace(file, text);
            const PreviewStatus s = waitForGeneration(session, generation + 1);
            CHECK(s.state == PreviewStatus::State::Done);
            generation = s.generation;
        }
    // A file the scene does not read changes nothing.
    std::ofstream(fixture.folder / "notes.txt") << "not part of the scene";
    CHECK_FALSE(session.waitUntil([&](const PreviewStatus& s) { return s.generation > generation; },
                                  std::chrono::milliseconds(300)));
}

TEST_CASE("a failing file keeps the last image, marked stale, and fixing it recovers",
          "[preview]") {
    PreviewScene fixture;
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    waitForGeneration(session, 1);
    const auto good = session.image();
    const std::filesystem::path shader = fixture.folder / "Tint.cg";
    const std::string text = readText(shader);
    saveByRename(shader, std::regex_replace(text, std::regex("max\\(dot"), "max(dott"));

    PreviewStatus s = waitForGeneration(session, 2);
    REQUIRE(s.state == PreviewStatus::State::Error);
    CHECK(s.stale);
    CHECK(session.image() == good);
    REQUIRE(s.diagnostics.size() == 1);
    // Reported at the Surface statement, with the shader's own error as its cause.
    CHECK(s.diagnostics[0].where.line == 12);
    REQUIRE(s.diagnostics[0].causes.size() >= 1);
    const slvm::Diagnostic& cause = s.diagnostics[0].causes[0];
    CHECK(std::filesystem::path(cause.where.file).filename() == "Tint.cg");
    CHECK(cause.where.line == 6);
    CHECK(cause.sourceLine.find("dott") != std::string::npos);

    saveByRename(shader, text);
    s = waitForGeneration(session, 3);
    CHECK(s.state == PreviewStatus::State::Done);
    CHECK_FALSE(s.stale);
    CHECK(s.diagnostics.empty());
    CHECK(session.image()->generation == 3);
}

TEST_CASE("a scene that does not parse is an error too, and its file stays watched", "[preview]") {
    PreviewScene fixture;
    const std::string text = readText(fixture.scene());
    saveByRename(fixture.scene(), text + "WorldBogus\n");
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    PreviewStatus s = waitForGeneration(session, 1);
    REQUIRE(s.state == PreviewStatus::State::Error);
    CHECK_FALSE(s.stale); // no image yet to keep
    CHECK(session.image() == nullptr);
    REQUIRE_FALSE(s.diagnostics.empty());
    CHECK(s.diagnostics[0].where.line == 30);
    saveByRename(fixture.scene(), text);
    s = waitForGeneration(session, 2);
    CHECK(s.state == PreviewStatus::State::Done);
}

TEST_CASE("a change cancels the render in flight", "[preview]") {
    PreviewScene fixture;
    // Enough samples that the last pass would take minutes.
    const std::string text = readText(fixture.scene());
    saveByRename(fixture.scene(),
                 std::regex_replace(text, std::regex("PixelSamples 2 2"), "PixelSamples 256 256"));
    PreviewSession session(fixture.scene(), fixture.device.get(), previewOptions());
    REQUIRE(
        session.waitUntil([](const PreviewStatus& s) { return s.generation == 1 && s.pass >= 2; },
                          std::chrono::seconds(60)));
    CHECK(session.status().state == PreviewStatus::State::Rendering);
    saveByRename(fixture.scene(), text);
    // Generation 2 can start only once generation 1's render has stopped.
    const PreviewStatus s = waitForGeneration(session, 2);
    CHECK(s.state == PreviewStatus::State::Done);
    CHECK(s.targetSpp == 4);
}
