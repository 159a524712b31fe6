// The numeric contract's domains: membership at and around each bound, and their wording.
#include "slvm/common/number_domain.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using slvm::kInteger;
using slvm::kReal;
using slvm::NumberDomain;
using slvm::outsideDomain;

namespace {
const double kInf = std::numeric_limits<double>::infinity();
const double kNan = std::numeric_limits<double>::quiet_NaN();
} // namespace

TEST_CASE("every domain refuses NaN, infinities and numbers beyond float", "[number_domain]") {
    for (const NumberDomain& d : {kReal, kInteger, kReal.above(0), kReal.atLeast(-1).atMost(1)})
        for (const double v : {kNan, kInf, -kInf, 3.5e38, -3.5e38}) {
            INFO(d.text() << " with " << v);
            CHECK_FALSE(d.contains(v));
        }
    CHECK(kReal.contains(3.4e38));
    CHECK(kReal.contains(-1e-38));
}

TEST_CASE("open and closed bounds", "[number_domain]") {
    CHECK_FALSE(kReal.above(0).contains(0));
    CHECK(kReal.above(0).contains(1e-38));
    CHECK(kReal.atLeast(0).contains(0));
    CHECK_FALSE(kReal.atLeast(0).contains(-1e-38));
    // A real is judged as the float lrt holds it as: 1e-300 is 0 there, -1e-300 is -0.
    CHECK_FALSE(kReal.above(0).contains(1e-300));
    CHECK(kReal.atLeast(0).contains(-1e-300));
    const NumberDomain fov = kReal.above(0).below(180);
    CHECK_FALSE(fov.contains(180));
    CHECK(fov.contains(179.99999));
    const NumberDomain unit = kReal.atLeast(0).atMost(1);
    CHECK(unit.contains(0));
    CHECK(unit.contains(1));
    CHECK_FALSE(unit.contains(1.000001));
    CHECK_FALSE(unit.contains(-1e-30));
    // Reals compare as the floats lrt holds: the float nearest 1e-4 meets a bound of 1e-4.
    CHECK(kReal.atLeast(1e-4).contains(static_cast<float>(1e-4)));
}

TEST_CASE("integer domains hold whole int32 numbers", "[number_domain]") {
    CHECK(kInteger.contains(-2147483648.0));
    CHECK(kInteger.contains(2147483647.0));
    CHECK_FALSE(kInteger.contains(2147483648.0));
    CHECK_FALSE(kInteger.contains(3e9));
    CHECK_FALSE(kInteger.contains(2.5));
    CHECK_FALSE(kInteger.atLeast(1).contains(0));
    CHECK(kReal.atLeast(1).atMost(2).integral() == kInteger.atLeast(1).atMost(2));
}

TEST_CASE("domains state themselves as the docs and messages write them", "[number_domain]") {
    CHECK(kReal.text() == "any real");
    CHECK(kInteger.text() == "any integer");
    CHECK(kReal.above(0).text() == "a real > 0");
    CHECK(kReal.atLeast(0).text() == "a real >= 0");
    CHECK(kReal.below(1).text() == "a real < 1");
    CHECK(kInteger.atMost(7).text() == "an integer <= 7");
    CHECK(kReal.above(0).below(180).text() == "a real in (0, 180)");
    CHECK(kInteger.atLeast(1).atMost(65536).text() == "an integer in [1, 65536]");
    CHECK(kReal.atLeast(1e-4).atMost(1e4).text() == "a real in [0.0001, 10000]");
    CHECK(kReal.above(0).atMost(1e30).text() == "a real in (0, 1e+30]");
}

TEST_CASE("outsideDomain names what, the value and the domain", "[number_domain]") {
    CHECK_FALSE(outsideDomain("fov", 90, kReal.above(0).below(180)));
    CHECK(outsideDomain("fov", 180, kReal.above(0).below(180)) ==
          "fov is 180, outside its domain: a real in (0, 180)");
    CHECK(outsideDomain("--spp", 3e9, kInteger.atLeast(1)) ==
          "--spp is 3000000000, outside its domain: an integer >= 1");
    CHECK(outsideDomain("x", kNan, kReal) == "x is nan, outside its domain: any real");
    CHECK(outsideDomain("x", -kInf, kReal) == "x is -inf, outside its domain: any real");
}
