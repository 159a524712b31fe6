// Render progress on stderr, in the form its reader wants: a bar with an ETA for a person at a
// terminal, "LABEL NN%" log lines for a farm's log scraper (every 1%, or every 10 s, whichever is
// rarer, so that neither a fast nor a slow render floods or starves the log), or
// "ALF_PROGRESS NN%" lines for RenderMan-aware farm tools (Tractor, Alfred).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

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

} // namespace lrt::cli
