// Pixel reconstruction filters (renderer/film/filter.h) against their closed forms.
#include "renderer/film/filter.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

using namespace lrt;

namespace {
// A filter made by name, as PixelFilter makes it.
std::unique_ptr<Filter> makeFilter(const std::string& name, float xWidth, float yWidth) {
    return createFilter({name, std::array<float, 2>{xWidth, yWidth}, {}});
}
} // namespace

namespace {

// The 1-D shapes written out by hand, for an offset d (pixels) inside a filter of radius r.
// Box: 1.
// Triangle (pbrt's, unnormalised): r - |d|.
double triangle(double d, double r) {
    return r - std::fabs(d);
}
// Gaussian with alpha = 2, shifted down by its value at the radius so it reaches 0 there:
// exp(-2 d^2) - exp(-2 r^2).
double gaussian(double d, double r) {
    return std::exp(-2 * d * d) - std::exp(-2 * r * r);
}
// Mitchell-Netravali with B = C = 1/3, over x = 2 |d| / r in [0, 2). Substituting B and C into
//   (1/6) [(12 - 9B - 6C) x^3 + (-18 + 12B + 6C) x^2 + (6 - 2B)]                 for x < 1,
//   (1/6) [(-B - 6C) x^3 + (6B + 30C) x^2 + (-12B - 48C) x + (8B + 24C)]         for 1 <= x < 2
// gives (7 x^3 - 12 x^2 + 16/3) / 6 and (-7/3 x^3 + 12 x^2 - 20 x + 32/3) / 6.
double mitchell(double d, double r) {
    const double x = 2 * std::fabs(d) / r;
    if (x < 1)
        return (7 * x * x * x - 12 * x * x + 16.0 / 3) / 6;
    return (-7.0 / 3 * x * x * x + 12 * x * x - 20 * x + 32.0 / 3) / 6;
}

double shape(const std::string& name, double d, double r) {
    if (name == "box")
        return 1;
    if (name == "triangle")
        return triangle(d, r);
    if (name == "gaussian")
        return gaussian(d, r);
    return mitchell(d, r);
}

const char* const kNames[] = {"box", "triangle", "gaussian", "mitchell"};

} // namespace

TEST_CASE("filter: radius is half the full width", "[film][filter]") {
    for (const char* name : kNames) {
        INFO("filter " << name);
        const auto f = makeFilter(name, 3, 5);
        CHECK(f->radiusX() == 1.5f);
        CHECK(f->radiusY() == 2.5f);
    }
    CHECK(makeFilter("box", 1, 1)->radiusX() == 0.5f);
    CHECK(makeFilter("gaussian", 2, 2)->radiusY() == 1.0f);
    CHECK(makeFilter("mitchell", 4, 4)->radiusX() == 2.0f);
}

TEST_CASE("filter: hand-computed values of each shape", "[film][filter]") {
    // Known points, worked out by hand.
    // box 1 1: 1 anywhere inside.
    CHECK(makeFilter("box", 1, 1)->evaluate(0.2f, -0.3f) == 1.0f);
    // triangle 2 2 (r = 1): (1 - 0.5) (1 - 0.25) = 0.375.
    CHECK(makeFilter("triangle", 2, 2)->evaluate(0.5f, -0.25f) == Approx(0.375));
    // gaussian 2 2 (r = 1): at the centre 1 - e^-2 per axis; at (0.5, 0): (e^-0.5 - e^-2)(1 -
    // e^-2).
    const double e2 = std::exp(-2.0);
    CHECK(makeFilter("gaussian", 2, 2)->evaluate(0, 0) == Approx((1 - e2) * (1 - e2)));
    CHECK(makeFilter("gaussian", 2, 2)->evaluate(0.5f, 0) ==
          Approx((std::exp(-0.5) - e2) * (1 - e2)));
    // mitchell 4 4 (r = 2, x = |d|): k(0) = 16/18 = 8/9, k(1) = 1/18, k(0.5) = (7/8 - 3 + 16/3)/6
    // = 77/144, k(1.5) = (-7/3 27/8 + 27 - 30 + 32/3) / 6 = (-5/24) / 6 = -5/144.
    const auto m = makeFilter("mitchell", 4, 4);
    CHECK(m->evaluate(0, 0) == Approx(64.0 / 81));
    CHECK(m->evaluate(1, 0) == Approx(1.0 / 18 * 8 / 9));
    CHECK(m->evaluate(0.5f, 0) == Approx(77.0 / 144 * 8 / 9));
    CHECK(m->evaluate(1.5f, 0) == Approx(-5.0 / 144 * 8 / 9)); // the negative lobe
    CHECK(m->evaluate(1.5f, 1.5f) == Approx(25.0 / 144 / 144));
}

TEST_CASE("filter: every shape matches its closed form across the support", "[film][filter]") {
    const float widths[] = {1, 2, 3, 4, 5.5f};
    for (const char* name : kNames)
        for (const float width : widths) {
            const auto f = makeFilter(name, width, width);
            const double r = width / 2.0;
            const int steps = 37; // odd, and not a divisor of the widths: off the grid lines
            for (int i = 0; i < steps; ++i)
                for (int j = 0; j < steps; j += 5) {
                    const float dx = static_cast<float>(-r + 2 * r * (i + 0.5) / steps);
                    const float dy = static_cast<float>(-r + 2 * r * (j + 0.5) / steps);
                    const double expected = shape(name, dx, r) * shape(name, dy, r);
                    INFO("filter " << name << " width " << width << " at (" << dx << ", " << dy
                                   << ")");
                    CHECK(f->evaluate(dx, dy) == Approx(expected).margin(1e-5));
                }
        }
}

TEST_CASE("filter: x and y radii are independent", "[film][filter]") {
    const auto f = makeFilter("triangle", 2, 6); // rx = 1, ry = 3
    CHECK(f->evaluate(0.5f, 2) == Approx(0.5 * 1));
    CHECK(f->evaluate(0, 2.9f) == Approx(1 * 0.1).epsilon(1e-4));
    CHECK(f->evaluate(1.5f, 0) == 0.0f); // outside x, though inside y
    CHECK(f->evaluate(0, 3.5f) == 0.0f);
    const auto g = makeFilter("gaussian", 1, 4); // rx = 0.5, ry = 2
    CHECK(g->evaluate(0.25f, 1.5f) == Approx(gaussian(0.25, 0.5) * gaussian(1.5, 2)));
}

TEST_CASE("filter: the support is half-open, -radius included and +radius excluded",
          "[film][filter]") {
    for (const char* name : kNames) {
        INFO("filter " << name);
        const auto f = makeFilter(name, 2, 2);
        // 0 at +radius and beyond, in either axis, and beyond -radius.
        CHECK(f->evaluate(1, 0) == 0.0f);
        CHECK(f->evaluate(0, 1) == 0.0f);
        CHECK(f->evaluate(1.5f, 0) == 0.0f);
        CHECK(f->evaluate(-1.0001f, 0) == 0.0f);
        CHECK(f->evaluate(0, -7) == 0.0f);
        CHECK(f->evaluate(100, 100) == 0.0f);
    }
    // A sample on the edge between two pixels counts for one only: the box's weight is 1 at
    // d = -radius (inside) and 0 at d = +radius.
    const auto box = makeFilter("box", 1, 1);
    CHECK(box->evaluate(-0.5f, 0) == 1.0f);
    CHECK(box->evaluate(0, -0.5f) == 1.0f);
    CHECK(box->evaluate(-0.5f, -0.5f) == 1.0f);
    CHECK(box->evaluate(0.5f, 0) == 0.0f);
    CHECK(box->evaluate(0, 0.5f) == 0.0f);
    CHECK(box->evaluate(std::nextafter(0.5f, 0.0f), 0) == 1.0f);
    // The other shapes vanish continuously at the edge: 0 at -radius too (up to rounding).
    CHECK(makeFilter("triangle", 2, 2)->evaluate(-1, 0) == 0.0f);
    CHECK(makeFilter("gaussian", 2, 2)->evaluate(-1, 0) == Approx(0).margin(1e-7));
    CHECK(makeFilter("mitchell", 4, 4)->evaluate(-2, 0) == Approx(0).margin(1e-5));
}

TEST_CASE("filter: separable, the product of its 1-D profiles", "[film][filter]") {
    // w(dx, dy) w(0, 0) = w(dx, 0) w(0, dy) for a separable w.
    const float points[][2] = {{0.3f, -0.7f}, {-1.2f, 0.4f}, {0.9f, 1.1f}, {-0.05f, -1.45f}};
    for (const char* name : kNames) {
        const auto f = makeFilter(name, 3, 3);
        for (const auto& p : points) {
            INFO("filter " << name << " at (" << p[0] << ", " << p[1] << ")");
            CHECK(f->evaluate(p[0], p[1]) * f->evaluate(0, 0) ==
                  Approx(f->evaluate(p[0], 0) * f->evaluate(0, p[1])).margin(1e-7));
        }
    }
}

TEST_CASE("filter: symmetric in each axis", "[film][filter]") {
    const float offsets[] = {0.1f, 0.37f, 0.5f, 0.99f, 1.3f, 1.74f};
    for (const char* name : kNames) {
        const auto f = makeFilter(name, 3.5f, 3.5f); // radius 1.75: every offset is inside
        for (const float d : offsets) {
            INFO("filter " << name << " at d = " << d);
            CHECK(f->evaluate(d, 0) == f->evaluate(-d, 0));
            CHECK(f->evaluate(0, d) == f->evaluate(0, -d));
            CHECK(f->evaluate(d, 0) == f->evaluate(0, d));
            CHECK(f->evaluate(d, 0.2f) == f->evaluate(-d, -0.2f));
        }
    }
}

TEST_CASE("filter: weights peak at the centre and fall off monotonically", "[film][filter]") {
    // Box is flat; triangle and gaussian decrease with |d|. Mitchell's k'(x) is 21 x^2 - 24 x for
    // x < 1 and -7 x^2 + 24 x - 20 beyond, negative up to its negative lobe's minimum at
    // x = 10/7, then rising to 0 at x = 2; with r = 2, x = |d|, so it is checked up to d = 1.4.
    for (const char* name : {"triangle", "gaussian"}) {
        const auto f = makeFilter(name, 4, 4);
        float previous = f->evaluate(0, 0);
        for (int i = 1; i < 20; ++i) {
            const float d = 0.1f * static_cast<float>(i);
            INFO("filter " << name << " at d = " << d);
            CHECK(f->evaluate(d, 0) < previous);
            previous = f->evaluate(d, 0);
        }
    }
    const auto m = makeFilter("mitchell", 4, 4);
    for (int i = 1; i <= 14; ++i) {
        const float d = 0.1f * static_cast<float>(i);
        INFO("mitchell at d = " << d);
        CHECK(m->evaluate(d, 0) < m->evaluate(d - 0.1f, 0));
    }
}

TEST_CASE("filter: PixelFilter's default widths are RenderMan's", "[film][filter]") {
    // box 1 (the pixel), triangle and gaussian 2, mitchell 4: full widths, radius half of them.
    const std::pair<const char*, float> expected[] = {
        {"box", 0.5f}, {"triangle", 1.0f}, {"gaussian", 1.0f}, {"mitchell", 2.0f}};
    for (const auto& [name, radius] : expected) {
        INFO(name);
        const auto f = createFilter({name, std::nullopt, {}});
        CHECK(f->radiusX() == radius);
        CHECK(f->radiusY() == radius);
    }
    CHECK(filterRegistry().names() ==
          std::vector<std::string_view>{"box", "triangle", "gaussian", "mitchell"});
}
