// `lrt denoise`: denoises an EXR that lrt wrote with the denoiser's layers (docs/denoising.md).
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

void addDenoiseCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
