// The numeric contract as a property of the whole program: every number of every bundled scene,
// replaced by each of a set of hostile values and rendered at one sample per pixel on a small crop,
// must end in exit status 0, 1 or 2: never a signal, never a hang, and no output on exit 1.
//
// Each run is `lrt render` itself (cli::runLrt) in a forked child, so a crash or a hang is caught
// as such, and no process start-up is paid. This test is its own executable: the parent must not
// have started TBB or Embree threads before it forks.
//
// CI runs a deterministic sample of the replacements (2,000; 200 under the sanitizers, which are
// slower). LRT_HOSTILE_RUNS=n runs n of them (0: every one, tens of thousands: minutes), and
// LRT_HOSTILE_SEED=n draws another sample.
#include "cli/lrt_command.h"
#include "tests/file_bytes.h"
#include "tests/scratch_directory.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

// LRT_SANITIZED: the libraries under test are built with the sanitizers (tests/CMakeLists.txt);
// the test's own code is not, so the compiler's __SANITIZE_ADDRESS__ cannot tell.
#if defined(LRT_SANITIZED)
constexpr std::size_t kSampled = 200;
constexpr unsigned kSecondsPerRun = 120;
#else
constexpr std::size_t kSampled = 2000;
constexpr unsigned kSecondsPerRun = 30;
#endif

// The list: zero, a negative, the float extremes, what the lexer refuses, int32 overflow.
const char* const kHostileValues[] = {"0",   "-1",   "1e-38", "1e38", "-1e38",
                                      "inf", "-inf", "nan",   "3e9",  "1e20"};

struct NumberToken {
    std::size_t offset, length;
    int line;
};

// The numbers of a scene's text: maximal runs of number characters that start a token, outside
// comments and strings (a hand scan, independent of lrt's lexer).
std::vector<NumberToken> numbersIn(const std::string& text) {
    std::vector<NumberToken> numbers;
    int line = 1;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '\n') {
            ++line, ++i;
        } else if (c == '#') {
            i = text.find('\n', i);
            i = i == std::string::npos ? text.size() : i;
        } else if (c == '"') {
            const std::size_t close = text.find('"', i + 1);
            i = close == std::string::npos ? text.size() : close + 1;
        } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' ||
                   c == '.') {
            std::size_t end = i;
            while (end < text.size() &&
                   (std::isalnum(static_cast<unsigned char>(text[end])) ||
                    std::string_view("+-.").find(text[end]) != std::string_view::npos))
                ++end;
            numbers.push_back({i, end - i, line});
            i = end;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            while (i < text.size() &&
                   (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
                ++i;
        } else {
            ++i;
        }
    }
    return numbers;
}

struct Replacement {
    fs::path scene;
    NumberToken number;
    std::string original, value;

    std::string describe() const {
        return fmt::format("{}:{}: {} replaced by {}", scene.string(), number.line, original,
                           value);
    }
};

// Round-robin over the scenes, each scene's replacements in a seeded shuffle, so that any prefix
// of the list covers every scene.
std::vector<Replacement> replacements(std::uint64_t seed) {
    std::vector<std::vector<Replacement>> perScene;
    std::vector<fs::path> scenes;
    for (const auto& entry : fs::directory_iterator(LRT_SOURCE_DIR "/scenes"))
        if (entry.path().extension() == ".lrt")
            scenes.push_back(entry.path());
    std::sort(scenes.begin(), scenes.end());
    std::mt19937_64 random(seed);
    for (const fs::path& scene : scenes) {
        const std::string text = testing_files::requiredFileBytes(scene);
        std::vector<Replacement> all;
        for (const NumberToken& n : numbersIn(text))
            for (const char* value : kHostileValues)
                all.push_back({scene, n, text.substr(n.offset, n.length), value});
        std::shuffle(all.begin(), all.end(), random);
        perScene.push_back(std::move(all));
    }
    std::vector<Replacement> out;
    for (std::size_t k = 0;; ++k) {
        bool any = false;
        for (const auto& list : perScene)
            if (k < list.size()) {
                out.push_back(list[k]);
                any = true;
            }
        if (!any)
            return out;
    }
}

// A copy of the source tree's scenes folder under `root` in which `r.scene` is the edited text:
// the scene's siblings (meshes, textures, included files) and the folders scenes name by "../"
// are links, made once per scene. Returns the edited scene's path.
fs::path stageScene(const fs::path& root, const Replacement& r) {
    const fs::path folder = root / r.scene.stem();
    if (!fs::exists(folder)) {
        fs::create_directories(folder / "scenes");
        for (const auto& entry : fs::directory_iterator(LRT_SOURCE_DIR "/scenes"))
            if (entry.path().filename() != r.scene.filename())
                fs::create_symlink(entry.path(), folder / "scenes" / entry.path().filename());
        for (const char* linked : {"sdf", "shaders", "vertex"})
            fs::create_symlink(fs::path(LRT_SOURCE_DIR) / linked, folder / linked);
    }
    // In the forked child, where a failed REQUIRE could not report: an unreadable scene is an
    // empty one, which the parent sees fail.
    std::string text = slvm::readFileContents(r.scene).value_or("");
    text.replace(r.number.offset, r.number.length, r.value);
    std::ofstream(folder / "scenes" / r.scene.filename()) << text;
    fs::remove_all(root / "out");
    fs::create_directories(root / "out");
    return folder / "scenes" / r.scene.filename();
}

// A run's outcome as the child reports it: lrt's exit status, or kWroteOnFailure.
constexpr int kWroteOnFailure = 100;

// Renders one staged replacement with `lrt render` (cli::runLrt), in this (child) process.
int renderOne(const fs::path& root, const Replacement& r) {
    const fs::path scene = stageScene(root, r);
    std::vector<std::string> arguments = {"lrt",
                                          "render",
                                          scene.string(),
                                          "-o",
                                          (root / "out" / "image.####.exr").string(),
                                          "--spp",
                                          "1",
                                          "--crop",
                                          "0.45,0.55,0.45,0.55",
                                          "--threads",
                                          "1",
                                          "-q"};
    std::vector<char*> argv;
    for (std::string& a : arguments)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const int status = lrt::cli::runLrt(static_cast<int>(arguments.size()), argv.data());
    return status == 1 && !fs::is_empty(root / "out") ? kWroteOnFailure : status;
}

// Forks a child that renders cases[first, last) one after the other, each within
// kSecondsPerRun, and writes "index status" lines to `results` as each ends (stdout and stderr go
// to root/log.txt). A child that dies leaves the case it was on without a line. One child per
// batch, not per case: forking a process with lrt's libraries mapped costs more than most runs.
pid_t startBatch(const std::vector<Replacement>& cases, std::size_t first, std::size_t last,
                 const fs::path& root, int results) {
    const pid_t pid = fork();
    if (pid != 0)
        return pid;
    // The test framework's handlers would report a crash as theirs, and exit: the default
    // dispositions make it the signal the parent is looking for.
    for (int signal = 1; signal < NSIG; ++signal)
        std::signal(signal, SIG_DFL);
    const int log = open((root / "log.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    for (std::size_t i = first; i < last; ++i) {
        ftruncate(log, 0);
        lseek(log, 0, SEEK_SET);
        dup2(log, 1);
        dup2(log, 2);
        alarm(kSecondsPerRun);
        const std::string line = fmt::format("{} {}\n", i, renderOne(root, cases[i]));
        if (write(results, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
            _exit(120);
    }
    _exit(0);
}

std::string tail(const fs::path& log) {
    const std::string text = slvm::readFileContents(log).value_or("");
    return text.size() > 1500 ? "..." + text.substr(text.size() - 1500) : text;
}

// What a reported status or the child's death means; empty when the run behaved.
std::string verdict(int code) {
    if (code == kWroteOnFailure)
        return "exited 1 but wrote an output";
    return code > 2 ? fmt::format("exited {}", code) : "";
}
std::string death(int status) {
    if (WIFSIGNALED(status))
        return WTERMSIG(status) == SIGALRM
                   ? fmt::format("did not finish within {} s", kSecondsPerRun)
                   : fmt::format("died by signal {} ({})", WTERMSIG(status),
                                 strsignal(WTERMSIG(status)));
    return fmt::format("stopped with status {} mid-batch", WEXITSTATUS(status));
}

struct Outcomes {
    std::size_t byStatus[3] = {0, 0, 0}; // runs that exited 0, 1 and 2
    std::vector<std::string> failures;   // what the others did, each with its replacement
};

// What the child that ran cases[first, last) reported in `results` before it ended with
// `status`; a case it did not report is the one it died on, and the rest go back on `queue`.
void collect(const std::vector<Replacement>& cases, std::size_t first, std::size_t last,
             const std::string& results, int status, const fs::path& root, Outcomes& outcomes,
             std::vector<std::pair<std::size_t, std::size_t>>& queue) {
    std::istringstream lines(results);
    std::size_t next = first;
    for (std::size_t index, code; lines >> index >> code; next = index + 1) {
        if (const std::string wrong = verdict(static_cast<int>(code)); !wrong.empty())
            outcomes.failures.push_back(fmt::format("{}: lrt {}", cases[index].describe(), wrong));
        else
            ++outcomes.byStatus[code];
    }
    if (next == last)
        return;
    outcomes.failures.push_back(fmt::format("{}: lrt {}\n{}", cases[next].describe(), death(status),
                                            tail(root / "log.txt")));
    if (next + 1 < last)
        queue.emplace_back(next + 1, last);
}

// Runs every case, in batches, two children at a time (the machines have two cores).
Outcomes runAll(const std::vector<Replacement>& cases, const fs::path& scratch) {
    constexpr std::size_t kBatch = 25;
    struct Child {
        std::size_t first, last;
        int slot;    // its scratch folder, scratch/slot
        int results; // the read end of its pipe
    };
    std::vector<std::pair<std::size_t, std::size_t>> queue; // batches to start, last first
    for (std::size_t b = 0; b < cases.size(); b += kBatch)
        queue.emplace_back(b, std::min(cases.size(), b + kBatch));
    std::reverse(queue.begin(), queue.end());
    std::map<pid_t, Child> running;
    std::vector<int> freeSlots = {0, 1};
    Outcomes outcomes;
    while (!queue.empty() || !running.empty()) {
        for (; !queue.empty() && !freeSlots.empty(); queue.pop_back(), freeSlots.pop_back()) {
            const auto [first, last] = queue.back();
            int ends[2];
            REQUIRE(pipe(ends) == 0);
            const fs::path root = scratch / std::to_string(freeSlots.back());
            fs::create_directories(root);
            const pid_t pid = startBatch(cases, first, last, root, ends[1]);
            REQUIRE(pid > 0);
            close(ends[1]);
            running[pid] = {first, last, freeSlots.back(), ends[0]};
        }
        int status = 0;
        const pid_t done = waitpid(-1, &status, 0);
        REQUIRE(done > 0);
        const Child child = running.at(done);
        running.erase(done);
        std::string results;
        char buffer[4096];
        for (ssize_t n; (n = read(child.results, buffer, sizeof buffer)) > 0;)
            results.append(buffer, static_cast<std::size_t>(n));
        close(child.results);
        collect(cases, child.first, child.last, results, status,
                scratch / std::to_string(child.slot), outcomes, queue);
        freeSlots.push_back(child.slot);
    }
    return outcomes;
}

} // namespace

TEST_CASE("no hostile number in a bundled scene kills lrt, hangs it or leaves a partial output",
          "[cli][hostile]") {
    const char* seedText = std::getenv("LRT_HOSTILE_SEED");
    const std::uint64_t seed = seedText ? std::strtoull(seedText, nullptr, 10) : 20261125;
    std::vector<Replacement> cases = replacements(seed);
    const char* runsText = std::getenv("LRT_HOSTILE_RUNS");
    const std::size_t runs = runsText ? std::strtoull(runsText, nullptr, 10) : kSampled;
    if (runs > 0 && cases.size() > runs)
        cases.resize(runs);

    // Removed by this process only (the forked children leave it alone), also when a REQUIRE fails.
    const lrt::testing::ScratchDirectory scratch("lrt_hostile_");
    const Outcomes outcomes = runAll(cases, scratch.path());
    INFO(cases.size() << " runs (seed " << seed << "): " << outcomes.byStatus[0] << " rendered, "
                      << outcomes.byStatus[1] << " refused the scene, " << outcomes.byStatus[2]
                      << " refused a flag");
    for (const std::string& f : outcomes.failures)
        UNSCOPED_INFO(f);
    CHECK(outcomes.failures.empty());
    // The sample must reach the renderer, not only the parser.
    CHECK(outcomes.byStatus[0] > cases.size() / 10);
}
