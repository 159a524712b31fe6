// Numbers in the JSON that `lrt sl run` and `lrt vp2 run` print.
#pragma once

#include <string>

namespace lrt::cli {

// JSON number as docs/sl.md prints it: %.9g, non-finite values as "nan", "inf", "-inf".
std::string jsonNumber(float value);

} // namespace lrt::cli
