// The render subcommand: parse the scene, resolve each selected frame's output (skipping those
// --resume finds finished), build every frame (so that no error can appear after an image was
// written), then render each with checkpoints and interruption, and write it atomically with its
// settings and statistics.
#include "cli/render_command.h"

#include "cli/display/tev_client.h"
#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/frame_selection.h"
#include "cli/install_layout.h"
#include "cli/interrupt.h"
#include "cli/progress.h"
#include "cli/render_report.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/core/atomic_file.h"
#include "renderer/description/aov_selection.h"
#include "renderer/embree/device.h"
#include "renderer/film/image_output.h"
#include "renderer/film/tile_merge.h"
#include "renderer/import/scene_file.h"
#include "renderer/integrators/integrator_registry.h"
#include "renderer/render/checkpoint_file.h"
#include "renderer/render/parallelism.h"
#include "renderer/render/renderer.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fmt/format.h>
#include <iostream>
#include <unistd.h>
#include <utility>

namespace lrt::cli {

namespace {

// The domains of the numeric flags (--threads beyond 4096 is a typo, not a machine).
constexpr slvm::NumberDomain kSamplesDomain = slvm::kInteger.atLeast(1).atMost(1 << 20);
constexpr slvm::NumberDomain kThreadsDomain = slvm::kInteger.atLeast(0).atMost(4096);
constexpr slvm::NumberDomain kPixelsDomain = slvm::kInteger.atLeast(1).atMost(65536);
constexpr slvm::NumberDomain kCropDomain = slvm::kReal.atLeast(0).atMost(1);
constexpr slvm::NumberDomain kSecondsDomain = slvm::kReal.atLeast(0);
constexpr slvm::NumberDomain kNoiseThresholdDomain = slvm::kReal.atLeast(0).atMost(1);

// The flags of `lrt render`.
struct RenderFlags {
    std::string scene;
    std::string output;
    std::string integrator;
    std::string crop;
    std::string tile;
    std::string frames;
    std::string stats;
    std::string resolution;
    std::string aov;
    std::string progress = "auto";
    std::string displayServer;
    std::optional<int> samplesPerPixel;
    std::optional<float> noiseThreshold;
    bool quick = false;
    bool denoise = false;
    int threads = 0;
    std::uint64_t seed = 0;
    slvm::jit::VmKind vm = slvm::jit::defaultVm();
    double checkpointSeconds = 0;
    bool resume = false;
    bool quiet = false;
    bool strict = false;
    std::string commandLine;
};

// One frame to render: its description, its settings (--quick depends on the frame's own
// samples), where it goes, and the identity of its render.
struct FrameJob {
    FrameDescription frame;
    RenderSettings settings;
    std::filesystem::path output;
    std::string identity;
};

// --resolution W,H: each a whole number of pixels from 1 to 65536.
std::pair<int, int> parseResolution(const std::string& text) {
    const auto values = parseFlagNumbers("--resolution", text, 2, kPixelsDomain, "W,H");
    return {static_cast<int>(values[0]), static_cast<int>(values[1])};
}

// The flags that change each frame itself, parsed once, before the scene is read.
struct FrameOverrides {
    std::optional<std::pair<int, int>> resolution;
    std::optional<std::vector<std::string>> aovs;
    bool quick = false;
};

FrameOverrides frameOverridesOf(const RenderFlags& flags) {
    FrameOverrides overrides;
    if (!flags.resolution.empty())
        overrides.resolution = parseResolution(flags.resolution);
    if (!flags.aov.empty()) {
        AovList aovs = parseAovList(flags.aov);
        if (!aovs.error.empty())
            throw UsageError("--aov: " + aovs.error);
        overrides.aovs = std::move(aovs.layers);
    }
    overrides.quick = flags.quick;
    return overrides;
}

// --resolution and --aov replace the scene's; then --quick halves the width and height.
void applyFrameOverrides(FrameDescription& frame, const FrameOverrides& overrides) {
    FilmDescription& film = frame.options.film;
    if (overrides.resolution)
        std::tie(film.xResolution, film.yResolution) = *overrides.resolution;
    if (overrides.aovs)
        film.aovs = *overrides.aovs;
    if (overrides.quick) {
        film.xResolution = (film.xResolution + 1) / 2;
        film.yResolution = (film.yResolution + 1) / 2;
    }
}

// --quick renders a quarter of the samples (at least one) of --spp or of the frame's PixelSamples.
RenderSettings frameSettings(RenderSettings settings, const FrameDescription& frame, bool quick) {
    if (quick) {
        const FilmDescription& film = frame.options.film;
        const int samples = settings.samplesPerPixel.value_or(film.xSamples * film.ySamples);
        settings.samplesPerPixel = std::max(1, samples / 4);
    }
    return settings;
}

std::array<float, 4> parseCrop(const std::string& text) {
    const auto v = parseFlagNumbers("--crop", text, 4, kCropDomain, "x0,x1,y0,y1");
    if (!(v[0] < v[1] && v[2] < v[3]))
        throw UsageError(fmt::format("--crop '{}': expected x0 < x1 and y0 < y1", text));
    return {v[0], v[1], v[2], v[3]};
}

// How progress is shown: --quiet silences it, --progress picks the style, "auto" by stderr.
ProgressStyle progressStyleOf(const RenderFlags& flags) {
    const auto style = progressStyleNamed(flags.progress, isatty(fileno(stderr)) != 0);
    if (!style)
        throw UsageError(
            fmt::format("--progress '{}': expected auto, bar, log, alf or none", flags.progress));
    return flags.quiet ? ProgressStyle::None : *style;
}

// The flags as render settings, checked before the scene is read: a usage error must not wait.
RenderSettings settingsOf(const RenderFlags& flags) {
    RenderSettings settings;
    if (flags.samplesPerPixel)
        checkFlagNumber("--spp", *flags.samplesPerPixel, kSamplesDomain);
    settings.samplesPerPixel = flags.samplesPerPixel;
    if (flags.noiseThreshold)
        checkFlagNumber("--noise-threshold", *flags.noiseThreshold, kNoiseThresholdDomain);
    settings.noiseThreshold = flags.noiseThreshold;
    checkFlagNumber("--threads", flags.threads, kThreadsDomain);
    if (!flags.integrator.empty()) {
        checkIntegratorFlag(flags.integrator);
        settings.integrator = flags.integrator;
    }
    settings.threads = flags.threads;
    settings.seed = flags.seed;
    if (!flags.crop.empty())
        settings.crop = parseCrop(flags.crop);
    if (!flags.tile.empty()) {
        settings.tile = parseTileNumber(flags.tile);
        if (!settings.tile)
            throw UsageError(fmt::format("--tile '{}': expected I/N with 0 <= I < N", flags.tile));
    }
    checkFlagNumber("--checkpoint", flags.checkpointSeconds, kSecondsDomain);
    if (!flags.output.empty()) {
        checkImageOutputFlag(flags.output);
        framePath(flags.output, 0, true); // rejects stray '%' now
    }
    if (!flags.displayServer.empty()) {
        try {
            parseDisplayAddress(flags.displayServer);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    return settings;
}

// The frames to render: those of a multi-frame scene that --frames selects, or a single-frame
// scene once per requested frame number (vertex programs and random streams see the number).
std::vector<FrameDescription> selectFrames(std::vector<FrameDescription> frames,
                                           const std::vector<int>& requested,
                                           const std::string& sceneName,
                                           const std::string& framesFlag) {
    if (requested.empty())
        return frames;
    std::vector<FrameDescription> selected;
    if (frames.size() == 1 && !frames[0].numbered) {
        for (const int number : requested) {
            selected.push_back(frames[0]);
            selected.back().number = number;
        }
        return selected;
    }
    for (FrameDescription& f : frames)
        if (std::find(requested.begin(), requested.end(), f.number) != requested.end())
            selected.push_back(std::move(f));
    if (selected.empty())
        throw std::runtime_error(fmt::format("{}: no frame in --frames {}", sceneName, framesFlag));
    return selected;
}

// Each frame's output file and render identity, checked to be writable before any time is spent.
std::vector<FrameJob> resolveOutputs(std::vector<FrameDescription> frames, const RenderFlags& flags,
                                     const RenderSettings& settings,
                                     const FrameOverrides& overrides,
                                     const std::string& scenePath) {
    const std::string sceneHash = contentHash(scenePath); // read once, not once per frame
    std::vector<FrameJob> jobs;
    const bool several = frames.size() > 1;
    for (FrameDescription& frame : frames) {
        std::string pattern = flags.output;
        if (pattern.empty())
            pattern = !frame.options.film.displayName.empty()
                          ? frame.options.film.displayName
                          : std::filesystem::path(flags.scene).stem().string() + ".exr";
        std::filesystem::path output = framePath(pattern, frame.number, several);
        const std::filesystem::path folder =
            output.parent_path().empty() ? "." : output.parent_path();
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec) || access(folder.c_str(), W_OK) != 0)
            throw std::runtime_error(fmt::format(
                "{}: cannot write there (no such folder, or no permission)", output.string()));
        applyFrameOverrides(frame, overrides);
        RenderSettings ownSettings = frameSettings(settings, frame, overrides.quick);
        std::string identity = renderIdentity(scenePath, sceneHash, frame, ownSettings);
        jobs.push_back(
            {std::move(frame), std::move(ownSettings), std::move(output), std::move(identity)});
    }
    return jobs;
}

// --resume: a finished output of the same render (same lrt:identity) is kept; one of other
// settings is rendered again.
void skipFinishedFrames(std::vector<FrameJob>& jobs, bool quiet) {
    std::erase_if(jobs, [&](const FrameJob& job) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(job.output, ec) ||
            std::filesystem::exists(checkpointPath(job.output), ec))
            return false;
        const bool same =
            metadataValue(readImageMetadata(job.output), "lrt:identity") == job.identity;
        if (!quiet)
            std::cerr << fmt::format("frame {}: {} {}\n", job.frame.number, job.output.string(),
                                     same ? "is already rendered (--resume)"
                                          : "is of another render; rendering it again");
        return same;
    });
}

// --display-server: the frame is shown in tev as its tiles finish (linear, with the film's gain, as
// the EXR gets it). A viewer that cannot be reached, or goes away, is a warning: the render goes
// on.
class DisplayStream {
public:
    DisplayStream(const std::string& address, const std::string& name, const Scene& scene)
        : name_(name), gain_(scene.film().gain) {
        if (address.empty())
            return;
        try {
            client_ = std::make_unique<TevClient>(parseDisplayAddress(address));
            client_->send(tevCreateImagePacket(name_, scene.film().xResolution,
                                               scene.film().yResolution, kChannels));
        } catch (const std::runtime_error& e) {
            drop(e);
        }
    }

    void tile(const PixelBounds& tile, std::span<const float> rgb) {
        if (!client_)
            return;
        std::vector<float> scaled(rgb.begin(), rgb.end());
        for (float& v : scaled)
            v *= gain_;
        try {
            client_->send(tevUpdateImagePacket(name_, tile.x0, tile.y0, tile.width(), tile.height(),
                                               kChannels, scaled));
        } catch (const std::runtime_error& e) {
            drop(e);
        }
    }

private:
    void drop(const std::runtime_error& e) {
        client_.reset();
        printWarning({slvm::Severity::Warning,
                      {},
                      fmt::format("--display-server: {}; rendering without it", e.what())});
    }

    inline static const std::vector<std::string> kChannels{"R", "G", "B"};
    std::string name_;
    float gain_;
    std::unique_ptr<TevClient> client_;
};

int interrupted(const std::string& where) {
    std::cerr << fmt::format("lrt: interrupted by signal {} {}; run the same command with "
                             "--resume to continue\n",
                             InterruptHandler::signal(), where);
    return kExitInterrupted;
}

// Renders one built frame to its output, or writes its checkpoint when interrupted. Returns the
// stats entry of a finished frame, nullopt for an interrupted one.
std::optional<nlohmann::json> renderFrame(const Scene& scene, const FrameJob& job,
                                          const RenderFlags& flags, ProgressStyle style,
                                          const std::string& scenePath, bool several) {
    const RenderSettings& settings = job.settings;
    const std::filesystem::path checkpoint = checkpointPath(job.output);
    std::optional<RenderResult> resumed;
    if (flags.resume)
        resumed = readCheckpoint(checkpoint, job.identity);
    const std::size_t resumedTiles =
        resumed ? static_cast<std::size_t>(std::count(resumed->finishedTiles.begin(),
                                                      resumed->finishedTiles.end(), true))
                : 0;
    if (resumed && !flags.quiet)
        std::cerr << fmt::format("resuming from {}: {} of {} tiles already rendered\n",
                                 checkpoint.string(), resumedTiles, resumed->finishedTiles.size());

    Progress progress(style, several ? fmt::format("frame {}", scene.frame()) : "rendering",
                      std::cerr);
    RenderControl control;
    control.progress = [&](double f) { progress.update(f); };
    control.resumeFrom = resumed ? &*resumed : nullptr;
    control.checkpointSeconds = flags.checkpointSeconds;
    // A failed periodic checkpoint (a full disk) is worth a warning, not the render.
    bool checkpointFailed = false;
    control.checkpoint = [&](const RenderResult& partial) {
        try {
            writeCheckpoint(checkpoint, partial, job.identity);
        } catch (const std::exception& e) {
            if (!std::exchange(checkpointFailed, true))
                printWarning({slvm::Severity::Warning,
                              {},
                              fmt::format("cannot write a checkpoint: {}", e.what())});
        }
    };
    control.interrupt = &InterruptHandler::requested();
    DisplayStream display(flags.displayServer, job.output.filename().string(), scene);
    if (!flags.displayServer.empty())
        control.tileFinished = [&](const PixelBounds& tile, std::span<const float> rgb) {
            display.tile(tile, rgb);
        };
    const RenderResult result = render(scene, settings, control);
    progress.finish();
    if (result.interrupted) {
        writeCheckpoint(checkpoint, result, job.identity);
        return std::nullopt;
    }
    const std::vector<slvm::Diagnostic> warnings = renderWarnings(scene, settings, result);
    for (const slvm::Diagnostic& warning : warnings)
        printWarning(warning);
    const FrameReport report{scene,
                             settings,
                             result.statistics,
                             warnings,
                             settings.integrator.value_or(scene.integrator().name),
                             resumedTiles};
    const auto writing = std::chrono::steady_clock::now();
    RenderedImage output = renderedImage(result.image, result.aovs, scene.film());
    if (flags.denoise)
        output = denoised(std::move(output));
    writeRenderedImage(
        job.output, output, scene.film(),
        imageMetadata(report, flags.commandLine, scenePath, job.identity, flags.crop));
    const double writeSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - writing).count();
    std::error_code ignored;
    std::filesystem::remove(checkpoint, ignored);
    if (!flags.quiet) {
        const PixelBounds& b = result.statistics.bounds;
        std::cerr << fmt::format("wrote {} ({} x {}, {} spp, {}, {:.1f} s)\n", job.output.string(),
                                 b.width(), b.height(), result.statistics.samplesPerPixel,
                                 report.integrator, result.statistics.seconds);
    }
    return statsEntry(report, job.output, writeSeconds);
}

// What lrt approximates of an imported scene or a mesh file's materials (docs/import.md), said
// before anything renders; under --strict each is an error and nothing renders.
void reportSubstitutions(std::vector<Diagnostic> substitutions, bool strict) {
    slvm::sortBySource(substitutions);
    if (!strict) {
        for (const Diagnostic& warning : substitutions)
            printWarning(warning);
        return;
    }
    if (substitutions.empty())
        return;
    for (Diagnostic& d : substitutions)
        d.severity = slvm::Severity::Error;
    substitutions.emplace_back(slvm::Severity::Note, SourceLocation{},
                               "--strict: lrt cannot render this scene exactly");
    throw SceneError(std::move(substitutions));
}

int renderScene(const RenderFlags& flags) {
    // From here on SIGTERM and SIGINT stop the render resumably (exit status 3).
    const InterruptHandler interrupt;
    const RenderSettings settings = settingsOf(flags);
    const FrameOverrides overrides = frameOverridesOf(flags);
    const ProgressStyle progressStyle = progressStyleOf(flags);
    const std::vector<int> requested =
        flags.frames.empty() ? std::vector<int>{} : parseFrames(flags.frames);
    // --threads bounds everything from here: scene building, vertex programs, BVHs, rendering.
    const Parallelism parallelism(flags.threads);
    const std::string scenePath =
        std::filesystem::weakly_canonical(std::filesystem::absolute(flags.scene)).string();
    std::vector<FrameDescription> frames = readScene(flags.scene);
    std::vector<Diagnostic> imported;
    for (const FrameDescription& frame : frames)
        imported.insert(imported.end(), frame.warnings.begin(), frame.warnings.end());
    reportSubstitutions(std::move(imported), flags.strict);
    std::vector<FrameJob> jobs =
        resolveOutputs(selectFrames(std::move(frames), requested, flags.scene, flags.frames), flags,
                       settings, overrides, scenePath);
    if (flags.resume)
        skipFinishedFrames(jobs, flags.quiet);

    EmbreeDevice device(parallelism.embreeConfig());
    BuildOptions buildOptions = buildOptionsFromEnvironment();
    buildOptions.vm = flags.vm;
    buildOptions.embreeBytes = [&device] { return device.bytesInUse(); };
    PhaseProgress phases(progressStyle, std::cerr);
    buildOptions.onProgress = [&](std::string_view phase, double fraction) {
        phases.update(phase, fraction);
    };
    std::vector<std::unique_ptr<Scene>> scenes;
    std::vector<Diagnostic> approximated;
    for (const FrameJob& job : jobs) {
        buildOptions.samplesPerPixel = job.settings.samplesPerPixel;
        scenes.push_back(buildScene(job.frame, device.get(), buildOptions));
        for (const Diagnostic& d : scenes.back()->substitutions())
            if (std::none_of(approximated.begin(), approximated.end(), [&](const Diagnostic& k) {
                    return k.message == d.message && k.where.line == d.where.line &&
                           k.where.file == d.where.file;
                }))
                approximated.push_back(d);
    }
    phases.finish();
    if (device.errorCount() > 0)
        throw std::runtime_error(device.lastError());
    reportSubstitutions(std::move(approximated), flags.strict);

    nlohmann::json statsFrames = nlohmann::json::array();
    auto writeStats = [&] {
        if (flags.stats.empty())
            return;
        const nlohmann::json stats = {{"scene", flags.scene},
                                      {"frames", statsFrames},
                                      {"embree_peak_bytes", device.peakBytes()},
                                      {"peak_resident_bytes", peakResidentBytes()}};
        writeFileAtomically(flags.stats, stats.dump(2) + "\n");
    };
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        if (InterruptHandler::requested())
            return interrupted(fmt::format("before frame {}", scenes[i]->frame()));
        const auto entry =
            renderFrame(*scenes[i], jobs[i], flags, progressStyle, scenePath, scenes.size() > 1);
        if (!entry)
            return interrupted(fmt::format("in frame {}: its finished tiles are in {}",
                                           scenes[i]->frame(),
                                           checkpointPath(jobs[i].output).string()));
        statsFrames.push_back(*entry);
        writeStats();
    }
    writeStats();
    return kExitOk;
}

} // namespace

void addRenderCommand(CLI::App& app, int& exitStatus, const std::string& commandLine) {
    auto flags = std::make_shared<RenderFlags>();
    CLI::App* command = app.add_subcommand(
        "render", "Render a scene (lrt SCENE.lrt is short for lrt render SCENE.lrt)");
    command->add_option("SCENE", flags->scene, "Scene file (.lrt, or pbrt-v4's .pbrt)")->required();
    command->add_option(
        "-o,--output", flags->output,
        "Output image (.exr linear float, .png/.tif 8-bit sRGB); '#' runs or %04d become the frame "
        "number");
    command
        ->add_option("--spp", flags->samplesPerPixel,
                     "Samples per pixel, 1 to 1048576 (overrides PixelSamples)")
        ->check(nonNegativeInteger());
    command->add_option("--noise-threshold", flags->noiseThreshold,
                        "Adaptive sampling: a pixel stops once its estimated error (relative to "
                        "the square root of its brightness) is below T, 0 to 1; --spp is the most "
                        "it takes (overrides Option \"render\" "
                        "\"noisethreshold\")");
    command->add_option("--resolution", flags->resolution,
                        "Image size W,H in pixels, 1 to 65536 each (overrides Format)");
    command->add_option(
        "--aov", flags->aov,
        "AOV layers of EXR outputs: all (default), none, or a list of alpha, "
        "albedo, normal, depth, samples, halves (overrides Option \"output\" \"aov\")");
    command->add_flag("--quick", flags->quick,
                      "A look: half the width and height, a quarter of the samples");
    command->add_flag("--denoise", flags->denoise,
                      "Write the denoised image; an EXR keeps the raw one as noisy.R, noisy.G, "
                      "noisy.B (docs/denoising.md)");
    command->add_option("--integrator", flags->integrator,
                        "whitted or path (overrides SurfaceIntegrator)");
    command
        ->add_option("--threads", flags->threads,
                     "Threads for everything lrt runs: building, vertex programs, rendering "
                     "(default: all cores)")
        ->check(nonNegativeInteger());
    command->add_option("--seed", flags->seed, "Seed of every random sample (default 0)")
        ->check(nonNegativeInteger());
    addVmOption(*command, flags->vm);
    command->add_option("--crop", flags->crop, "Render only x0,x1,y0,y1 (NDC, as CropWindow)");
    command->add_option("--tile", flags->tile,
                        "Render only band I of N (0-based), e.g. --tile 3/8");
    command->add_option("--frames", flags->frames,
                        "Render frames A-B[:step] (or A); a single-frame scene is rendered once "
                        "per frame number");
    command
        ->add_option("--checkpoint", flags->checkpointSeconds,
                     "Save finished tiles to OUTPUT.checkpoint.exr every SECONDS")
        ->check(CLI::NonNegativeNumber);
    command->add_flag("--resume", flags->resume,
                      "Continue from OUTPUT.checkpoint.exr; skip frames already rendered");
    command->add_option("--stats", flags->stats, "Write render statistics as JSON to FILE");
    command->add_option("--progress", flags->progress,
                        "auto (a bar on a terminal, log lines otherwise), bar, log (every 1% or "
                        "10 s, whichever is rarer), alf (ALF_PROGRESS NN% lines) or none");
    command->add_flag("-q,--quiet", flags->quiet, "No progress and no 'wrote' line");
    command->add_option("--display-server", flags->displayServer,
                        "Show the render in tev as it goes: its HOST:PORT (tev listens on "
                        "localhost:14158)");
    command->add_flag("--strict", flags->strict,
                      "Refuse an imported scene (.pbrt) that lrt cannot render exactly: each "
                      "substitution is an error");
    flags->commandLine = commandLine;
    command->callback(
        [&exitStatus, flags] { exitStatus = guarded([&] { return renderScene(*flags); }); });
}

} // namespace lrt::cli
