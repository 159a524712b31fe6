// Progress output.
#include "cli/progress.h"

#include <cstdio>
#include <fmt/format.h>
#include <iostream>
#include <unistd.h>

namespace lrt::cli {

Progress::Progress(bool quiet, std::string label)
    : quiet_(quiet), terminal_(isatty(fileno(stderr))), label_(std::move(label)) {}

void Progress::update(double fraction) {
    if (quiet_)
        return;
    const int percent = static_cast<int>(fraction * 100);
    if (terminal_) {
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
        const int filled = static_cast<int>(fraction * 40);
        std::cerr << fmt::format("\r{} [{}{}] {:3}%  ETA {:.0f}s ", label_,
                                 std::string(filled, '#'), std::string(40 - filled, ' '), percent,
                                 eta)
                  << std::flush;
    } else if (percent / 10 > lastDecile_) {
        lastDecile_ = percent / 10;
        std::cerr << fmt::format("{} {}%\n", label_, lastDecile_ * 10) << std::flush;
    }
}

void Progress::finish() {
    if (!quiet_ && terminal_)
        std::cerr << "\n";
}

} // namespace lrt::cli
