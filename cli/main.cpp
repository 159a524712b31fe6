// lrt's entry point: parses the command line and dispatches to a subcommand.
#include "cli/cli_support.h"
#include "cli/sl_command.h"
#include "cli/version_command.h"

#include <CLI/CLI.hpp>
#include <iostream>

int main(int argc, char** argv) {
    CLI::App app{"lrt: an offline ray tracer with programmable SL materials", "lrt"};
    app.add_flag_callback(
        "--version",
        [] {
            std::cout << lrt::cli::versionText();
            throw CLI::Success();
        },
        "Print the lrt version and the library versions it was built against");

    int exitStatus = lrt::cli::kExitOk;
    lrt::cli::addSlCommand(app, exitStatus);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int cliStatus = app.exit(e);
        return cliStatus == 0 ? lrt::cli::kExitOk : lrt::cli::kExitUsage;
    }
    // A command group (lrt, lrt sl) given without one of its subcommands: show what it offers.
    const CLI::App* deepest = &app;
    while (!deepest->get_subcommands().empty())
        deepest = deepest->get_subcommands().front();
    if (!deepest->get_subcommands({}).empty()) {
        std::cerr << deepest->help() << "lrt: a subcommand is required\n";
        return lrt::cli::kExitUsage;
    }
    return exitStatus;
}
