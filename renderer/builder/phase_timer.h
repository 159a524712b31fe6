// Build time by phase (reading, geometry, BVH builds; SceneStatistics): the build is in one phase
// at a time, and a phase entered inside another pauses it, so that each second is counted once,
// in the innermost phase. Time spent compiling programs is counted by the compiler's own
// statistics (compileSeconds) and left out of every phase.
#pragma once

#include <chrono>
#include <functional>
#include <vector>

namespace lrt {

class PhaseTimer {
public:
    // `compiledSeconds` reads the seconds spent compiling programs so far.
    explicit PhaseTimer(std::function<double()> compiledSeconds)
        : compiledSeconds_(std::move(compiledSeconds)) {}
    PhaseTimer(const PhaseTimer&) = delete;
    PhaseTimer& operator=(const PhaseTimer&) = delete;

    // Until it ends (stop(), or its end of scope), time goes to `seconds`; then back to the phase
    // it interrupted. Phases end in the reverse order of their start.
    class Phase {
    public:
        ~Phase() { stop(); }
        Phase(const Phase&) = delete;
        Phase& operator=(const Phase&) = delete;
        void stop() {
            if (running_)
                timer_.leave();
            running_ = false;
        }

    private:
        friend class PhaseTimer;
        explicit Phase(PhaseTimer& timer) : timer_(timer) {}
        PhaseTimer& timer_;
        bool running_ = true;
    };

    [[nodiscard]] Phase enter(double& seconds) {
        stopCurrent();
        running_.push_back(&seconds);
        resume();
        return Phase(*this);
    }

private:
    using Clock = std::chrono::steady_clock;

    void leave() {
        stopCurrent();
        running_.pop_back();
        resume();
    }
    // Adds what the innermost phase ran since it last started, less compiling, to its seconds.
    void stopCurrent() {
        if (running_.empty())
            return;
        *running_.back() += std::chrono::duration<double>(Clock::now() - since_).count() -
                            (compiledSeconds_() - compiledSince_);
    }
    void resume() {
        since_ = Clock::now();
        compiledSince_ = compiledSeconds_();
    }

    std::function<double()> compiledSeconds_;
    std::vector<double*> running_; // innermost last
    Clock::time_point since_;
    double compiledSince_ = 0;
};

} // namespace lrt
