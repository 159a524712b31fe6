// TBB's global_control caps every arena and parallel algorithm in the process while it lives;
// Embree, which runs its builds on TBB too, is told the same count.
#include "renderer/render/parallelism.h"

#include <fmt/format.h>
#include <oneapi/tbb/info.h>

namespace lrt {

Parallelism::Parallelism(int threads)
    : threads_(threads > 0 ? threads : tbb::info::default_concurrency()),
      limit_(std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                   static_cast<std::size_t>(threads_))) {}

Parallelism::~Parallelism() = default;

std::string Parallelism::embreeConfig() const {
    return fmt::format("threads={}", threads_);
}

} // namespace lrt
