// A live scene: read, built and rendered in passes on a worker thread, read again whenever one of
// the files it read changes (the render in flight is cancelled between tiles), and the last good
// image kept, marked stale, while the scene fails to load. What `lrt preview` serves.
#pragma once

#include "cli/preview/file_watcher.h"
#include "cli/preview/scene_files.h"
#include "renderer/builder/build_cache.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/image/image_file.h"
#include "renderer/render/render_settings.h"
#include "renderer/scene/scene.h"
#include "slvm/common/diagnostic.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace lrt::preview {

// One step of the progressive render: the samples per pixel, and how many film pixels each
// rendered pixel covers each way.
struct Pass {
    int samplesPerPixel = 1;
    int pixelScale = 1;
};

// The passes up to `samplesPerPixel`: a quarter-resolution pass at 1 spp, the full resolution at
// 1 spp, then four times the samples each pass, the last exactly `samplesPerPixel` (so the last
// image is the one `lrt render` makes).
std::vector<Pass> passSchedule(int samplesPerPixel);

struct PreviewOptions {
    BuildOptions build;     // where shaders and vertex programs are found
    std::uint64_t seed = 0; // as lrt render --seed
    int threads = 0;        // render threads (0: all)
    bool watchFiles = true; // reload when a file the scene read changes
};

// A finished pass's image.
struct PassImage {
    Image image; // linear RGB
    Image aovs;  // alpha, albedo, normal, depth, samples, halves (renderer.h's RenderResult::aovs)
    int pass = 0;
    Pass settings;
    std::uint64_t generation = 0;
};

struct PreviewStatus {
    enum class State { Rendering, Done, Error };
    State state = State::Rendering;
    int pass = 0;                 // passes finished in this generation
    int passes = 0;               // of how many (0 until the scene is built)
    int spp = 0;                  // samples per pixel of the latest finished pass
    int targetSpp = 0;            // the scene's
    std::uint64_t generation = 0; // grows by one at each reload
    std::vector<slvm::Diagnostic> diagnostics;
    bool stale = false; // the image is of an earlier generation (the scene fails now)
    double passSeconds = 0, totalSeconds = 0; // the latest pass, and the generation so far
    double buildSeconds = 0; // reading and building this generation's scene, before its passes
    // What the generation does now: "reading NAME" (the scene file, then big mesh files), "building
    // BVH" (BuildOptions::onProgress), "rendering", or "" once done or failed; and how far that
    // phase is, from 0 to 1 (rendering: the passes done over all of them).
    std::string phase;
    double phaseFraction = 0;
    int width = 0, height = 0; // the film's
    // What this generation's build made and took over from the last: a reload makes again only
    // what the changed files and statements make.
    BuildReuse rebuilt;
};

class PreviewSession {
public:
    // Starts loading `scene` at once; the scene is read with the reader its format needs.
    PreviewSession(std::filesystem::path scene, RTCDevice device, PreviewOptions options);
    ~PreviewSession();
    PreviewSession(const PreviewSession&) = delete;
    PreviewSession& operator=(const PreviewSession&) = delete;

    // Reads and builds the scene again from nothing: cancels the render in flight, which stops
    // before its next tile. Callable from any thread. (A watched file's change reloads by itself,
    // making again only what that file makes.)
    void reload();

    PreviewStatus status() const;
    // The latest finished pass, of this generation or (stale) of the last that built; null before
    // the first pass.
    std::shared_ptr<const PassImage> image() const;
    // The scene of the latest good generation; null while none has built.
    std::shared_ptr<const Scene> scene() const;
    // The render settings of the session (seed, threads); the passes add their own spp and scale.
    RenderSettings settings() const;
    const std::filesystem::path& scenePath() const { return scenePath_; }
    // The files the scene read (those of the last good build, and those named by the current
    // errors), with where they resolved then: what is watched, and what the editor may open and
    // write.
    std::shared_ptr<const SceneFiles> files() const;

    // Waits until `done(status())` holds or `timeout` passes; returns whether it holds.
    bool waitUntil(const std::function<bool(const PreviewStatus&)>& done,
                   std::chrono::milliseconds timeout) const;

private:
    void run();
    // `file` changed (empty: anything may have): what was made from it is made again.
    void fileChanged(const std::filesystem::path& file);
    void requestReload();
    // One generation: read and build the scene, then render its passes until done or cancelled.
    void loadAndRender();
    std::shared_ptr<const Scene> load(std::vector<std::filesystem::path>& read);
    // `target` is the scene's samples per pixel, the last pass's.
    void renderPasses(const std::shared_ptr<const Scene>& scene, int target);
    void fail(std::vector<slvm::Diagnostic> diagnostics, std::vector<std::filesystem::path> read);
    void setFiles(std::vector<std::filesystem::path> files);

    // As the user named it: the scene is read by this name, so that locations in messages and in
    // the pixel debugger's JSON are those lrt render and lrt debug print.
    const std::filesystem::path scenePath_;
    const std::filesystem::path absoluteScenePath_;
    RTCDevice device_;
    const PreviewOptions options_;

    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    PreviewStatus status_;
    std::shared_ptr<const PassImage> image_;
    std::shared_ptr<const Scene> scene_;
    std::shared_ptr<const SceneFiles> files_;
    std::chrono::steady_clock::time_point generationStart_;

    std::atomic<bool> cancel_{false}; // the render in flight stops before its next tile
    bool reloadRequested_ = true;     // under mutex_
    bool stopping_ = false;           // under mutex_
    BuildCache cache_;                // what the last good build made, for the next
    std::unique_ptr<FileWatcher> watcher_;
    std::thread worker_;
};

} // namespace lrt::preview
