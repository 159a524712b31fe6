// Runs the built lrt binary as a user would and captures its exit status and output.
#pragma once

#include "tests/file_bytes.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace lrt::testing {

struct CommandResult {
    int exitStatus = -1;
    std::string out;
    std::string err;
};

// The file's bytes; empty when it cannot be read (a command that wrote nothing).
inline std::string slurp(const std::filesystem::path& path) {
    return slvm::readFileContents(path).value_or("");
}

// This test process's own scratch folder, removed with its contents when the process exits.
inline const ScratchDirectory& scratchDirectory() {
    static const ScratchDirectory directory("lrt_cli_test_");
    return directory;
}

// A path in this test process's own scratch folder.
inline std::filesystem::path scratchPath(const std::string& name) {
    return scratchDirectory() / name;
}

// Writes `text` to a scratch file and returns its path.
inline std::filesystem::path writeScratchFile(const std::string& name, const std::string& text) {
    const auto path = scratchPath(name);
    std::ofstream(path) << text;
    return path;
}

// `arguments` is appended to the binary's path as shell text; run from the source tree.
inline CommandResult runLrt(const std::string& arguments) {
    const auto out = scratchPath(".runLrt.stdout"), err = scratchPath(".runLrt.stderr");
    const std::string command = std::string("cd '" LRT_SOURCE_DIR "' && '" LRT_BINARY "' ") +
                                arguments + " >'" + out.string() + "' 2>'" + err.string() +
                                "' </dev/null";
    const int status = std::system(command.c_str());
    CommandResult result;
    result.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return result;
}

// A path quoted for the shell, for runLrt arguments.
inline std::string q(const std::filesystem::path& path) {
    return fmt::format("'{}'", path.string());
}

// The JSON a successful command printed (the test fails, showing stderr, otherwise).
inline nlohmann::json jsonOutput(const CommandResult& r) {
    INFO("stderr: " << r.err);
    REQUIRE(r.exitStatus == 0);
    return nlohmann::json::parse(r.out);
}

} // namespace lrt::testing
