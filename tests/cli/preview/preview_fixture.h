// The preview tests' scene (tests/data/preview: a file of every kind a scene reads) copied to a
// scratch folder, so that a test can edit its files, and a live session on it.
#pragma once

#include "../../renderer/render_test_support.h"
#include "../../scratch_directory.h"
#include "cli/preview/preview_session.h"
#include "renderer/embree/device.h"
#include "renderer/import/scene_file.h"
#include "renderer/render/renderer.h"
#include "slvm/common/file_contents.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <memory>

namespace lrt::testing {

struct PreviewScene {
    PreviewScene() {
        for (const auto& entry :
             std::filesystem::directory_iterator(LRT_SOURCE_DIR "/tests/data/preview"))
            std::filesystem::copy_file(entry.path(), folder / entry.path().filename());
    }
    std::filesystem::path scene() const { return folder / "scene.lrt"; }

    ScratchDirectory folder{"lrt_preview_"};
    EmbreeDevice device;
};

inline preview::PreviewOptions previewOptions() {
    preview::PreviewOptions options;
    options.build = bundledData();
    options.seed = 3;
    return options;
}

// The fixture's scene read, built from nothing and rendered as lrt render does, with the
// session's seed.
inline RenderResult renderedAsLrtRender(const PreviewScene& fixture) {
    EmbreeDevice device;
    const auto frames = readScene(fixture.scene());
    const auto scene = buildScene(frames.front(), device.get(), bundledData());
    RenderSettings settings;
    settings.seed = previewOptions().seed;
    return render(*scene, settings);
}

inline std::string readText(const std::filesystem::path& path) {
    return slvm::readFileContents(path).value_or("");
}

// Saves `text` as an editor that writes a new file and renames it over the old one does.
inline void saveByRename(const std::filesystem::path& path, const std::string& text) {
    const std::filesystem::path temporary = path.string() + ".swp";
    std::ofstream(temporary, std::ios::binary) << text;
    std::filesystem::rename(temporary, path);
}

// Saves `text` as an editor that truncates the file and writes it in place does, in two writes.
inline void saveInPlace(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text.substr(0, text.size() / 2);
    out.flush();
    out << text.substr(text.size() / 2);
}

inline bool finished(const preview::PreviewStatus& s) {
    return s.state != preview::PreviewStatus::State::Rendering;
}

// Waits until generation `generation` has finished (done or failed); fails the test after 60 s.
inline preview::PreviewStatus waitForGeneration(const preview::PreviewSession& session,
                                                std::uint64_t generation) {
    const bool reached = session.waitUntil(
        [&](const preview::PreviewStatus& s) { return s.generation >= generation && finished(s); },
        std::chrono::seconds(60));
    const preview::PreviewStatus now = session.status();
    INFO("waiting for generation "
         << generation << " of " << session.scenePath() << "; it is at generation "
         << now.generation << ", pass " << now.pass << ", "
         << (now.state == preview::PreviewStatus::State::Rendering ? "rendering" : "finished"));
    REQUIRE(reached);
    return session.status();
}

} // namespace lrt::testing
