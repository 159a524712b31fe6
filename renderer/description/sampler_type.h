// Option "sampler" "string type": which pattern places each pixel's samples
// (renderer/sampling/sample_pattern.h).
#pragma once

namespace lrt {

enum class SamplerType { Sobol, Stratified, LowDiscrepancy };

} // namespace lrt
