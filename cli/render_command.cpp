// The render subcommand: parse the scene, build every selected frame (so that no error can appear
// after an image was written), render with checkpoints and interruption, write each image
// atomically with its settings and statistics, and report progress and stats.
#include "cli/render_command.h"

#include "cli/cli_support.h"
#include "cli/frame_selection.h"
#include "cli/interrupt.h"
#include "cli/progress.h"
#include "lrt/version.h"
#include "renderer/embree/device.h"
#include "renderer/film/image_output.h"
#include "renderer/film/tile_merge.h"
#include "renderer/render/checkpoint_file.h"
#include "renderer/render/renderer.h"
#include "renderer/scene/parser.h"
#include "renderer/scene/scene_builder.h"

#include <OpenImageIO/imageio.h>
#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>
#include <utility>

namespace lrt::cli {

namespace {

struct RenderOptions {
    std::string scene;
    std::string output;
    std::string integrator;
    std::string crop;
    std::string tile;
    std::string frames;
    std::string stats;
    int samplesPerPixel = 0;
    int threads = 0;
    std::uint64_t seed = 0;
    double checkpointSeconds = 0;
    bool resume = false;
    bool quiet = false;
    std::string commandLine;
};

std::array<float, 4> parseCrop(const std::string& text) {
    const auto values = parseFloatList(text);
    if (!values || values->size() != 4 ||
        !((*values)[0] >= 0 && (*values)[0] < (*values)[1] && (*values)[1] <= 1 &&
          (*values)[2] >= 0 && (*values)[2] < (*values)[3] && (*values)[3] <= 1))
        throw UsageError(fmt::format(
            "--crop '{}': expected x0,x1,y0,y1 with 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1",
            text));
    return {(*values)[0], (*values)[1], (*values)[2], (*values)[3]};
}

std::size_t peakResidentBytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::size_t>(usage.ru_maxrss) * 1024;
}

std::uint64_t slCount(const Scene& scene, std::uint64_t (SlMaterial::*counter)() const) {
    std::uint64_t sum = 0;
    for (const SlMaterial* shader : scene.slMaterials())
        sum += (shader->*counter)();
    return sum;
}

// What went wrong without stopping the render: the scene's build warnings, shaders that failed
// during the render (naming their Surface statement), and dropped samples.
std::vector<std::string> renderWarnings(const Scene& scene, const RenderStatistics& s) {
    std::vector<std::string> warnings = scene.warnings();
    for (const SlMaterial* shader : scene.slMaterials()) {
        const SlSurfaceSettings& settings = shader->settings();
        if (shader->budgetExhausted() > 0)
            warnings.push_back(fmt::format(
                "{}:{}: shader '{}' ran out of its instruction budget ({}) in {} invocations; "
                "their samples were dropped",
                settings.where.file, settings.where.line, settings.name, settings.budget,
                shader->budgetExhausted()));
        if (shader->nonFinite() > 0)
            warnings.push_back(fmt::format(
                "{}:{}: shader '{}' returned non-finite colours in {} invocations; their samples "
                "were dropped",
                settings.where.file, settings.where.line, settings.name, shader->nonFinite()));
    }
    if (s.droppedSamples > 0)
        warnings.push_back(
            fmt::format("{} samples had non-finite radiance and were dropped", s.droppedSamples));
    return warnings;
}

// A fingerprint of the scene file's text, so that a checkpoint of an edited scene is not resumed.
std::string contentHash(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::uint64_t hash = 14695981039346656037ull; // FNV-1a
    for (const unsigned char c : text.str())
        hash = (hash ^ c) * 1099511628211ull;
    return fmt::format("{:016x}", hash);
}

// Everything that decides a render's pixels, as checkpoints and outputs (lrt:identity) record it.
std::string renderIdentity(const std::string& scenePath, const std::string& sceneHash,
                           const FrameDescription& frame, const RenderSettings& settings) {
    const FilmDescription& film = frame.options.film;
    const PixelBounds b = renderBounds(film, settings);
    const int spp = settings.samplesPerPixel.value_or(film.xSamples * film.ySamples);
    return fmt::format("lrt {}; scene {} ({}); frame {}; spp {}; integrator {}; seed {}; pixels "
                       "{}..{} x {}..{} of {}x{}",
                       LRT_VERSION_STRING, scenePath, sceneHash, frame.number, spp,
                       settings.integrator.value_or(frame.options.integrator), settings.seed, b.x0,
                       b.x1, b.y0, b.y1, film.xResolution, film.yResolution);
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

int renderScene(const RenderOptions& options) {
    // From here on SIGTERM and SIGINT stop the render resumably (exit status 3).
    const InterruptHandler interrupt;
    // Flags first: a usage error must not wait for the scene.
    RenderSettings settings;
    if (options.samplesPerPixel < 0 || options.samplesPerPixel > 1 << 20)
        throw UsageError("--spp: expected a positive number of samples");
    if (options.samplesPerPixel > 0)
        settings.samplesPerPixel = options.samplesPerPixel;
    if (!options.integrator.empty()) {
        checkIntegratorFlag(options.integrator);
        settings.integrator = options.integrator;
    }
    settings.threads = options.threads;
    settings.seed = options.seed;
    if (!options.crop.empty())
        settings.crop = parseCrop(options.crop);
    if (!options.tile.empty()) {
        settings.tile = parseTileNumber(options.tile);
        if (!settings.tile)
            throw UsageError(
                fmt::format("--tile '{}': expected I/N with 0 <= I < N", options.tile));
    }
    if (!(options.checkpointSeconds >= 0))
        throw UsageError("--checkpoint: expected a number of seconds, 0 or more");
    const std::vector<int> requested =
        options.frames.empty() ? std::vector<int>{} : parseFrames(options.frames);
    if (!options.output.empty()) {
        checkImageOutputFlag(options.output);
        framePath(options.output, 0, true); // rejects stray '%' now
    }

    auto interrupted = [&](const std::string& where) {
        std::cerr << fmt::format("lrt: interrupted by signal {} {}; run the same command with "
                                 "--resume to continue\n",
                                 InterruptHandler::signal(), where);
        return kExitInterrupted;
    };
    const std::string scenePath =
        std::filesystem::weakly_canonical(std::filesystem::absolute(options.scene)).string();
    std::vector<FrameDescription> frames =
        selectFrames(parseSceneFile(options.scene), requested, options.scene, options.frames);

    // Outputs, checked before any time is spent; with --resume, finished frames are skipped.
    std::vector<std::filesystem::path> outputs;
    for (const FrameDescription& frame : frames) {
        std::string pattern = options.output;
        if (pattern.empty())
            pattern = !frame.options.film.displayName.empty()
                          ? frame.options.film.displayName
                          : std::filesystem::path(options.scene).stem().string() + ".exr";
        outputs.push_back(framePath(pattern, frame.number, frames.size() > 1));
        const std::filesystem::path folder =
            outputs.back().parent_path().empty() ? "." : outputs.back().parent_path();
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec) || access(folder.c_str(), W_OK) != 0)
            throw std::runtime_error(
                fmt::format("{}: cannot write there (no such folder, or no permission)",
                            outputs.back().string()));
    }
    const std::string sceneHash = contentHash(scenePath); // read once, not once per frame
    std::vector<std::string> identities;
    for (const FrameDescription& frame : frames)
        identities.push_back(renderIdentity(scenePath, sceneHash, frame, settings));
    if (options.resume) {
        // A finished output of the same render (same lrt:identity) is kept; one of other
        // settings is rendered again.
        for (std::size_t i = frames.size(); i-- > 0;) {
            std::error_code ec;
            if (!std::filesystem::is_regular_file(outputs[i], ec) ||
                std::filesystem::exists(checkpointPath(outputs[i]), ec))
                continue;
            if (metadataValue(readImageMetadata(outputs[i]), "lrt:identity") != identities[i]) {
                if (!options.quiet)
                    std::cerr << fmt::format("frame {}: {} is of another render; rendering it "
                                             "again\n",
                                             frames[i].number, outputs[i].string());
                continue;
            }
            if (!options.quiet)
                std::cerr << fmt::format("frame {}: {} is already rendered (--resume)\n",
                                         frames[i].number, outputs[i].string());
            frames.erase(frames.begin() + static_cast<std::ptrdiff_t>(i));
            outputs.erase(outputs.begin() + static_cast<std::ptrdiff_t>(i));
            identities.erase(identities.begin() + static_cast<std::ptrdiff_t>(i));
        }
    }

    EmbreeDevice device;
    const char* shaderVariable = std::getenv("LRT_SHADER");
    const auto shaderPath = splitSearchPath(shaderVariable ? shaderVariable : "");
    std::vector<std::unique_ptr<Scene>> scenes;
    for (const FrameDescription& frame : frames)
        scenes.push_back(buildScene(frame, device.get(), shaderPath));
    if (device.errorCount() > 0)
        throw std::runtime_error(device.lastError());

    nlohmann::json statsFrames = nlohmann::json::array();
    auto writeStats = [&] {
        if (options.stats.empty())
            return;
        const nlohmann::json stats = {{"scene", options.scene},
                                      {"frames", statsFrames},
                                      {"embree_peak_bytes", device.peakBytes()},
                                      {"peak_resident_bytes", peakResidentBytes()}};
        writeFileAtomically(options.stats, stats.dump(2) + "\n");
    };
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const Scene& scene = *scenes[i];
        if (InterruptHandler::requested())
            return interrupted(fmt::format("before frame {}", scene.frame()));
        const std::filesystem::path& output = outputs[i];
        const std::filesystem::path checkpoint = checkpointPath(output);
        const std::string& identity = identities[i];
        std::optional<RenderResult> resumed;
        if (options.resume)
            resumed = readCheckpoint(checkpoint, identity);
        const std::size_t resumedTiles =
            resumed ? static_cast<std::size_t>(std::count(resumed->finishedTiles.begin(),
                                                          resumed->finishedTiles.end(), true))
                    : 0;

        Progress progress(options.quiet,
                          scenes.size() > 1 ? fmt::format("frame {}", scene.frame()) : "rendering");
        RenderControl control;
        control.progress = [&](double f) { progress.update(f); };
        control.resumeFrom = resumed ? &*resumed : nullptr;
        control.checkpointSeconds = options.checkpointSeconds;
        // A failed periodic checkpoint (a full disk) is worth a warning, not the render.
        bool checkpointFailed = false;
        control.checkpoint = [&](const RenderResult& partial) {
            try {
                writeCheckpoint(checkpoint, partial, identity);
            } catch (const std::exception& e) {
                if (!std::exchange(checkpointFailed, true))
                    std::cerr << "WARNING: cannot write a checkpoint: " << e.what() << "\n";
            }
        };
        control.interrupt = &InterruptHandler::requested();
        const RenderResult result = render(scene, settings, control);
        progress.finish();
        const RenderStatistics& s = result.statistics;
        if (result.interrupted) {
            writeCheckpoint(checkpoint, result, identity);
            return interrupted(fmt::format("in frame {}: its finished tiles are in {}",
                                           scene.frame(), checkpoint.string()));
        }
        const std::vector<std::string> warnings = renderWarnings(scene, s);
        for (const std::string& warning : warnings)
            std::cerr << "WARNING: " << warning << "\n";
        ImageMetadata metadata = {
            {"Software", "lrt " LRT_VERSION_STRING},
            {"lrt:command", options.commandLine},
            {"lrt:scene", scenePath},
            {"lrt:frame", std::to_string(scene.frame())},
            {"lrt:spp", std::to_string(s.samplesPerPixel)},
            {"lrt:integrator", settings.integrator.value_or(scene.options().integrator)},
            {"lrt:seed", std::to_string(settings.seed)},
            {"lrt:render_seconds", fmt::format("{:.3f}", s.seconds)},
            {"lrt:rays", fmt::format("camera {} shadow {} secondary {}", s.rays.camera,
                                     s.rays.shadow, s.rays.secondary)},
            {"lrt:dropped_samples", std::to_string(s.droppedSamples)},
            {"lrt:peak_resident_bytes", std::to_string(peakResidentBytes())},
            {"lrt:gain", fmt::format("{}", scene.film().gain)},
            {"lrt:warnings", std::to_string(warnings.size())},
            {"lrt:identity", identity}};
        if (scene.film().gamma)
            metadata.emplace_back("lrt:gamma", fmt::format("{}", *scene.film().gamma));
        if (settings.tile)
            metadata.emplace_back(
                "lrt:tile", fmt::format("{}/{}", settings.tile->first, settings.tile->second));
        if (!options.crop.empty())
            metadata.emplace_back("lrt:crop", options.crop);
        if (resumedTiles > 0)
            metadata.emplace_back("lrt:resumed_tiles", std::to_string(resumedTiles));
        writeRenderedImage(output, result.image, result.aovs, scene.film(), metadata);
        std::error_code ignored;
        std::filesystem::remove(checkpoint, ignored);
        statsFrames.push_back(
            {{"frame", scene.frame()},
             {"output", output.string()},
             {"render_seconds", s.seconds},
             {"bvh_build_seconds", scene.statistics().bvhBuildSeconds},
             {"samples_per_pixel", s.samplesPerPixel},
             {"pixels", static_cast<long long>(s.bounds.width()) * s.bounds.height()},
             {"resumed_tiles", resumedTiles},
             {"rays",
              {{"camera", s.rays.camera},
               {"shadow", s.rays.shadow},
               {"secondary", s.rays.secondary}}},
             {"dropped_samples", s.droppedSamples},
             {"sl_budget_exhausted", slCount(scene, &SlMaterial::budgetExhausted)},
             {"sl_non_finite", slCount(scene, &SlMaterial::nonFinite)},
             {"triangles", scene.statistics().triangles},
             {"quadrics", scene.statistics().quadrics},
             {"vertex_program_vertices", scene.statistics().programVertices},
             {"instances", scene.statistics().instances},
             {"geometry_bytes", scene.statistics().geometryBytes},
             {"peak_resident_bytes", peakResidentBytes()},
             {"warnings", warnings}});
        writeStats();
    }
    writeStats();
    return kExitOk;
}

} // namespace

void addRenderCommand(CLI::App& app, int& exitStatus, const std::string& commandLine) {
    auto options = std::make_shared<RenderOptions>();
    CLI::App* command = app.add_subcommand(
        "render", "Render a scene (lrt SCENE.lrt is short for lrt render SCENE.lrt)");
    command->add_option("SCENE", options->scene, "Scene file (.lrt)")->required();
    command->add_option(
        "-o,--output", options->output,
        "Output image (.exr linear float, .png/.tif 8-bit sRGB); '#' runs or %04d become the frame "
        "number");
    command
        ->add_option("--spp", options->samplesPerPixel,
                     "Samples per pixel (overrides PixelSamples)")
        ->check(nonNegativeInteger());
    command->add_option("--integrator", options->integrator,
                        "whitted or path (overrides SurfaceIntegrator)");
    command->add_option("--threads", options->threads, "Worker threads (default: all cores)")
        ->check(nonNegativeInteger());
    command->add_option("--seed", options->seed, "Seed of every random sample (default 0)")
        ->check(nonNegativeInteger());
    command->add_option("--crop", options->crop, "Render only x0,x1,y0,y1 (NDC, as CropWindow)");
    command->add_option("--tile", options->tile,
                        "Render only band I of N (0-based), e.g. --tile 3/8");
    command->add_option("--frames", options->frames,
                        "Render frames A-B[:step] (or A); a single-frame scene is rendered once "
                        "per frame number");
    command
        ->add_option("--checkpoint", options->checkpointSeconds,
                     "Save finished tiles to OUTPUT.checkpoint.exr every SECONDS")
        ->check(CLI::NonNegativeNumber);
    command->add_flag("--resume", options->resume,
                      "Continue from OUTPUT.checkpoint.exr; skip frames already rendered");
    command->add_option("--stats", options->stats, "Write render statistics as JSON to FILE");
    command->add_flag("-q,--quiet", options->quiet, "No progress output");
    options->commandLine = commandLine;
    command->callback(
        [&exitStatus, options] { exitStatus = guarded([&] { return renderScene(*options); }); });
}

} // namespace lrt::cli
