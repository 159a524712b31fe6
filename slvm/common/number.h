// Numeric literals as the SL and VP2 assemblers spell them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace slvm {

// An optional sign, then a C floating-point literal or a decimal integer ("+0.5", "3.", "5e-1",
// "-2"). No hex, inf or nan. Returns nullopt when the text is not such a literal or its value
// overflows a float; values too small for a float round towards zero as C does.
std::optional<float> parseFloatLiteral(std::string_view text);

// An optional sign and decimal digits only; nullopt when malformed or outside int32.
std::optional<std::int32_t> parseIntegerLiteral(std::string_view text);

// True when text has the shape of a number (starts with a digit, a '.', or a sign).
bool looksNumeric(std::string_view text);

} // namespace slvm
