// Test helpers for the renderer's small types: how Catch prints Vec3 and Color, and matchers that
// compare them within a tolerance.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>

namespace Catch {
template <>
struct StringMaker<lrt::Vec3> {
    static std::string convert(const lrt::Vec3& v) {
        std::ostringstream out;
        out << std::setprecision(9) << "(" << v.x << ", " << v.y << ", " << v.z << ")";
        return out.str();
    }
};
template <>
struct StringMaker<lrt::Color> {
    static std::string convert(const lrt::Color& c) {
        std::ostringstream out;
        out << std::setprecision(9) << "rgb(" << c.r << ", " << c.g << ", " << c.b << ")";
        return out.str();
    }
};
} // namespace Catch

namespace lrt::testing {

template <typename T>
std::string str(const T& v) {
    return Catch::StringMaker<T>::convert(v);
}

// Every component of the actual vector within `margin` of the expected one.
class VecNear : public Catch::MatcherBase<Vec3> {
public:
    VecNear(Vec3 expected, float margin) : expected_(expected), margin_(margin) {}
    bool match(const Vec3& v) const override {
        return std::fabs(v.x - expected_.x) <= margin_ && std::fabs(v.y - expected_.y) <= margin_ &&
               std::fabs(v.z - expected_.z) <= margin_;
    }
    std::string describe() const override {
        std::ostringstream out;
        out << "is within " << margin_ << " of " << str(expected_);
        return out.str();
    }

private:
    Vec3 expected_;
    float margin_;
};
inline VecNear isNear(Vec3 expected, float margin = 1e-5f) {
    return {expected, margin};
}

// Every channel within a relative `epsilon` (and an absolute `margin`) of the expected colour.
class ColorNear : public Catch::MatcherBase<Color> {
public:
    ColorNear(Color expected, double epsilon, double margin)
        : expected_(expected), epsilon_(epsilon), margin_(margin) {}
    bool match(const Color& c) const override {
        auto near = [&](double a, double e) {
            return std::fabs(a - e) <= std::max(margin_, epsilon_ * std::fabs(e));
        };
        return near(c.r, expected_.r) && near(c.g, expected_.g) && near(c.b, expected_.b);
    }
    std::string describe() const override {
        std::ostringstream out;
        out << "is within " << epsilon_ << " (relative) of " << str(expected_);
        return out.str();
    }

private:
    Color expected_;
    double epsilon_, margin_;
};
inline ColorNear colorNear(Color expected, double epsilon = 1e-5, double margin = 1e-7) {
    return {expected, epsilon, margin};
}

} // namespace lrt::testing
