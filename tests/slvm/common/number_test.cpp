// Numeric literals shared by the assemblers.
#include "slvm/common/number.h"

#include <catch2/catch.hpp>
#include <cmath>

using slvm::parseFloatLiteral;
using slvm::parseIntegerLiteral;

TEST_CASE("float literals in every C form the spec allows", "[number]") {
    CHECK(parseFloatLiteral("0") == 0.0f);
    CHECK(parseFloatLiteral("+0.5") == 0.5f);
    CHECK(parseFloatLiteral("-0.5") == -0.5f);
    CHECK(parseFloatLiteral("3.") == 3.0f);
    CHECK(parseFloatLiteral(".5") == 0.5f);
    CHECK(parseFloatLiteral("5e-1") == 0.5f);
    CHECK(parseFloatLiteral("2E3") == 2000.0f);
    CHECK(parseFloatLiteral("1.5e+2") == 150.0f);
    CHECK(std::signbit(*parseFloatLiteral("-0")));
    CHECK(parseFloatLiteral("3.4028234e38") == 3.4028234e38f);
}

TEST_CASE("malformed or overflowing float literals are refused", "[number]") {
    for (const char* bad : {"", "+", "-", ".", "e5", "1e", "1e+", "1.2.3", "0x10", "inf", "nan",
                            "1f", "--1", "1 ", " 1", "1,0", "4e38", "-1e39"}) {
        INFO("literal '" << bad << "'");
        CHECK_FALSE(parseFloatLiteral(bad).has_value());
    }
}

TEST_CASE("integer literals", "[number]") {
    CHECK(parseIntegerLiteral("0") == 0);
    CHECK(parseIntegerLiteral("-32768") == -32768);
    CHECK(parseIntegerLiteral("+7") == 7);
    CHECK(parseIntegerLiteral("2147483647") == 2147483647);
    for (const char* bad : {"", "-", "1.0", "1e3", "2147483648", "99999999999", "x1", "1x"}) {
        INFO("literal '" << bad << "'");
        CHECK_FALSE(parseIntegerLiteral(bad).has_value());
    }
}
