// The preview's worker: one thread that waits for a reload, reads and builds the scene, and
// renders its passes, each a complete render with RenderControl::interrupt tied to the next
// reload. Editors save in bursts of events, so a reload first waits until the files have been
// quiet for kSettle.
#include "cli/preview/preview_session.h"

#include "renderer/core/scene_error.h"
#include "renderer/import/scene_file.h"
#include "renderer/render/camera_sampler.h"
#include "renderer/render/renderer.h"

#include <algorithm>
#include <set>

namespace lrt::preview {

namespace {

// How long the files must be quiet before the scene is read again: an editor's truncate, write
// and rename arrive within a few milliseconds of each other.
constexpr std::chrono::milliseconds kSettle{15};

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The files the diagnostics name, their causes' among them.
void addDiagnosedFiles(const std::vector<slvm::Diagnostic>& diagnostics,
                       std::vector<std::filesystem::path>& files) {
    for (const slvm::Diagnostic& d : diagnostics) {
        if (!d.where.file.empty())
            files.push_back(std::filesystem::absolute(d.where.file).lexically_normal());
        addDiagnosedFiles(d.causes, files);
    }
}

} // namespace

std::vector<Pass> passSchedule(int samplesPerPixel) {
    std::vector<Pass> passes{{1, 4}};
    for (int spp = 1; spp < samplesPerPixel; spp *= 4)
        passes.push_back({spp, 1});
    passes.push_back({samplesPerPixel, 1});
    return passes;
}

PreviewSession::PreviewSession(std::filesystem::path scene, RTCDevice device,
                               PreviewOptions options)
    : scenePath_(std::move(scene)),
      absoluteScenePath_(std::filesystem::absolute(scenePath_).lexically_normal()), device_(device),
      options_(std::move(options)) {
    if (options_.watchFiles)
        watcher_ = std::make_unique<FileWatcher>(
            [this](const std::filesystem::path& file) { fileChanged(file); });
    worker_ = std::thread([this] { run(); });
}

PreviewSession::~PreviewSession() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    cancel_ = true;
    changed_.notify_all();
    worker_.join();
}

void PreviewSession::reload() {
    cache_.invalidateAll();
    requestReload();
}

void PreviewSession::fileChanged(const std::filesystem::path& file) {
    if (file.empty())
        cache_.invalidateAll();
    else
        cache_.invalidate(file);
    requestReload();
}

void PreviewSession::requestReload() {
    {
        // Both under the lock: the worker clears cancel_ under it only once it has taken every
        // request made before, so a late store can never cancel the generation that follows.
        const std::lock_guard lock(mutex_);
        reloadRequested_ = true;
        cancel_ = true;
    }
    changed_.notify_all();
}

PreviewStatus PreviewSession::status() const {
    const std::lock_guard lock(mutex_);
    PreviewStatus status = status_;
    if (status.state == PreviewStatus::State::Rendering)
        status.totalSeconds = secondsSince(generationStart_);
    return status;
}

std::shared_ptr<const PassImage> PreviewSession::image() const {
    const std::lock_guard lock(mutex_);
    return image_;
}

std::shared_ptr<const Scene> PreviewSession::scene() const {
    const std::lock_guard lock(mutex_);
    return scene_;
}

RenderSettings PreviewSession::settings() const {
    RenderSettings settings;
    settings.seed = options_.seed;
    settings.threads = options_.threads;
    // Smaller tiles than lrt render's: a render is cancelled between tiles, and a 32-pixel tile of
    // the shader gallery at 9 spp takes a quarter of a 64-pixel one. The pixels are the same.
    settings.tileSize = 32;
    return settings;
}

std::shared_ptr<const SceneFiles> PreviewSession::files() const {
    const std::lock_guard lock(mutex_);
    return files_;
}

bool PreviewSession::waitUntil(const std::function<bool(const PreviewStatus&)>& done,
                               std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return done(status_); });
}

void PreviewSession::run() {
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return reloadRequested_ || stopping_; });
            if (stopping_)
                return;
            // Wait for the burst of events a save makes to end.
            do {
                reloadRequested_ = false;
                changed_.wait_for(lock, kSettle, [&] { return reloadRequested_ || stopping_; });
                if (stopping_)
                    return;
            } while (reloadRequested_);
            cancel_ = false;
            ++status_.generation;
            status_.state = PreviewStatus::State::Rendering;
            status_.pass = 0;
            status_.passSeconds = 0;
            status_.phase = "reading " + scenePath_.filename().string();
            status_.phaseFraction = 0;
            generationStart_ = std::chrono::steady_clock::now();
        }
        changed_.notify_all();
        loadAndRender();
    }
}

void PreviewSession::loadAndRender() {
    std::vector<std::filesystem::path> read{absoluteScenePath_};
    std::shared_ptr<const Scene> scene;
    try {
        scene = load(read);
    } catch (const SceneError& e) {
        return fail(e.diagnostics(), std::move(read));
    } catch (const slvm::ProgramError& e) {
        return fail(e.diagnostics(), std::move(read));
    } catch (const std::exception& e) {
        return fail({slvm::fileDiagnostic(scenePath_.string(), e.what())}, std::move(read));
    }
    const int target = samplerSettings(*scene, settings()).count(); // the last pass's spp
    {
        const std::lock_guard lock(mutex_);
        scene_ = scene;
        status_.diagnostics.clear();
        status_.stale = false;
        status_.width = scene->film().xResolution;
        status_.height = scene->film().yResolution;
        status_.targetSpp = target;
        status_.passes = static_cast<int>(passSchedule(target).size());
        status_.buildSeconds = secondsSince(generationStart_);
        status_.rebuilt = scene->statistics().reuse;
        status_.phase = "rendering";
        status_.phaseFraction = 0;
    }
    setFiles(scene->files());
    renderPasses(scene, target);
}

std::shared_ptr<const Scene> PreviewSession::load(std::vector<std::filesystem::path>& read) {
    std::vector<FrameDescription> frames = readScene(scenePath_);
    BuildOptions build = options_.build;
    build.keepVertexInputs = true; // the pixel debugger shows vertex programs' inputs
    build.cache = &cache_;
    build.onProgress = [this](std::string_view phase, double fraction) {
        const std::lock_guard lock(mutex_);
        status_.phase = phase;
        status_.phaseFraction = fraction;
    };
    build.onFileRead = [&](const std::filesystem::path& file) { read.push_back(file); };
    return buildScene(frames.front(), device_, build);
}

void PreviewSession::fail(std::vector<slvm::Diagnostic> diagnostics,
                          std::vector<std::filesystem::path> read) {
    addDiagnosedFiles(diagnostics, read);
    // Fixing any file the last good scene read must recover too.
    if (const std::shared_ptr<const SceneFiles> previous = files())
        for (const SceneFile& file : previous->files())
            read.push_back(file.path);
    // Watched before the error is published: a fix saved the moment the error shows is seen.
    setFiles(std::move(read));
    {
        const std::lock_guard lock(mutex_);
        status_.state = PreviewStatus::State::Error;
        status_.phase.clear();
        status_.diagnostics = std::move(diagnostics);
        status_.stale = image_ != nullptr;
        status_.totalSeconds = secondsSince(generationStart_);
    }
    changed_.notify_all();
}

void PreviewSession::setFiles(std::vector<std::filesystem::path> files) {
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
    if (watcher_)
        watcher_->watch(files);
    auto named = std::make_shared<const SceneFiles>(absoluteScenePath_, files);
    const std::lock_guard lock(mutex_);
    files_ = std::move(named);
}

void PreviewSession::renderPasses(const std::shared_ptr<const Scene>& scene, int target) {
    const std::vector<Pass> passes = passSchedule(target);
    RenderControl control;
    control.interrupt = &cancel_;
    for (std::size_t i = 0; i < passes.size(); ++i) {
        RenderSettings settings = this->settings();
        settings.samplesPerPixel = passes[i].samplesPerPixel;
        settings.pixelScale = passes[i].pixelScale;
        // The scene's own PixelSamples stratify the last pass, as lrt render's do.
        if (passes[i].samplesPerPixel == target)
            settings.samplesPerPixel.reset();
        const auto start = std::chrono::steady_clock::now();
        RenderResult result;
        try {
            result = render(*scene, settings, control);
        } catch (const std::exception& e) {
            return fail({slvm::fileDiagnostic(scenePath_.string(), e.what())}, {});
        }
        if (result.interrupted)
            return;
        auto image = std::make_shared<PassImage>();
        image->image = std::move(result.image);
        image->aovs = std::move(result.aovs);
        image->pass = static_cast<int>(i) + 1;
        image->settings = passes[i];
        {
            const std::lock_guard lock(mutex_);
            image->generation = status_.generation;
            image_ = std::move(image);
            status_.pass = static_cast<int>(i) + 1;
            status_.spp = passes[i].samplesPerPixel;
            status_.passSeconds = secondsSince(start);
            status_.totalSeconds = secondsSince(generationStart_);
            status_.phaseFraction = static_cast<double>(i + 1) / static_cast<double>(passes.size());
            if (i + 1 == passes.size()) {
                status_.state = PreviewStatus::State::Done;
                status_.phase.clear();
            }
        }
        changed_.notify_all();
    }
}

} // namespace lrt::preview
