// Checking and stating number domains.
#include "slvm/common/number_domain.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <fmt/format.h>

namespace slvm {

float NumberDomain::nearest(float value) const {
    const auto lowest = [this] {
        const auto bound = static_cast<float>(lower_);
        return lowerOpen_ ? std::nextafter(bound, FLT_MAX) : bound;
    };
    const auto highest = [this] {
        const auto bound = static_cast<float>(upper_);
        return upperOpen_ ? std::nextafter(bound, -FLT_MAX) : bound;
    };
    if (std::isnan(value))
        return hasLower_ ? lowest() : hasUpper_ ? std::min(0.0f, highest()) : 0.0f;
    value = std::clamp(value, -FLT_MAX, FLT_MAX);
    if (hasLower_)
        value = std::max(value, lowest());
    if (hasUpper_)
        value = std::min(value, highest());
    return value;
}

bool NumberDomain::contains(double value) const {
    if (!std::isfinite(value) || std::fabs(value) > FLT_MAX)
        return false;
    if (integer_ && (value != std::floor(value) || value < -2147483648.0 || value > 2147483647.0))
        return false;
    // Real values and bounds compare as the floats lrt holds them in: "0.0001" is read as the
    // float nearest 0.0001, which must meet a bound of 1e-4.
    const auto held = [this](double v) {
        return integer_ ? v : static_cast<double>(static_cast<float>(v));
    };
    const double v = held(value);
    if (hasLower_ && (lowerOpen_ ? !(v > held(lower_)) : !(v >= held(lower_))))
        return false;
    return !hasUpper_ || (upperOpen_ ? v < held(upper_) : v <= held(upper_));
}

std::string numberText(double value) {
    // Whole numbers in full (1048577, not 1.04858e+06); others to float's precision.
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return fmt::format("{:.0f}", value);
    return fmt::format("{:.7g}", value);
}

std::string NumberDomain::text() const {
    const char* const kind = integer_ ? "integer" : "real";
    if (!hasLower_ && !hasUpper_)
        return fmt::format("any {}", kind);
    const char* const article = integer_ ? "an" : "a";
    if (hasLower_ && hasUpper_)
        return fmt::format("{} {} in {}{}, {}{}", article, kind, lowerOpen_ ? '(' : '[',
                           numberText(lower_), numberText(upper_), upperOpen_ ? ')' : ']');
    if (hasLower_)
        return fmt::format("{} {} {} {}", article, kind,
                           lowerOpen_ ? ">" : ">=", numberText(lower_));
    return fmt::format("{} {} {} {}", article, kind, upperOpen_ ? "<" : "<=", numberText(upper_));
}

std::optional<std::string> outsideDomain(std::string_view what, double value,
                                         const NumberDomain& domain) {
    if (domain.contains(value))
        return std::nullopt;
    return fmt::format("{} is {}, outside its domain: {}", what, numberText(value), domain.text());
}

} // namespace slvm
