// --threads: a Parallelism bounds every TBB algorithm in the process while it lives, and gives
// Embree the same count.
#include "renderer/render/parallelism.h"

#include <catch2/catch.hpp>
#include <mutex>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <set>
#include <thread>

using namespace lrt;

namespace {

// The threads a busy parallel_for runs its chunks on.
std::size_t threadsUsed() {
    std::mutex mutex;
    std::set<std::thread::id> ids;
    tbb::parallel_for(0, 2000, [&](int) {
        volatile double sink = 0;
        for (int k = 0; k < 20000; ++k)
            sink = sink + k;
        const std::lock_guard lock(mutex);
        ids.insert(std::this_thread::get_id());
    });
    return ids.size();
}

} // namespace

TEST_CASE("a Parallelism of one thread runs TBB work on one thread", "[render][parallelism]") {
    {
        const Parallelism one(1);
        CHECK(one.threads() == 1);
        CHECK(one.embreeConfig() == "threads=1");
        CHECK(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) == 1);
        CHECK(threadsUsed() == 1);
    }
    // Once it is gone the limit is lifted.
    CHECK(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) ==
          static_cast<std::size_t>(tbb::info::default_concurrency()));
}

TEST_CASE("a Parallelism of 0 threads means every hardware thread", "[render][parallelism]") {
    const Parallelism all(0);
    CHECK(all.threads() == tbb::info::default_concurrency());
    CHECK(all.embreeConfig() == "threads=" + std::to_string(all.threads()));
}
