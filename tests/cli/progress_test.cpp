// Progress lines on a clock the test moves: log lines every 1% or every 10 s, whichever is rarer;
// ALF_PROGRESS at every percent; a bar; nothing.
#include "cli/progress.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

using namespace lrt::cli;
using namespace std::chrono_literals;

namespace {
struct FakeClock {
    std::chrono::steady_clock::time_point now{};
    Progress::Clock function() {
        return [this] { return now; };
    }
};
} // namespace

TEST_CASE("log lines come at most every 10 s, and only when the percentage moved",
          "[cli][progress]") {
    FakeClock clock;
    std::ostringstream out;
    Progress progress(ProgressStyle::Log, "rendering", out, clock.function());
    // A fast render: 1% every 0.5 s logs once per 10 s.
    for (int percent = 1; percent <= 50; ++percent) {
        clock.now += 500ms;
        progress.update(percent / 100.0);
    }
    CHECK(out.str() == "rendering 20%\nrendering 40%\n");
    // A slow render: 1% a minute logs every percent; no new percent, no line.
    out.str("");
    clock.now += 60s;
    progress.update(0.51);
    clock.now += 60s;
    progress.update(0.515);
    clock.now += 60s;
    progress.update(0.52);
    CHECK(out.str() == "rendering 51%\nrendering 52%\n");
    // The end is always logged, once.
    out.str("");
    progress.finish();
    CHECK(out.str() == "rendering 100%\n");
}

TEST_CASE("a log that already said 100% does not say it again", "[cli][progress]") {
    FakeClock clock;
    std::ostringstream out;
    Progress progress(ProgressStyle::Log, "frame 3", out, clock.function());
    clock.now += 11s;
    progress.update(1.0);
    progress.finish();
    CHECK(out.str() == "frame 3 100%\n");
}

TEST_CASE("ALF_PROGRESS lines come at every new percent, whatever the time", "[cli][progress]") {
    FakeClock clock;
    std::ostringstream out;
    Progress progress(ProgressStyle::Alf, "rendering", out, clock.function());
    for (const double f : {0.004, 0.01, 0.012, 0.02, 0.5})
        progress.update(f);
    progress.finish();
    CHECK(
        out.str() ==
        "ALF_PROGRESS 0%\nALF_PROGRESS 1%\nALF_PROGRESS 2%\nALF_PROGRESS 50%\nALF_PROGRESS 100%\n");
}

TEST_CASE("the bar redraws one line, and none prints nothing", "[cli][progress]") {
    FakeClock clock;
    std::ostringstream bar, none;
    Progress barProgress(ProgressStyle::Bar, "rendering", bar, clock.function());
    clock.now += 10s;
    barProgress.update(0.5); // 10 s for half: 10 s to go
    barProgress.finish();
    CHECK(bar.str() ==
          "\rrendering [" + std::string(20, '#') + std::string(20, ' ') + "]  50%  ETA 10s \n");
    Progress noneProgress(ProgressStyle::None, "rendering", none, clock.function());
    noneProgress.update(0.5);
    noneProgress.finish();
    CHECK(none.str().empty());
}

TEST_CASE("progress styles by name", "[cli][progress]") {
    CHECK(progressStyleNamed("auto", true) == ProgressStyle::Bar);
    CHECK(progressStyleNamed("auto", false) == ProgressStyle::Log);
    CHECK(progressStyleNamed("alf", true) == ProgressStyle::Alf);
    CHECK(progressStyleNamed("log", true) == ProgressStyle::Log);
    CHECK(progressStyleNamed("none", false) == ProgressStyle::None);
    CHECK_FALSE(progressStyleNamed("ALF", false));
}

TEST_CASE("a build phase is shown once it has lasted half a second: a bar at a terminal, one line "
          "without a percentage in a log",
          "[cli][progress]") {
    for (const ProgressStyle style :
         {ProgressStyle::Bar, ProgressStyle::Log, ProgressStyle::None}) {
        FakeClock clock;
        std::ostringstream out;
        {
            PhaseProgress phases(style, out, clock.function());
            // A short phase prints nothing.
            phases.update("reading small.ply", 0);
            clock.now += 100ms;
            phases.update("reading small.ply", 1);
            // A long one is shown from its first report after 0.5 s.
            phases.update("reading big.ply", 0);
            clock.now += 300ms;
            phases.update("reading big.ply", 0.3);
            clock.now += 300ms;
            phases.update("reading big.ply", 0.6);
            phases.update("reading big.ply", 0.601); // the same percentage: no new bar
            clock.now += 300ms;
            phases.update("reading big.ply", 0.9);
            phases.update("building BVH", 0);
            clock.now += 1s;
            phases.update("building BVH", 1);
        }
        const std::string printed = out.str();
        INFO(printed);
        if (style == ProgressStyle::None) {
            CHECK(printed.empty());
        } else if (style == ProgressStyle::Log) {
            // Not "(\d+)%$": a farm's progress regex reads the render's percentage only.
            CHECK(printed == "reading big.ply\nbuilding BVH\n");
        } else {
            CHECK(printed.find("small.ply") == std::string::npos);
            CHECK(printed.find("\rreading big.ply [") != std::string::npos);
            CHECK(printed.find(" 60%") != std::string::npos);
            CHECK(printed.find(" 90%") != std::string::npos);
            CHECK(printed.find(" 30%") == std::string::npos); // before it was shown
            CHECK(printed.find("\rbuilding BVH [########################################] 100%") !=
                  std::string::npos);
            // Two bars, each on its own line; the redrawn percentage drawn once.
            CHECK(std::count(printed.begin(), printed.end(), '\n') == 2);
            CHECK(std::count(printed.begin(), printed.end(), '\r') == 3);
        }
    }
}
