// The merge subcommand: every tile is read and checked before the output is written (atomically).
#include "cli/merge_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "renderer/film/tile_merge.h"

#include <fmt/format.h>
#include <memory>

namespace lrt::cli {

namespace {

struct MergeOptions {
    std::vector<std::string> tiles;
    std::string output;
};

int mergeTiles(const MergeOptions& options) {
    checkImageOutputFlag(options.output);
    std::vector<std::filesystem::path> inputs(options.tiles.begin(), options.tiles.end());
    mergeTileFiles(inputs, options.output);
    return kExitOk;
}

} // namespace

void addMergeCommand(CLI::App& app, int& exitStatus) {
    auto options = std::make_shared<MergeOptions>();
    CLI::App* command = app.add_subcommand(
        "merge", "Assemble tiles rendered with --tile or --crop into one image (bitwise the "
                 "same as a single render)");
    command->add_option("TILES", options->tiles, "Tile images (.exr, with their data windows)")
        ->required();
    command->add_option("-o,--output", options->output, "The merged image")->required();
    command->callback(
        [&exitStatus, options] { exitStatus = guarded([&] { return mergeTiles(*options); }); });
}

} // namespace lrt::cli
