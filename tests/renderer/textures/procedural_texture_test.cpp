// pbrt-v4's procedural textures and mappings, against values worked out by hand: the 3-D
// checkerboard's cubes in texture space, the spherical, cylindrical and planar mappings, bilerp's
// corners, directionmix by the normal, marble's spline at its ends, dots' cells, and clamp.
#include "renderer/textures/dots_texture.h"
#include "renderer/textures/perlin_noise.h"
#include "tests/renderer/textures/texture_test_support.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace lrt;
using namespace lrt::testing;

namespace {

void addPoint(TextureDescription& d, const char* name, Vec3 v) {
    add(d, name, {v.x, v.y, v.z});
}

void addString(TextureDescription& d, const char* name, const char* value) {
    d.parameters.add({name, ParameterType::String, {}, {value}, {}});
}

void checkColor(Color c, Color expected) {
    CHECK(c.r == Approx(expected.r).margin(1e-5));
    CHECK(c.g == Approx(expected.g).margin(1e-5));
    CHECK(c.b == Approx(expected.b).margin(1e-5));
}

constexpr Color kRed{1, 0, 0}, kBlue{0, 0, 1};

} // namespace

TEST_CASE("a 3-D checkerboard alternates on cubes of texture space", "[textures]") {
    auto d = describe("checkerboard");
    add(*d, "dimension", {3});
    d->inputs["tex1"] = constantTexture(kRed, {});
    d->inputs["tex2"] = constantTexture(kBlue, {});
    // Texture space is world space scaled by 2 (the texture was defined under Scale 0.5).
    d->worldToTexture = Transform::scale(2, 2, 2);
    const BuiltTexture built(*d);
    CHECK(built.atPoint({0.1f, 0.1f, 0.1f}) == kRed);     // cube (0, 0, 0)
    CHECK(built.atPoint({0.6f, 0.1f, 0.1f}) == kBlue);    // (1, 0, 0)
    CHECK(built.atPoint({0.6f, 0.6f, 0.1f}) == kRed);     // (1, 1, 0)
    CHECK(built.atPoint({0.6f, 0.6f, 0.6f}) == kBlue);    // (1, 1, 1)
    CHECK(built.atPoint({-0.1f, 0.1f, 0.1f}) == kBlue);   // (-1, 0, 0)
    CHECK(built.atPoint({-0.1f, -0.1f, 0.1f}) == kRed);   // (-1, -1, 0)
    CHECK(built.atPoint({-0.1f, -0.1f, -0.1f}) == kBlue); // (-1, -1, -1)
}

TEST_CASE("2-D mappings compute (s, t) from the point in texture space", "[textures]") {
    // A bilerp of v00 black, v10 red, v01 green, v11 yellow shows (s, t) as (red, green).
    const auto showing = [](const char* mapping) {
        auto d = describe("bilerp");
        addString(*d, "mapping", mapping);
        add(*d, "v00", {0, 0, 0});
        add(*d, "v10", {1, 0, 0});
        add(*d, "v01", {0, 1, 0});
        add(*d, "v11", {1, 1, 0});
        return d;
    };
    constexpr float pi = std::numbers::pi_v<float>;
    SECTION("spherical: s = theta / pi from +z, t = phi / 2 pi") {
        const BuiltTexture built(*showing("spherical"));
        checkColor(built.atPoint({0, 0, 2}), {0, 0, 0});    // theta 0
        checkColor(built.atPoint({3, 0, 0}), {0.5f, 0, 0}); // theta pi/2, phi 0
        checkColor(built.atPoint({0, 1, 0}), {0.5f, 0.25f, 0});
        checkColor(built.atPoint({0, -1, -1}), {0.75f, 0.75f, 0});
    }
    SECTION("cylindrical: s = (pi + atan2(y, x)) / 2 pi, t = z") {
        const BuiltTexture built(*showing("cylindrical"));
        checkColor(built.atPoint({1, 0, 0.25f}), {0.5f, 0.25f, 0});
        checkColor(built.atPoint({0, 1, 0.5f}), {0.75f, 0.5f, 0});
        const float s = (pi + std::atan2(-1.0f, -1.0f)) / (2 * pi); // 1/8
        checkColor(built.atPoint({-1, -1, 0}), {s, 0, 0});
    }
    SECTION("planar: s and t along v1 and v2, plus the deltas, in texture space") {
        auto d = showing("planar");
        addPoint(*d, "v1", {0, 0, 1});
        addPoint(*d, "v2", {1, 1, 0});
        add(*d, "udelta", {0.125});
        add(*d, "vdelta", {-0.5});
        d->worldToTexture = Transform::translate({0.25f, 0, 0});
        const BuiltTexture built(*d);
        // texture point (0.25 + 0.1, 0.2, 0.3): s = 0.3 + 0.125, t = 0.35 + 0.2 - 0.5
        checkColor(built.atPoint({0.1f, 0.2f, 0.3f}), {0.425f, 0.05f, 0});
    }
}

TEST_CASE("bilerp interpolates its corners", "[textures]") {
    auto d = describe("bilerp");
    add(*d, "v00", {1, 0, 0});
    add(*d, "v10", {0, 1, 0});
    add(*d, "v01", {0, 0, 1});
    add(*d, "v11", {1, 1, 1});
    add(*d, "uscale", {2});
    const BuiltTexture built(*d);
    checkColor(built.at(0, 0), {1, 0, 0});
    checkColor(built.at(0.5f, 0), {0, 1, 0}); // s' = 2 s = 1
    checkColor(built.at(0, 1), {0, 0, 1});
    checkColor(built.at(0.25f, 0.5f), {0.25f + 0.25f * 1, 0.25f + 0.25f, 0.25f + 0.25f});
}

TEST_CASE("directionmix weighs tex1 by |n . dir|", "[textures]") {
    auto d = describe("directionmix");
    addPoint(*d, "dir", {0, 0, 3}); // normalised; texture space is world space turned 90 degrees
    d->worldToTexture = Transform::rotate(90, {1, 0, 0}).inverse(); // texture z is world -y
    d->inputs["tex1"] = constantTexture(kRed, {});
    d->inputs["tex2"] = constantTexture(kBlue, {});
    const BuiltTexture built(*d);
    checkColor(built.atPoint({}, {0, -1, 0}), kRed);
    checkColor(built.atPoint({}, {0, 1, 0}), kRed); // either side
    checkColor(built.atPoint({}, {0, 0, 1}), kBlue);
    const float c = std::cos(std::numbers::pi_v<float> / 3); // 60 degrees from dir
    checkColor(built.atPoint({}, {0, -c, std::sin(std::numbers::pi_v<float> / 3)}), {c, 0, 1 - c});
}

TEST_CASE("marble follows its spline from end to end", "[textures]") {
    auto d = describe("marble");
    add(*d, "variation", {0}); // t = 1/2 + sin(scale y) / 2 exactly
    add(*d, "scale", {2});
    const BuiltTexture built(*d);
    constexpr float pi = std::numbers::pi_v<float>;
    // sin = -1: t = 0, the first control point; sin = 1: t = 1, the last; times 1.5.
    checkColor(built.atPoint({0, -pi / 4, 0}), Color{0.58f, 0.58f, 0.6f} * 1.5f);
    checkColor(built.atPoint({5, pi / 4, 7}), Color{0.58f, 0.58f, 0.6f} * 1.5f);
    // t = 1/2: segment 3 of 6 (segment i starts at control point i) at its start: control
    // point 3, (0.5, 0.5, 0.5).
    checkColor(built.atPoint({0, 0, 0}), Color{0.5f, 0.5f, 0.5f} * 1.5f);
}

TEST_CASE("dots lie within their cells, in about half the cells", "[textures]") {
    int withDot = 0;
    for (int s = -10; s < 10; ++s)
        for (int t = -10; t < 10; ++t) {
            // A dot's centre is within 0.15 of its cell's integer point, its radius 0.35: the
            // point itself is always inside it, the cell's corners never.
            const bool dot = DotsTexture::insideDot({float(s), float(t)});
            withDot += dot;
            CHECK_FALSE(DotsTexture::insideDot({s + 0.5f, t + 0.5f}));
            CHECK(DotsTexture::insideDot({s + 0.1f, t - 0.1f}) == dot);
        }
    CHECK(withDot > 120);
    CHECK(withDot < 280);
}

TEST_CASE("clamp bounds each channel", "[textures]") {
    auto d = describe("clamp");
    add(*d, "min", {0.25});
    d->inputs["tex"] = constantTexture({-1, 0.5f, 3}, {});
    checkColor(BuiltTexture(*d).at(0, 0), {0.25f, 0.5f, 1});
    add(*d, "max", {0.1});
    CHECK_THROWS_WITH(BuiltTexture(*d), Catch::Contains("\"max\" must be at least \"min\""));
}

TEST_CASE("noise textures are the noise functions in texture space", "[textures]") {
    auto d = describe("fbm");
    add(*d, "octaves", {3});
    add(*d, "roughness", {0.25});
    d->worldToTexture = Transform::scale(4, 4, 4);
    const Vec3 p{0.3f, -0.2f, 0.7f};
    const float n0 = perlinNoise(p * 4), n1 = perlinNoise(p * 4 * 1.99f),
                n2 = perlinNoise(p * 4 * 1.99f * 1.99f);
    checkColor(BuiltTexture(*d).atPoint(p), Color(n0 + 0.25f * n1 + 0.0625f * n2));
    auto w = describe("windy");
    const Vec3 q{1.7f, 2.1f, -0.4f};
    const float expected = std::fabs(fbm(q * 0.1f, {}, {}, 0.5f, 3)) * fbm(q, {}, {}, 0.5f, 6);
    checkColor(BuiltTexture(*w).atPoint(q), Color(expected));
}
