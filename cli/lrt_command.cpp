// The lrt command line: parses the arguments and dispatches to a subcommand.
#include "cli/lrt_command.h"

#include "cli/card_command.h"
#include "cli/compiler_command.h"
#include "cli/debug_command.h"
#include "cli/denoise_command.h"
#include "cli/exit_status.h"
#include "cli/farm_command.h"
#include "cli/merge_command.h"
#include "cli/preview_command.h"
#include "cli/render_command.h"
#include "cli/sl_command.h"
#include "cli/version_command.h"
#include "cli/vp2_command.h"
#include "renderer/import/scene_file.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fmt/format.h>
#include <iostream>
#include <string>
#include <vector>

namespace lrt::cli {

int runLrt(int argc, char** argv) {
    CLI::App app{"lrt: an offline ray tracer with programmable SL materials", "lrt"};
    app.add_flag_callback(
        "--version",
        [] {
            std::cout << versionText();
            throw CLI::Success();
        },
        "Print the lrt version and the library versions it was built against");

    std::vector<std::string> arguments(argv + 1, argv + argc);
    std::string commandLine = "lrt";
    for (const std::string& argument : arguments)
        commandLine += " " + argument;
    // `lrt scene.lrt ...` is short for `lrt render scene.lrt ...`, for every format a scene
    // reader owns (renderer/import/scene_file.h).
    if (!arguments.empty() && !arguments[0].starts_with("-") && hasSceneExtension(arguments[0]))
        arguments.insert(arguments.begin(), "render");

    int exitStatus = kExitOk;
    addSlCommand(app, exitStatus);
    addCgCommand(app, exitStatus);
    addTlCommand(app, exitStatus);
    addVp2Command(app, exitStatus);
    addCardCommand(app, exitStatus);
    addRenderCommand(app, exitStatus, commandLine);
    addDebugCommand(app, exitStatus);
    addPreviewCommand(app, exitStatus);
    addMergeCommand(app, exitStatus);
    addDenoiseCommand(app, exitStatus);
    addFarmCommand(app, exitStatus);

    try {
        std::reverse(arguments.begin(), arguments.end()); // CLI11 takes them last-first
        app.parse(arguments);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0)
            return app.exit(e); // --help, --version
        printError(fmt::format("{}\nRun with --help for more information.", e.what()));
        return kExitUsage;
    }
    // A command group (lrt, lrt sl) given without one of its subcommands: show what it offers.
    const CLI::App* deepest = &app;
    while (!deepest->get_subcommands().empty())
        deepest = deepest->get_subcommands().front();
    if (!deepest->get_subcommands({}).empty()) {
        std::cerr << deepest->help();
        printError("a subcommand is required");
        return kExitUsage;
    }
    return exitStatus;
}

} // namespace lrt::cli
