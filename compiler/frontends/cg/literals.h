// Cg's numeric literals: C's integer forms (12, 0x1F, 017, with u or l) and floating forms (1.5,
// .5, 3., 2e-3) with Cg's suffixes (f, h, x), read through the numeric contract of program
// literals (slvm/common/number.h): a float outside float's range, or one that would underflow,
// is an error, as is an integer beyond 64 bits.
#pragma once

#include <string>
#include <string_view>

namespace compiler::cg {

struct Literal {
    double value = 0;
    bool isFloat = false;
    std::string error; // what is wrong with the literal, or empty
};

Literal readLiteral(std::string_view text);

} // namespace compiler::cg
