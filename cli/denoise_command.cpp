// The denoise subcommand: reads the EXR, checks that lrt wrote it and that it carries the layers
// the denoiser reads, and writes the denoised image (atomically) with the raw colour beside it.
#include "cli/denoise_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "renderer/denoise/denoise_image.h"
#include "renderer/film/rendered_image.h"

#include <fmt/format.h>
#include <memory>

namespace lrt::cli {

namespace {

struct DenoiseOptions {
    std::string input;
    std::string output;
};

int denoiseFile(const DenoiseOptions& options) {
    checkImageOutputFlag(options.output);
    if (std::filesystem::path(options.output).extension() != ".exr")
        throw UsageError(fmt::format("-o {}: lrt denoise writes EXR (.exr), which keeps the "
                                     "noisy colour beside the denoised one",
                                     options.output));
    ImageMetadata metadata;
    const Image image = readImage(options.input, &metadata);
    if (metadataValue(metadata, "lrt:identity").empty())
        throw std::runtime_error(fmt::format(
            "{}: not an image lrt rendered (it has no lrt:identity attribute); lrt denoise reads "
            "the EXR files `lrt render` and `lrt merge` write",
            options.input));
    const std::vector<std::string> required(std::begin(kDenoiserLayers), std::end(kDenoiserLayers));
    RenderedImage rendered;
    try {
        rendered = renderedImageFromChannels(image, required);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("{}: {} (the denoiser reads R, G, B and the halves, "
                                             "albedo, normal and depth layers, which `--aov all` "
                                             "writes)",
                                             options.input, e.what()));
    }
    try {
        rendered = denoised(std::move(rendered));
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(fmt::format("{}: {}", options.input, e.what()));
    }
    writeImage(options.output, exrChannels(rendered), metadata);
    return kExitOk;
}

} // namespace

void addDenoiseCommand(CLI::App& app, int& exitStatus) {
    auto options = std::make_shared<DenoiseOptions>();
    CLI::App* command = app.add_subcommand(
        "denoise", "Denoise an EXR that lrt rendered with --aov all (bitwise what render "
                   "--denoise writes)");
    command->add_option("INPUT", options->input, "The rendered image (.exr)")->required();
    command->add_option("-o,--output", options->output, "The denoised image (.exr)")->required();
    command->callback(
        [&exitStatus, options] { exitStatus = guarded([&] { return denoiseFile(*options); }); });
}

} // namespace lrt::cli
