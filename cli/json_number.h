// Numbers and SL register files in the JSON that `lrt sl run`, `lrt vp2 run` and `lrt debug`
// print.
#pragma once

#include "slvm/sl/register_file.h"

#include <initializer_list>
#include <span>
#include <string>

namespace lrt::cli {

// JSON number as docs/sl.md prints it: %.9g, non-finite values as "nan", "inf", "-inf".
std::string jsonNumber(float value);

// "[a, b, ...]", each number as jsonNumber writes it.
std::string jsonNumbers(std::span<const float> values);
inline std::string jsonNumbers(std::initializer_list<float> values) {
    return jsonNumbers(std::span(values.begin(), values.size()));
}

// Every SL register by name, in register order, as the members of a JSON object (without its
// braces): "C0": [x, y, z, w] for vectors, "Kd": x for scalars.
std::string slRegistersJson(const slvm::sl::RegisterFile& registers);

} // namespace lrt::cli
