// One parallelism policy for everything lrt runs in a process, after pbrt-v4's ParallelInit: the
// thread count (--threads) bounds TBB's work (scene building, the vertex stage, rendering) and
// Embree's BVH builds (through its device configuration). Hold one for the whole command.
#pragma once

#include <memory>
#include <oneapi/tbb/global_control.h>
#include <string>

namespace lrt {

class Parallelism {
public:
    // `threads` 0 means every hardware thread.
    explicit Parallelism(int threads);
    ~Parallelism();
    Parallelism(const Parallelism&) = delete;
    Parallelism& operator=(const Parallelism&) = delete;

    int threads() const { return threads_; }
    // The configuration string an Embree device needs to keep to the same count.
    std::string embreeConfig() const;

private:
    int threads_;
    std::unique_ptr<tbb::global_control> limit_;
};

} // namespace lrt
