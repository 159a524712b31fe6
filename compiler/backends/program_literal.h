// The numbers a back end writes into program text. The SL, vertex-program and card assemblers
// take a literal only if it is 0 or a normal float (docs/decisions.md, "Numbers"); a constant the
// front end was given or folded can be subnormal (a Surface value of 1e-38, a product of tiny
// factors), and is written as 0, the nearest number the program can hold (less than 1.2e-38 away).
#pragma once

#include <cmath>

namespace compiler::backends {

inline float programLiteral(float value) {
    return std::fpclassify(value) == FP_SUBNORMAL ? 0.0f : value;
}

} // namespace compiler::backends
