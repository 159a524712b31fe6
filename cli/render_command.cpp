// The render subcommand: parse the scene, build every selected frame (so that no error can appear
// after an image was written), render, write each image atomically, report progress and stats.
#include "cli/render_command.h"

#include "cli/cli_support.h"
#include "lrt/version.h"
#include "renderer/embree/device.h"
#include "renderer/film/image_output.h"
#include "renderer/render/renderer.h"
#include "renderer/scene/parser.h"
#include "renderer/scene/scene_builder.h"

#include <OpenImageIO/imageio.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sys/resource.h>
#include <unistd.h>

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
    bool quiet = false;
    std::string commandLine;
};

// "A-B" or "A" into an inclusive range.
std::pair<int, int> parseFrames(const std::string& text) {
    static const std::regex pattern(R"((-?\d+)(?:-(-?\d+))?)");
    std::smatch m;
    if (!std::regex_match(text, m, pattern))
        throw UsageError(fmt::format("--frames '{}': expected A-B or A (frame numbers)", text));
    const int a = std::stoi(m[1]), b = m[2].matched ? std::stoi(m[2]) : a;
    if (b < a)
        throw UsageError(fmt::format("--frames '{}': the last frame comes before the first", text));
    return {a, b};
}

std::pair<int, int> parseTile(const std::string& text) {
    static const std::regex pattern(R"((\d+)/(\d+))");
    std::smatch m;
    if (!std::regex_match(text, m, pattern))
        throw UsageError(fmt::format("--tile '{}': expected I/N with 0 <= I < N", text));
    const long index = std::stol(m[1]), count = std::stol(m[2]);
    if (count < 1 || index >= count || count > 65536)
        throw UsageError(fmt::format("--tile '{}': expected I/N with 0 <= I < N", text));
    return {static_cast<int>(index), static_cast<int>(count)};
}

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

// The output path of `frame`: runs of '#' become the zero-padded frame number; several frames
// without '#' get ".NNNN" before the extension.
std::filesystem::path outputPath(const std::string& pattern, int frame, bool severalFrames) {
    static const std::regex hashes("#+");
    std::smatch m;
    if (std::regex_search(pattern, m, hashes)) {
        const std::string number = fmt::format("{:0{}}", frame, m.length(0));
        return m.prefix().str() + number + m.suffix().str();
    }
    if (!severalFrames)
        return pattern;
    const std::filesystem::path p(pattern);
    return p.parent_path() /
           fmt::format("{}.{:04}{}", p.stem().string(), frame, p.extension().string());
}

std::size_t peakResidentBytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::size_t>(usage.ru_maxrss) * 1024;
}

// A bar with ETA on a terminal; "NN%" lines at each 10% otherwise.
class Progress {
public:
    Progress(bool quiet, std::string label)
        : quiet_(quiet), terminal_(isatty(fileno(stderr))), label_(std::move(label)) {}

    void update(double fraction) {
        if (quiet_)
            return;
        const int percent = static_cast<int>(fraction * 100);
        if (terminal_) {
            const double elapsed =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
            const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
            const int filled = static_cast<int>(fraction * 40);
            std::cerr << fmt::format("\r{} [{}{}] {:3}%  ETA {:.0f}s ", label_,
                                     std::string(filled, '#'), std::string(40 - filled, ' '),
                                     percent, eta)
                      << std::flush;
        } else if (percent / 10 > lastDecile_) {
            lastDecile_ = percent / 10;
            std::cerr << fmt::format("{} {}%\n", label_, lastDecile_ * 10) << std::flush;
        }
    }
    void finish() {
        if (!quiet_ && terminal_)
            std::cerr << "\n";
    }

private:
    bool quiet_, terminal_;
    std::string label_;
    int lastDecile_ = -1;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

std::uint64_t slCount(const Scene& scene, std::uint64_t (SlMaterial::*counter)() const) {
    std::uint64_t sum = 0;
    for (const SlMaterial* shader : scene.slMaterials())
        sum += (shader->*counter)();
    return sum;
}

// One line per shader that failed during the render, naming it and its Surface statement.
void warnAboutShaders(const Scene& scene) {
    for (const SlMaterial* shader : scene.slMaterials()) {
        const SlSurfaceSettings& settings = shader->settings();
        if (shader->budgetExhausted() > 0)
            std::cerr << fmt::format(
                "lrt: warning: {}:{}: shader '{}' ran out of its instruction budget ({}) in {} "
                "invocations; their samples were dropped\n",
                settings.where.file, settings.where.line, settings.name, settings.budget,
                shader->budgetExhausted());
        if (shader->nonFinite() > 0)
            std::cerr << fmt::format(
                "lrt: warning: {}:{}: shader '{}' returned non-finite colours in {} invocations; "
                "their samples were dropped\n",
                settings.where.file, settings.where.line, settings.name, shader->nonFinite());
    }
}

int renderScene(const RenderOptions& options) {
    // Flags first: a usage error must not wait for the scene.
    RenderSettings settings;
    if (options.samplesPerPixel < 0 || options.samplesPerPixel > 1 << 20)
        throw UsageError("--spp: expected a positive number of samples");
    if (options.samplesPerPixel > 0)
        settings.samplesPerPixel = options.samplesPerPixel;
    if (!options.integrator.empty()) {
        if (options.integrator != "whitted" && options.integrator != "path")
            throw UsageError(
                fmt::format("--integrator '{}': expected whitted or path", options.integrator));
        settings.integrator = options.integrator;
    }
    settings.threads = options.threads;
    settings.seed = options.seed;
    if (!options.crop.empty())
        settings.crop = parseCrop(options.crop);
    if (!options.tile.empty())
        settings.tile = parseTile(options.tile);
    const std::optional<std::pair<int, int>> frameRange =
        options.frames.empty() ? std::nullopt : std::optional(parseFrames(options.frames));
    if (!options.output.empty() && !OIIO::ImageOutput::create(options.output))
        throw UsageError(fmt::format(
            "-o '{}': no image format for this file extension (use .exr, .png, .tif, ...)",
            options.output));

    std::vector<FrameDescription> frames = parseSceneFile(options.scene);
    if (frameRange)
        std::erase_if(frames, [&](const FrameDescription& f) {
            return f.number < frameRange->first || f.number > frameRange->second;
        });
    if (frames.empty())
        throw std::runtime_error(
            fmt::format("{}: no frame in --frames {}", options.scene, options.frames));

    EmbreeDevice device;
    const char* shaderVariable = std::getenv("LRT_SHADER");
    const auto shaderPath = splitSearchPath(shaderVariable ? shaderVariable : "");
    std::vector<std::unique_ptr<Scene>> scenes;
    for (const FrameDescription& frame : frames) {
        scenes.push_back(buildScene(frame, device.get(), shaderPath));
        for (const std::string& warning : scenes.back()->warnings())
            std::cerr << "lrt: warning: " << warning << "\n";
    }
    if (device.errorCount() > 0)
        throw std::runtime_error(device.lastError());

    nlohmann::json statsFrames = nlohmann::json::array();
    // Check every output's folder before spending time on rendering.
    std::vector<std::filesystem::path> outputs;
    for (const auto& scene : scenes) {
        std::string pattern = options.output;
        if (pattern.empty())
            pattern = !scene->film().displayName.empty()
                          ? scene->film().displayName
                          : std::filesystem::path(options.scene).stem().string() + ".exr";
        outputs.push_back(outputPath(pattern, scene->frame(), scenes.size() > 1));
        const std::filesystem::path folder =
            outputs.back().parent_path().empty() ? "." : outputs.back().parent_path();
        std::error_code ec;
        if (!std::filesystem::is_directory(folder, ec) || access(folder.c_str(), W_OK) != 0)
            throw std::runtime_error(
                fmt::format("{}: cannot write there (no such folder, or no permission)",
                            outputs.back().string()));
    }

    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const Scene& scene = *scenes[i];
        const std::filesystem::path& output = outputs[i];
        Progress progress(options.quiet,
                          scenes.size() > 1 ? fmt::format("frame {}", scene.frame()) : "rendering");
        const RenderResult result = render(scene, settings, [&](double f) { progress.update(f); });
        progress.finish();
        const RenderStatistics& s = result.statistics;
        writeRenderedImage(
            output, result.image, result.aovs, scene.film(),
            {{"Software", "lrt " LRT_VERSION_STRING},
             {"lrt:command", options.commandLine},
             {"lrt:spp", std::to_string(s.samplesPerPixel)},
             {"lrt:integrator", settings.integrator.value_or(scene.options().integrator)},
             {"lrt:frame", std::to_string(scene.frame())},
             {"lrt:render_seconds", fmt::format("{:.3f}", s.seconds)}});
        if (s.droppedSamples > 0)
            std::cerr << fmt::format(
                "lrt: warning: {} samples had non-finite radiance and were dropped\n",
                s.droppedSamples);
        warnAboutShaders(scene);
        statsFrames.push_back(
            {{"frame", scene.frame()},
             {"output", output.string()},
             {"render_seconds", s.seconds},
             {"bvh_build_seconds", scene.statistics().bvhBuildSeconds},
             {"samples_per_pixel", s.samplesPerPixel},
             {"pixels", static_cast<long long>(s.bounds.width()) * s.bounds.height()},
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
             {"geometry_bytes", scene.statistics().geometryBytes}});
    }
    if (!options.stats.empty()) {
        const nlohmann::json stats = {{"scene", options.scene},
                                      {"frames", statsFrames},
                                      {"embree_peak_bytes", device.peakBytes()},
                                      {"peak_resident_bytes", peakResidentBytes()}};
        writeFileAtomically(options.stats, stats.dump(2) + "\n");
    }
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
        "Output image (.exr linear float, .png/.tif 8-bit sRGB); '#' runs become the frame number");
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
                        "Render frames A-B (or A) of a multi-frame scene");
    command->add_option("--stats", options->stats, "Write render statistics as JSON to FILE");
    command->add_flag("-q,--quiet", options->quiet, "No progress output");
    options->commandLine = commandLine;
    command->callback(
        [&exitStatus, options] { exitStatus = guarded([&] { return renderScene(*options); }); });
}

} // namespace lrt::cli
