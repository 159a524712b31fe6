// JSON numbers that round-trip a float and survive NaN and infinity.
#include "cli/json_number.h"

#include <cmath>
#include <fmt/format.h>

namespace lrt::cli {

std::string jsonNumber(float value) {
    if (std::isnan(value))
        return "\"nan\"";
    if (std::isinf(value))
        return value > 0 ? "\"inf\"" : "\"-inf\"";
    return fmt::format("{:.9g}", value);
}

} // namespace lrt::cli
