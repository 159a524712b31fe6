// `lrt debug`: one sample of one pixel traced again, printed as JSON: the pixel at 1 spp, the
// sample's radiance, the camera ray's first hit, and each run of the hit's SL program with its
// inputs and its instruction-by-instruction trace, each instruction with the source line a
// compiler made it from.
#include "cli/debug_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/install_layout.h"
#include "cli/pixel_debug_json.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/import/scene_file.h"
#include "renderer/render/parallelism.h"
#include "renderer/render/pixel_debugger.h"

#include <fmt/format.h>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

namespace lrt::cli {

namespace {

struct DebugFlags {
    std::string scene;
    std::string pixel;
    int sample = 0;
    std::uint64_t seed = 0;
    std::optional<int> samplesPerPixel;
    std::string integrator;
    slvm::jit::VmKind vm = slvm::jit::defaultVm();
};

std::pair<int, int> parsePixel(const std::string& text) {
    const std::vector<float> xy =
        parseFlagNumbers("--pixel", text, 2, slvm::kInteger.atLeast(0), "X,Y");
    return {static_cast<int>(xy[0]), static_cast<int>(xy[1])};
}

int debugScene(const DebugFlags& flags) {
    const std::pair<int, int> pixel = parsePixel(flags.pixel);
    const int x = pixel.first, y = pixel.second;
    RenderSettings settings;
    settings.seed = flags.seed;
    if (flags.samplesPerPixel)
        checkFlagNumber("--spp", *flags.samplesPerPixel, slvm::kInteger.atLeast(1).atMost(1 << 20));
    settings.samplesPerPixel = flags.samplesPerPixel;
    if (!flags.integrator.empty()) {
        checkIntegratorFlag(flags.integrator);
        settings.integrator = flags.integrator;
    }
    const Parallelism parallelism(1);
    std::vector<FrameDescription> frames = readScene(flags.scene);
    EmbreeDevice device(parallelism.embreeConfig());
    BuildOptions buildOptions = buildOptionsFromEnvironment();
    buildOptions.keepVertexInputs = true;
    buildOptions.vm = flags.vm;
    const std::unique_ptr<Scene> scene = buildScene(frames.front(), device.get(), buildOptions);
    // A pixel or sample the render does not have is the flag's fault: its message names it.
    const PixelDebug d = [&] {
        try {
            return debugPixel(*scene, settings, x, y, flags.sample);
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--{}", e.what()));
        }
    }();
    std::cout << pixelDebugJson(d, flags.scene, flags.seed);
    return kExitOk;
}

} // namespace

void addDebugCommand(CLI::App& app, int& exitStatus) {
    auto flags = std::make_shared<DebugFlags>();
    CLI::App* command = app.add_subcommand(
        "debug", "Trace one sample of one pixel again and print what happened there as JSON");
    command->add_option("SCENE", flags->scene, "Scene file (any format lrt renders)")->required();
    command->add_option("--pixel", flags->pixel, "The pixel X,Y (0,0 is the top left)")->required();
    command->add_option("--sample", flags->sample, "Which of the pixel's samples (default 0)")
        ->check(nonNegativeInteger());
    command->add_option("--seed", flags->seed, "Seed of every random sample (default 0)")
        ->check(nonNegativeInteger());
    command
        ->add_option("--spp", flags->samplesPerPixel,
                     "Samples per pixel, as lrt render --spp (they stratify the samples)")
        ->check(nonNegativeInteger());
    command->add_option("--integrator", flags->integrator,
                        "whitted or path (overrides SurfaceIntegrator)");
    addVmOption(*command, flags->vm);
    command->callback(
        [&exitStatus, flags] { exitStatus = guarded([&] { return debugScene(*flags); }); });
}

} // namespace lrt::cli
