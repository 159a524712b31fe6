// Render progress on stderr: a bar with an ETA on a terminal, and "LABEL NN%" lines at every 10%
// otherwise, for a render farm's log scraper.
#pragma once

#include <chrono>
#include <string>

namespace lrt::cli {

class Progress {
public:
    Progress(bool quiet, std::string label);
    void update(double fraction);
    void finish();

private:
    bool quiet_, terminal_;
    std::string label_;
    int lastDecile_ = -1;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

} // namespace lrt::cli
