// The numeric contract: the numbers a scene parameter, statement argument, command-line flag or
// register value may take, written once beside what it belongs to and checked by one function, so
// every "outside its domain" message names the value and the domain in the same words. Every
// domain holds finite numbers only (no NaN, no infinity), within float's range; integer domains
// also hold only whole numbers within int32.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace slvm {

class NumberDomain {
public:
    // Any finite real, and any integer: the starting points of every domain.
    constexpr NumberDomain() = default; // any finite real
    static constexpr NumberDomain real() { return NumberDomain(false); }
    static constexpr NumberDomain integer() { return NumberDomain(true); }

    // Narrowed copies: value >= bound, value > bound, value <= bound, value < bound.
    constexpr NumberDomain atLeast(double bound) const { return lower(bound, false); }
    constexpr NumberDomain above(double bound) const { return lower(bound, true); }
    constexpr NumberDomain atMost(double bound) const { return upper(bound, false); }
    constexpr NumberDomain below(double bound) const { return upper(bound, true); }
    // The same bounds, holding whole numbers only.
    constexpr NumberDomain integral() const {
        NumberDomain d = *this;
        d.integer_ = true;
        return d;
    }

    bool contains(double value) const;
    // The real of the domain nearest `value` (for a value a texture computes, which no one can
    // check beforehand): a bound for a value beyond it, the float just inside an open bound, the
    // lower bound (else 0) for NaN. Not for integer domains.
    float nearest(float value) const;
    // How the docs and messages state it: "any real", "an integer >= 1", "a real in (0, 180)",
    // "an integer in [1, 65536]".
    std::string text() const;
    bool isInteger() const { return integer_; }

    friend constexpr bool operator==(const NumberDomain&, const NumberDomain&) = default;

private:
    constexpr explicit NumberDomain(bool integer) : integer_(integer) {}
    constexpr NumberDomain lower(double bound, bool open) const {
        NumberDomain d = *this;
        d.hasLower_ = true, d.lower_ = bound, d.lowerOpen_ = open;
        return d;
    }
    constexpr NumberDomain upper(double bound, bool open) const {
        NumberDomain d = *this;
        d.hasUpper_ = true, d.upper_ = bound, d.upperOpen_ = open;
        return d;
    }

    bool integer_ = false;
    bool hasLower_ = false, lowerOpen_ = false;
    bool hasUpper_ = false, upperOpen_ = false;
    double lower_ = 0, upper_ = 0;
};

// The starting points of every domain, narrowed as kReal.above(0) ("a real > 0") or
// kInteger.atLeast(1).atMost(1024).
inline constexpr NumberDomain kReal = NumberDomain::real();
inline constexpr NumberDomain kInteger = NumberDomain::integer();

// A number as messages and docs write it: "0.5", "1048577", "1e+38", "inf", "nan".
std::string numberText(double value);

// Nothing when `value` is in `domain`; else the message "<what> is <value>, outside its domain:
// <domain>" (what: "Format's pixelaspectratio", "parameter 'fov'", "--spp").
std::optional<std::string> outsideDomain(std::string_view what, double value,
                                         const NumberDomain& domain);

} // namespace slvm
