// Numeric literals as the SL and VP2 assemblers spell them, and the numeric contract of program
// literals that every program front end (SL, VP, card text, Cg, T-Language) applies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace slvm {

// Where a decimal literal's value lies against float. Underflow: not zero, yet smaller in
// magnitude than the smallest normal float (1.17549435e-38), so that it would become a denormal
// or 0.
enum class FloatRange { Within, Overflow, Underflow };

struct DecimalFloat {
    float value = 0;                       // the literal's value as C's strtof rounds it
    FloatRange range = FloatRange::Within; // Overflow: value is infinite
};

// The float of a C decimal literal already known to be well formed (isFloatLiteralSyntax, or a
// front end's own scan with its suffix removed): an optional sign, digits, an optional '.', an
// optional exponent ("2.5", "-.5e-3", "17").
DecimalFloat decimalToFloat(std::string_view literal);

// The numeric contract of program literals (docs/decisions.md, "Numbers"): a literal outside
// float's range, or one that underflows it, is an error at the literal. The message for the
// literal spelt `spelling` whose value lies in `range`; "" for FloatRange::Within.
std::string floatRangeError(std::string_view spelling, FloatRange range);

// Whether text is an optional sign, then a C floating-point literal or a decimal integer ("+0.5",
// "3.", "5e-1", "-2"). No hex, inf or nan.
bool isFloatLiteralSyntax(std::string_view text);

// A scene's number: such a literal's float; nullopt when the text is not one or its value
// overflows a float. Values too small for a float round towards zero as C does (scenes written by
// other programs carry such values, docs/scene-format.md).
std::optional<float> parseFloatLiteral(std::string_view text);

// A program's number (SL, card text): as parseFloatLiteral, and nullopt also when the value
// underflows (floatRangeError says why).
std::optional<float> parseProgramFloatLiteral(std::string_view text);

// An optional sign and decimal digits only; nullopt when malformed or outside int32.
std::optional<std::int32_t> parseIntegerLiteral(std::string_view text);

// True when text has the shape of a number (starts with a digit, a '.', or a sign).
bool looksNumeric(std::string_view text);

} // namespace slvm
