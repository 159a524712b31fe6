// RGB radiance and reflectance: lrt renders in linear RGB.
#pragma once

#include <cmath>

namespace lrt {

struct Color {
    float r = 0, g = 0, b = 0;

    constexpr Color() = default;
    constexpr Color(float r_, float g_, float b_) : r(r_), g(g_), b(b_) {}
    explicit constexpr Color(float v) : r(v), g(v), b(v) {}

    friend constexpr Color operator+(Color a, Color c) { return {a.r + c.r, a.g + c.g, a.b + c.b}; }
    friend constexpr Color operator-(Color a, Color c) { return {a.r - c.r, a.g - c.g, a.b - c.b}; }
    friend constexpr Color operator*(Color a, Color c) { return {a.r * c.r, a.g * c.g, a.b * c.b}; }
    friend constexpr Color operator*(Color a, float s) { return {a.r * s, a.g * s, a.b * s}; }
    friend constexpr Color operator*(float s, Color a) { return a * s; }
    friend constexpr Color operator/(Color a, float s) { return {a.r / s, a.g / s, a.b / s}; }
    Color& operator+=(Color c) { return *this = *this + c; }
    Color& operator*=(Color c) { return *this = *this * c; }
    Color& operator*=(float s) { return *this = *this * s; }
    friend constexpr bool operator==(Color, Color) = default;

    bool isBlack() const { return r == 0 && g == 0 && b == 0; }
    bool isFinite() const { return std::isfinite(r) && std::isfinite(g) && std::isfinite(b); }
    float maxComponent() const { return std::fmax(r, std::fmax(g, b)); }
    float average() const { return (r + g + b) / 3.0f; }
    // Channel i: 0 red, 1 green, 2 blue.
    float channel(int i) const { return i == 0 ? r : i == 1 ? g : b; }
};

} // namespace lrt
