// Render progress on stderr, in the form its reader wants: a bar with an ETA for a person at a
// terminal, "LABEL NN%" log lines for a farm's log scraper (every 1%, or every 10 s, whichever is
// rarer, so that neither a fast nor a slow render floods or starves the log), or
// "ALF_PROGRESS NN%" lines for RenderMan-aware farm tools (Tractor, Alfred).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace lrt::cli {

enum class ProgressStyle { Bar, Log, Alf, None };

// "auto" (a bar on a terminal, log lines otherwise), "bar", "log", "alf" or "none"; nullopt for
// anything else. `terminal` says whether stderr is one.
std::optional<ProgressStyle> progressStyleNamed(const std::string& name, bool terminal);

class Progress {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    Progress(ProgressStyle style, std::string label, std::ostream& out,
             Clock clock = std::chrono::steady_clock::now);
    void update(double fraction);
    // Ends the bar's line, or logs 100% when the log has not said it yet.
    void finish();

private:
    void log(int percent);

    ProgressStyle style_;
    std::string label_;
    std::ostream& out_;
    Clock clock_;
    std::chrono::steady_clock::time_point start_, lastLine_;
    int lastPercent_ = -1;
};

// The scene build's phases before the render ("reading mesh.ply", "building BVH": what
// BuildOptions::onProgress reports), each shown once it has lasted kShownAfter, so that a small
// scene's many short phases print nothing: at a terminal a bar per phase; in a log (and in the alf
// style) one line naming the phase, with no percentage, so that a farm's progress regex
// `(\d+)%$` reads only the render's.
class PhaseProgress {
public:
    static constexpr std::chrono::milliseconds kShownAfter{500};
    PhaseProgress(ProgressStyle style, std::ostream& out,
                  Progress::Clock clock = std::chrono::steady_clock::now);
    ~PhaseProgress() { finish(); }
    PhaseProgress(const PhaseProgress&) = delete;
    PhaseProgress& operator=(const PhaseProgress&) = delete;
    void update(std::string_view phase, double fraction);
    // Ends the bar's line of the phase shown last, if any.
    void finish();

private:
    ProgressStyle style_;
    std::ostream& out_;
    Progress::Clock clock_;
    std::string phase_;
    std::chrono::steady_clock::time_point phaseStart_;
    std::unique_ptr<Progress> bar_; // the phase's, once shown at a terminal
    int barPercent_ = -1;           // drawn last: Embree reports thousands of times a build
    bool shown_ = false;
};

} // namespace lrt::cli
