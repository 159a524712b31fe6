// Progress output in each style.
#include "cli/progress.h"

#include <algorithm>
#include <fmt/format.h>

namespace lrt::cli {

namespace {
constexpr std::chrono::seconds kLogInterval{10};
} // namespace

std::optional<ProgressStyle> progressStyleNamed(const std::string& name, bool terminal) {
    if (name == "auto")
        return terminal ? ProgressStyle::Bar : ProgressStyle::Log;
    if (name == "bar")
        return ProgressStyle::Bar;
    if (name == "log")
        return ProgressStyle::Log;
    if (name == "alf")
        return ProgressStyle::Alf;
    if (name == "none")
        return ProgressStyle::None;
    return std::nullopt;
}

Progress::Progress(ProgressStyle style, std::string label, std::ostream& out, Clock clock)
    : style_(style), label_(std::move(label)), out_(out), clock_(std::move(clock)),
      start_(clock_()), lastLine_(start_) {}

void Progress::update(double fraction) {
    const int percent = std::clamp(static_cast<int>(fraction * 100), 0, 100);
    switch (style_) {
    case ProgressStyle::Bar: {
        const double elapsed = std::chrono::duration<double>(clock_() - start_).count();
        const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
        const int filled = percent * 40 / 100;
        out_ << fmt::format("\r{} [{}{}] {:3}%  ETA {:.0f}s ", label_, std::string(filled, '#'),
                            std::string(40 - filled, ' '), percent, eta)
             << std::flush;
        break;
    }
    case ProgressStyle::Log:
        if (percent > lastPercent_ && clock_() - lastLine_ >= kLogInterval)
            log(percent);
        break;
    case ProgressStyle::Alf:
        if (percent > lastPercent_)
            log(percent);
        break;
    case ProgressStyle::None:
        break;
    }
}

void Progress::log(int percent) {
    lastPercent_ = percent;
    lastLine_ = clock_();
    if (style_ == ProgressStyle::Alf)
        out_ << fmt::format("ALF_PROGRESS {}%\n", percent) << std::flush;
    else
        out_ << fmt::format("{} {}%\n", label_, percent) << std::flush;
}

void Progress::finish() {
    if (style_ == ProgressStyle::Bar)
        out_ << "\n";
    else if (style_ != ProgressStyle::None && lastPercent_ < 100)
        log(100);
}

PhaseProgress::PhaseProgress(ProgressStyle style, std::ostream& out, Progress::Clock clock)
    : style_(style), out_(out), clock_(std::move(clock)) {}

void PhaseProgress::update(std::string_view phase, double fraction) {
    if (style_ == ProgressStyle::None)
        return;
    if (phase != phase_) {
        finish();
        phase_ = phase;
        phaseStart_ = clock_();
        shown_ = false;
    }
    if (!shown_ && clock_() - phaseStart_ < kShownAfter)
        return;
    if (style_ == ProgressStyle::Bar) {
        if (!bar_) {
            bar_ = std::make_unique<Progress>(ProgressStyle::Bar, phase_, out_, clock_);
            barPercent_ = -1;
        }
        if (const int percent = static_cast<int>(fraction * 100); percent != barPercent_) {
            barPercent_ = percent;
            bar_->update(fraction);
        }
    } else if (!shown_) {
        out_ << phase_ << "\n" << std::flush;
    }
    shown_ = true;
}

void PhaseProgress::finish() {
    if (bar_)
        bar_->finish();
    bar_.reset();
}

} // namespace lrt::cli
