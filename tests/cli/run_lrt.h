// Runs the built lrt binary as a user would and captures its exit status and output.
#pragma once

#include "cli/lrt_command.h"
#include "tests/file_bytes.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>
#include <wordexp.h>

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

// A finished command's result: its status, and the output it left in `out` and `err`, which are
// removed.
inline CommandResult takeResult(int exitStatus, const std::filesystem::path& out,
                                const std::filesystem::path& err) {
    CommandResult result{exitStatus, slurp(out), slurp(err)};
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return result;
}

// `arguments` is appended to the binary's path as shell text; run from the source tree.
inline CommandResult runLrt(const std::string& arguments) {
    const auto out = scratchPath(".runLrt.stdout"), err = scratchPath(".runLrt.stderr");
    const std::string command = std::string("cd '" LRT_SOURCE_DIR "' && '" LRT_BINARY "' ") +
                                arguments + " >'" + out.string() + "' 2>'" + err.string() +
                                "' </dev/null";
    const int status = std::system(command.c_str());
    return takeResult(WIFEXITED(status) ? WEXITSTATUS(status) : -1, out, err);
}

// While it lives, this process reads stdin from /dev/null, its stdout and stderr go to two files
// and its working directory is another; all come back when it goes, also when an exception leaves
// its scope.
class RedirectedProcessState {
public:
    RedirectedProcessState(const std::filesystem::path& out, const std::filesystem::path& err,
                           const std::filesystem::path& workingDirectory)
        : workingDirectory_(std::filesystem::current_path()) {
        flushAll();
        try {
            redirect(0, "/dev/null", O_RDONLY);
            redirect(1, out, O_WRONLY | O_CREAT | O_TRUNC);
            redirect(2, err, O_WRONLY | O_CREAT | O_TRUNC);
            std::filesystem::current_path(workingDirectory);
        } catch (...) {
            restore(); // no destructor runs for a constructor that throws
            throw;
        }
    }
    ~RedirectedProcessState() {
        flushAll();
        restore();
    }
    RedirectedProcessState(const RedirectedProcessState&) = delete;
    RedirectedProcessState& operator=(const RedirectedProcessState&) = delete;

private:
    static void flushAll() {
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
    }
    void restore() {
        for (const auto& [fd, saved] : saved_) {
            dup2(saved, fd);
            close(saved);
        }
        saved_.clear();
        std::filesystem::current_path(workingDirectory_);
    }
    void redirect(int fd, const std::filesystem::path& to, int flags) {
        const int file = open(to.c_str(), flags, 0644);
        REQUIRE(file >= 0);
        saved_.emplace_back(fd, dup(fd));
        dup2(file, fd);
        close(file);
    }

    std::filesystem::path workingDirectory_;
    std::vector<std::pair<int, int>> saved_; // fd, its saved copy
};

// lrt's command line run inside this test process, as its main() runs it, from the source tree,
// with its output captured: for commands that do next to no work, usage errors (refused before
// anything starts) and the run commands that evaluate one program. A process that maps lrt's
// libraries takes half a second to start (a second under the sanitizers) where such a command
// takes milliseconds, and these tests make hundreds of them; runLrt keeps a real process for
// everything else, and the tests of each command keep some. `arguments` is split as the shell
// splits words (quotes; no substitutions).
inline CommandResult runLrtInProcess(const std::string& arguments) {
    wordexp_t words{};
    INFO("arguments: " << arguments);
    REQUIRE(wordexp(arguments.c_str(), &words, WRDE_NOCMD | WRDE_UNDEF) == 0);
    std::vector<std::string> owned{LRT_BINARY};
    owned.insert(owned.end(), words.we_wordv, words.we_wordv + words.we_wordc);
    wordfree(&words);
    std::vector<char*> argv;
    for (std::string& word : owned)
        argv.push_back(word.data());
    argv.push_back(nullptr);

    const auto out = scratchPath(".runLrtInProcess.stdout"),
               err = scratchPath(".runLrtInProcess.stderr");
    int status = -1;
    {
        const RedirectedProcessState redirected(out, err, LRT_SOURCE_DIR);
        status = lrt::cli::runLrt(static_cast<int>(owned.size()), argv.data());
    }
    return takeResult(status, out, err);
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
