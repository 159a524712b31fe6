// Light sources (renderer/lights/*.h) built directly, against their documented radiometry.
#include "renderer/lights/ambient_light.h"
#include "renderer/lights/area_light.h"
#include "renderer/lights/distant_light.h"
#include "renderer/lights/environment_light.h"
#include "renderer/lights/infinite_light.h"
#include "renderer/lights/light_registry.h"
#include "renderer/lights/point_light.h"
#include "renderer/lights/spot_light.h"
#include "renderer/shapes/disk.h"
#include "renderer/shapes/sphere.h"
#include "tests/renderer/vector_matchers.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <iomanip>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

using namespace lrt;
using namespace lrt::testing;

namespace {

// The entry of LightSource `name` (area false) or AreaLightSource `name` (area true), or null.
const LightEntry* findLight(std::string_view name, bool area) {
    for (const LightEntry* entry : lightRegistry())
        if (entry->name == name && entry->area == area)
            return entry;
    return nullptr;
}

// Stratified sample points (i + a) / n, (j + b) / n, off the strata's edges.
std::vector<Vec2> grid(int n, float a = 0.37f, float b = 0.61f) {
    std::vector<Vec2> points;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            points.push_back({(static_cast<float>(i) + a) / static_cast<float>(n),
                              (static_cast<float>(j) + b) / static_cast<float>(n)});
    return points;
}

double toRadians(double degrees) {
    return degrees * std::numbers::pi / 180;
}

// The object-space geometry where a ray from p towards wi meets the quadric (as the integrator
// finds an area light's point before asking for its pdf).
std::optional<LocalGeometry> hitGeometry(const Quadric& shape, Vec3 p, Vec3 wi) {
    const float origin[3] = {p.x, p.y, p.z}, direction[3] = {wi.x, wi.y, wi.z};
    const auto hit = shape.intersectScene(origin, direction, 0, INFINITY);
    if (!hit)
        return std::nullopt;
    return shape.geometryAt(hit->u, hit->v);
}

} // namespace

// ---- point, spot, distant, ambient
// ---------------------------------------------------------------

TEST_CASE("point light: E = I / d^2 towards the light, a delta (pdf 0)", "[lights][unit]") {
    const Color I{10, 20, 30};
    const PointLight light({1, 2, 3}, I);
    SECTION("on an axis") {
        const auto s = light.sample({1, 2, -1}, {0.3f, 0.7f});
        REQUIRE(s);
        CHECK_THAT(s->wi, isNear({0, 0, 1}));
        CHECK(s->distance == Approx(4));
        CHECK_THAT(s->E, colorNear(I / 16));
        CHECK(s->pdf == 0);
    }
    SECTION("off axis") {
        // p = (3, 4, 3): towards the light (-2, -2, 0), d^2 = 8.
        const auto s = light.sample({3, 4, 3}, {});
        REQUIRE(s);
        const float h = 1 / std::sqrt(2.0f);
        CHECK_THAT(s->wi, isNear({-h, -h, 0}));
        CHECK(s->distance == Approx(std::sqrt(8.0)));
        CHECK_THAT(s->E, colorNear(I / 8));
    }
    SECTION("the sample does not depend on u") {
        const auto a = light.sample({-2, 5, 0.5f}, {0.1f, 0.2f});
        const auto b = light.sample({-2, 5, 0.5f}, {0.8f, 0.9f});
        REQUIRE(a);
        REQUIRE(b);
        CHECK(a->E == b->E);
        CHECK(a->wi == b->wi);
    }
    SECTION("at the light itself there is nothing") {
        CHECK_FALSE(light.sample({1, 2, 3}, {}));
    }
    CHECK_FALSE(light.isAmbient());
    CHECK_FALSE(light.isStratified());
}

TEST_CASE("spot light: RenderMan's cos^beam times smoothstep falloff", "[lights][unit]") {
    // I(theta) = I cos(theta)^beam smoothstep(cos(cone), cos(cone - delta), cos(theta)), with
    // smoothstep(a, b, x) = t^2 (3 - 2 t), t = clamp((x - a) / (b - a), 0, 1); E = I(theta) / d^2.
    const Color I{8, 4, 2};
    const Vec3 position{1, 1, 1};
    const double cone = 30, delta = 10;
    const double beams[] = {0, 2, 5};
    for (const double beam : beams) {
        // The axis is given unnormalised, along +z.
        const SpotLight light(position, {0, 0, 3}, I, float(cone), float(delta), float(beam));
        const double angles[] = {0, 10, 19.5, 20.5, 25, 29, 29.9};
        for (const double angle : angles) {
            const double d = 2.5;
            const double a = toRadians(angle);
            const Vec3 p = position + Vec3(float(std::sin(a)), 0, float(std::cos(a))) * float(d);
            const double x = std::cos(a), lo = std::cos(toRadians(cone)),
                         hi = std::cos(toRadians(cone - delta));
            const double t = std::clamp((x - lo) / (hi - lo), 0.0, 1.0);
            const double expected = std::pow(x, beam) * t * t * (3 - 2 * t) / (d * d);
            INFO("beam " << beam << ", angle " << angle << " degrees, p = " << str(p));
            const auto s = light.sample(p, {});
            REQUIRE(s);
            CHECK(s->distance == Approx(d));
            CHECK_THAT(s->wi, isNear(normalize(position - p)));
            CHECK(s->pdf == 0);
            CHECK_THAT(s->E, colorNear(I * float(expected), 1e-3, 1e-7));
        }
        // Outside the cone, and behind the light: nothing.
        const double outside[] = {30.5, 45, 90, 135, 180};
        for (const double angle : outside) {
            const double a = toRadians(angle);
            const Vec3 p = position + Vec3(float(std::sin(a)), 0.0f, float(std::cos(a))) * 2.0f;
            INFO("beam " << beam << ", angle " << angle << " degrees");
            CHECK_FALSE(light.sample(p, {}));
        }
    }
}

TEST_CASE("spot light: the cone follows the axis, in any direction", "[lights][unit]") {
    // Aimed along (1, 1, 0): a point 3 units along the axis gets I / 9; one 20 degrees off it,
    // inside cone 40 delta 5 with beam 1, gets I cos(20) / 9; one 45 degrees off gets nothing.
    const Vec3 position{0, 0, 0};
    const SpotLight light(position, {1, 1, 0}, Color(9), 40, 5, 1);
    const float h = 1 / std::sqrt(2.0f);
    const auto onAxis = light.sample(Vec3{h, h, 0} * 3, {});
    REQUIRE(onAxis);
    CHECK_THAT(onAxis->E, colorNear(Color(1), 1e-5));
    // Rotating about z away from the axis keeps the point in the xy plane.
    const double a = toRadians(45 + 20);
    const auto off = light.sample(Vec3(float(std::cos(a)), float(std::sin(a)), 0) * 3, {});
    REQUIRE(off);
    CHECK_THAT(off->E, colorNear(Color(float(std::cos(toRadians(20)))), 1e-4));
    CHECK_FALSE(light.sample(Vec3{0, 0, 3}, {})); // 90 degrees off
    CHECK_FALSE(light.sample(Vec3{1, 0, 0}, {})); // 45 degrees off
    CHECK_FALSE(light.sample(position, {}));
}

TEST_CASE("spot light: no cone delta is a hard edge", "[lights][unit]") {
    const SpotLight light({0, 0, 0}, {0, 0, 1}, Color(1), 20, 0, 0);
    auto at = [&](double degrees) {
        const double a = toRadians(degrees);
        return light.sample({float(std::sin(a)), 0, float(std::cos(a))}, {});
    };
    REQUIRE(at(19.9));
    CHECK_THAT(at(19.9)->E, colorNear(Color(1)));
    CHECK_FALSE(at(20.1));
}

TEST_CASE("distant light: wi towards the light, infinitely far, E = irradiance", "[lights][unit]") {
    const Color irradiance{0.5f, 1, 2};
    // towardsLight (0, 0, -2), unnormalised: the light travels along +z and arrives from -z.
    const DistantLight light({0, 0, -2}, irradiance);
    const Vec3 points[] = {{0, 0, 0}, {100, -3, 7}};
    for (const Vec3 p : points) {
        INFO("p = " << str(p));
        const auto s = light.sample(p, {0.4f, 0.6f});
        REQUIRE(s);
        CHECK_THAT(s->wi, isNear({0, 0, -1}, 0));
        CHECK(s->distance == INFINITY);
        CHECK(s->E == irradiance);
        CHECK(s->pdf == 0);
    }
    const DistantLight oblique({3, 4, 0}, Color(1));
    CHECK_THAT(oblique.sample({}, {})->wi, isNear({0.6f, 0.8f, 0}));
}

TEST_CASE("ambient light: no samples, only ambientRadiance", "[lights][unit]") {
    const Color L{0.2f, 0.3f, 0.4f};
    const AmbientLight light(L);
    CHECK_FALSE(light.sample({0, 0, 0}, {0.5f, 0.5f}));
    CHECK_FALSE(light.sample({1, -2, 3}, {0.1f, 0.9f}));
    CHECK(light.isAmbient());
    CHECK(light.ambientRadiance() == L);
    CHECK_FALSE(light.isStratified());
    CHECK(light.radiance({0, 0, 1}).isBlack());
    CHECK(light.pdf({0, 0, 1}) == 0);
}

// ---- infinite and environment
// ----------------------------------------------------------------------

TEST_CASE("infinite light: uniform over the sphere, pdf 1/(4 pi), E = L / pdf", "[lights][unit]") {
    const Color L{1, 2, 3};
    const InfiniteLight light(L);
    const double pdf = 1 / (4 * std::numbers::pi);
    CHECK(light.isStratified());
    CHECK_FALSE(light.isAmbient());
    CHECK(light.pdf({0, 0, 1}) == Approx(pdf));
    CHECK(light.pdf({0.6f, -0.8f, 0}) == Approx(pdf));
    CHECK(light.radiance({0, -1, 0}) == L);
    // Stratified samples: unit directions, and the fractions that land in a region match its
    // share of the sphere: 1/8 per octant, (1 - cos(60)) / 2 = 1/4 in the cap within 60 degrees
    // of +z.
    const int n = 64;
    int octants[8] = {}, cap = 0;
    for (const Vec2 u : grid(n)) {
        const auto s = light.sample({1, 2, 3}, u);
        INFO("u = (" << u.x << ", " << u.y << ")");
        REQUIRE(s);
        CHECK(length(s->wi) == Approx(1).epsilon(1e-5));
        CHECK(s->distance == INFINITY);
        CHECK(s->pdf == Approx(pdf));
        CHECK_THAT(s->E, colorNear(L * float(4 * std::numbers::pi)));
        ++octants[(s->wi.x > 0) + 2 * (s->wi.y > 0) + 4 * (s->wi.z > 0)];
        cap += s->wi.z > 0.5f;
    }
    for (int i = 0; i < 8; ++i) {
        INFO("octant " << i);
        CHECK(octants[i] / double(n * n) == Approx(0.125).margin(0.01));
    }
    CHECK(cap / double(n * n) == Approx(0.25).margin(0.01));
}

namespace {

// An 8 x 4 lat-long map with a distinct colour per texel and one black texel.
constexpr int kMapW = 8, kMapH = 4;
Color mapTexel(int x, int y) {
    if (x == 3 && y == 2)
        return {};
    return {1.0f + float(x) + 8.0f * float(y), 0.5f * float(x + 1), 0.25f * float(y + 1)};
}
Image makeMap() {
    std::vector<float> pixels;
    for (int y = 0; y < kMapH; ++y)
        for (int x = 0; x < kMapW; ++x) {
            const Color c = mapTexel(x, y);
            pixels.insert(pixels.end(), {c.r, c.g, c.b});
        }
    return Image(kMapW, kMapH, 3, pixels);
}

// The documented lat-long mapping, in the light's space: u = phi / 2pi (phi = atan2(y, x) in
// [0, 2pi)), v = theta / pi (theta from +z); texel (floor(u W), floor(v H)), row 0 at the top.
Vec3 texelCentreDirection(int x, int y) {
    const double phi = 2 * std::numbers::pi * (x + 0.5) / kMapW,
                 theta = std::numbers::pi * (y + 0.5) / kMapH;
    return {float(std::sin(theta) * std::cos(phi)), float(std::sin(theta) * std::sin(phi)),
            float(std::cos(theta))};
}
void texelOf(Vec3 d, int& x, int& y) {
    double phi = std::atan2(double(d.y), double(d.x));
    if (phi < 0)
        phi += 2 * std::numbers::pi;
    const double theta = std::acos(std::clamp(double(d.z) / length(d), -1.0, 1.0));
    x = std::min(int(phi / (2 * std::numbers::pi) * kMapW), kMapW - 1);
    y = std::min(int(theta / std::numbers::pi * kMapH), kMapH - 1);
}

// pbrt's sampling weights: each texel's luminance (Rec. 709) times sin(theta) at its row's centre,
// for the solid angle its row covers. The density over [0,1)^2 is weight / mean weight, and per
// steradian that over 2 pi^2 sin(theta).
double samplingWeight(int x, int y) {
    const Color c = mapTexel(x, y);
    return (0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b) *
           std::sin(std::numbers::pi * (y + 0.5) / kMapH);
}
double meanWeight() {
    double sum = 0;
    for (int y = 0; y < kMapH; ++y)
        for (int x = 0; x < kMapW; ++x)
            sum += samplingWeight(x, y);
    return sum / (kMapW * kMapH);
}

} // namespace

TEST_CASE("environment light: radiance is the texel the lat-long mapping names", "[lights][unit]") {
    const Color scale{2, 1, 0.5f};
    SECTION("in the light's own space") {
        const EnvironmentLight light(makeMap(), scale, Transform());
        for (int y = 0; y < kMapH; ++y)
            for (int x = 0; x < kMapW; ++x) {
                const Vec3 d = texelCentreDirection(x, y);
                INFO("texel (" << x << ", " << y << "), direction " << str(d));
                CHECK_THAT(light.radiance(d), colorNear(mapTexel(x, y) * scale));
                // Direction need not be unit.
                CHECK_THAT(light.radiance(d * 3), colorNear(mapTexel(x, y) * scale));
            }
        // +z is the top row, -z the bottom; phi = 0 (+x) starts the first column, +y is a
        // quarter of the way round.
        CHECK_THAT(light.radiance({0.01f, 0.001f, 1}), colorNear(mapTexel(0, 0) * scale));
        CHECK_THAT(light.radiance({0.01f, 0.001f, -1}), colorNear(mapTexel(0, 3) * scale));
        CHECK_THAT(light.radiance({-0.01f, 1, 0.01f}), colorNear(mapTexel(2, 1) * scale));
        CHECK_THAT(light.radiance({-1, -0.01f, -0.01f}), colorNear(mapTexel(4, 2) * scale));
        CHECK(light.isStratified());
    }
    SECTION("placed with Rotate -90 1 0 0 for a y-up world") {
        // Rotating by -90 degrees about x takes light-space (x, y, z) to world (x, z, -y), so
        // world +y is the light's +z (the top row).
        const EnvironmentLight light(makeMap(), scale, Transform::rotate(-90, {1, 0, 0}));
        for (int y = 0; y < kMapH; ++y)
            for (int x = 0; x < kMapW; ++x) {
                const Vec3 l = texelCentreDirection(x, y), w{l.x, l.z, -l.y};
                INFO("texel (" << x << ", " << y << "), world direction " << str(w));
                CHECK_THAT(light.radiance(w), colorNear(mapTexel(x, y) * scale));
            }
        CHECK_THAT(light.radiance({0.01f, 1, -0.001f}), colorNear(mapTexel(0, 0) * scale));
    }
}

TEST_CASE("environment light: pdf follows luminance and integrates to 1", "[lights][unit]") {
    const EnvironmentLight light(makeMap(), Color(1), Transform::rotate(30, {1, 2, 3}));
    const Transform toWorld = Transform::rotate(30, {1, 2, 3});
    SECTION("at texel centres, by hand") {
        const double mean = meanWeight();
        for (int y = 0; y < kMapH; ++y)
            for (int x = 0; x < kMapW; ++x) {
                const Vec3 d = toWorld.vector(texelCentreDirection(x, y));
                const double expected = samplingWeight(x, y) / mean /
                                        (2 * std::numbers::pi * std::numbers::pi *
                                         std::sin(std::numbers::pi * (y + 0.5) / kMapH));
                INFO("texel (" << x << ", " << y << "), world direction " << str(d));
                CHECK(light.pdf(d) == Approx(expected).epsilon(1e-4).margin(1e-9));
            }
    }
    SECTION("numerically over the sphere") {
        // Midpoint rule in (theta, phi) on a grid that refines the texels: pdf sin(theta) is
        // constant over each texel, so the sum is exact up to rounding.
        const int nTheta = 16 * kMapH, nPhi = 16 * kMapW;
        const double dTheta = std::numbers::pi / nTheta, dPhi = 2 * std::numbers::pi / nPhi;
        double integral = 0;
        for (int i = 0; i < nTheta; ++i)
            for (int j = 0; j < nPhi; ++j) {
                const double theta = (i + 0.5) * dTheta, phi = (j + 0.5) * dPhi;
                const Vec3 local{float(std::sin(theta) * std::cos(phi)),
                                 float(std::sin(theta) * std::sin(phi)), float(std::cos(theta))};
                integral += light.pdf(toWorld.vector(local)) * std::sin(theta) * dTheta * dPhi;
            }
        CHECK(integral == Approx(1).epsilon(1e-3));
    }
}

TEST_CASE("environment light: samples agree with radiance and pdf", "[lights][unit]") {
    const Color scale{1, 0.5f, 2};
    const EnvironmentLight light(makeMap(), scale, Transform());
    const int n = 128;
    std::vector<int> counts(kMapW * kMapH, 0);
    for (const Vec2 u : grid(n)) {
        const auto s = light.sample({3, -1, 2}, u);
        INFO("u = (" << u.x << ", " << u.y << ")");
        REQUIRE(s);
        INFO("wi = " << str(s->wi) << ", E = " << str(s->E) << ", pdf = " << s->pdf);
        CHECK(length(s->wi) == Approx(1).epsilon(1e-5));
        CHECK(s->distance == INFINITY);
        CHECK(s->pdf == Approx(light.pdf(s->wi)).epsilon(1e-3));
        CHECK_THAT(s->E, colorNear(light.radiance(s->wi) / light.pdf(s->wi), 1e-3));
        int x = 0, y = 0;
        texelOf(s->wi, x, y);
        ++counts[y * kMapW + x];
    }
    // Each texel is drawn in proportion to its sampling weight; the black texel never.
    double total = 0;
    for (int y = 0; y < kMapH; ++y)
        for (int x = 0; x < kMapW; ++x)
            total += samplingWeight(x, y);
    for (int y = 0; y < kMapH; ++y)
        for (int x = 0; x < kMapW; ++x) {
            INFO("texel (" << x << ", " << y << ")");
            CHECK(counts[y * kMapW + x] / double(n * n) ==
                  Approx(samplingWeight(x, y) / total).margin(0.005));
        }
    CHECK(counts[2 * kMapW + 3] == 0);
    CHECK(light.pdf(texelCentreDirection(3, 2)) == 0);
    CHECK(light.radiance(texelCentreDirection(3, 2)).isBlack());
}

// ---- area lights
// ---------------------------------------------------------------------------------

TEST_CASE("area light on a disk: E = L |cos| / (d^2 pdf_area)", "[lights][unit]") {
    // A disk of object radius 1, scaled by 2 (world radius R = 2), turned to face -y (Rotate 90
    // about x takes (x, y, z) to (x, -z, y)) and raised to y = 3. Sampling is uniform in (u, v):
    // phi = 2 pi u, r = R (1 - v), so per unit area pdf_area = 1 / (2 pi r R); the sampled point
    // is (r cos(phi), 3, r sin(phi)).
    const float R = 2, height = 3;
    const Color L{2, 3, 4};
    const Transform toWorld = Transform::translate({0, height, 0}) *
                              Transform::rotate(90, {1, 0, 0}) * Transform::scale(2, 2, 2);
    const Disk disk(toWorld, false, false, 0, 1, 360);
    AreaLight light(L);
    light.addShape(&disk);
    CHECK(light.isStratified());
    const Vec3 p{0.4f, 0, -0.3f};
    for (const Vec2 u : grid(6)) {
        INFO("p = " << str(p) << ", u = (" << u.x << ", " << u.y << ")");
        const auto s = light.sample(p, u);
        REQUIRE(s);
        const double phi = 2 * std::numbers::pi * u.x, r = R * (1 - u.y);
        const Vec3 q{float(r * std::cos(phi)), height, float(r * std::sin(phi))};
        INFO("expected point " << str(q) << ", wi " << str(s->wi) << ", distance " << s->distance);
        CHECK_THAT(p + s->wi * s->distance, isNear(q, 1e-4f));
        const Vec3 toQ = q - p;
        const double d2 = lengthSquared(toQ);
        const double cosLight = toQ.y / std::sqrt(d2); // the normal is (0, -1, 0)
        const double pdfArea = 1 / (2 * std::numbers::pi * r * R);
        CHECK_THAT(s->E, colorNear(L * float(cosLight / (d2 * pdfArea)), 1e-4));
        CHECK(s->pdf == Approx(d2 * pdfArea / cosLight).epsilon(1e-4));
        // pdf() at the point a ray towards wi finds agrees with the sample's.
        const auto g = hitGeometry(disk, p, s->wi);
        REQUIRE(g);
        CHECK(light.pdfAt(p, q, {0, -1, 0}, disk, 0, *g) == Approx(s->pdf).epsilon(1e-3));
    }
}

TEST_CASE("area light on a disk: estimates converge to the closed forms", "[lights][unit]") {
    // On the axis of a disk of radius R at height h: the solid angle is 2 pi (1 - h / sqrt(h^2 +
    // R^2)) and the irradiance pi L R^2 / (h^2 + R^2). E estimates L dw, so mean(E) -> L Omega and
    // mean(E cos) -> irradiance.
    const float R = 1.5f, h = 2;
    const Color L(3);
    const Disk disk(Transform::translate({0, 0, h}), false, true, 0, R, 360); // faces +z
    AreaLight light(L);
    light.addShape(&disk);
    // One-sided and facing +z, it sends nothing to the origin below it; the same disk reversed
    // (facing -z, as under ReverseOrientation) lights the origin.
    const Disk facingDown(Transform::translate({0, 0, h}), true, true, 0, R, 360);
    AreaLight down(L);
    down.addShape(&facingDown);
    CHECK_FALSE(light.sample({0, 0, 0}, {0.3f, 0.4f}));
    const int n = 128;
    double sumE = 0, sumIrradiance = 0;
    for (const Vec2 u : grid(n)) {
        const auto s = down.sample({0, 0, 0}, u);
        INFO("u = (" << u.x << ", " << u.y << ")");
        REQUIRE(s);
        sumE += s->E.r;
        sumIrradiance += s->E.r * s->wi.z;
    }
    const double omega = 2 * std::numbers::pi * (1 - h / std::sqrt(h * h + R * R));
    CHECK(sumE / (n * n) == Approx(L.r * omega).epsilon(2e-3));
    CHECK(sumIrradiance / (n * n) ==
          Approx(std::numbers::pi * L.r * R * R / (h * h + R * R)).epsilon(2e-3));
    // The light facing +z lights points above it.
    const auto above = light.sample({0, 0, 2 * h}, {0.3f, 0.4f});
    REQUIRE(above);
    CHECK(above->wi.z < 0);
}

TEST_CASE("area light over two shapes: each is picked with probability 1/2", "[lights][unit]") {
    // Two unit disks facing -z at z = 2, centred at x = -3 and x = +3; u.x < 1/2 picks the first
    // and is stretched to [0, 1). E gains the factor 2 = 1 / P(shape), the pdf loses it.
    const Color L(1);
    const Disk a(Transform::translate({-3, 0, 2}), true, false, 0, 1, 360);
    const Disk b(Transform::translate({3, 0, 2}), true, false, 0, 1, 360);
    AreaLight light(L);
    light.addShape(&a);
    light.addShape(&b);
    const Vec3 p{0.5f, 0.25f, 0};
    const Vec2 samples[] = {{0.1f, 0.3f}, {0.45f, 0.8f}, {0.6f, 0.3f}, {0.95f, 0.55f}};
    for (const Vec2 u : samples) {
        INFO("u = (" << u.x << ", " << u.y << ")");
        const auto s = light.sample(p, u);
        REQUIRE(s);
        const bool first = u.x < 0.5f;
        const double uu = first ? 2 * u.x : 2 * u.x - 1; // the remapped sample
        const double phi = 2 * std::numbers::pi * uu, r = 1 - u.y;
        const Vec3 q{float((first ? -3 : 3) + r * std::cos(phi)), float(r * std::sin(phi)), 2};
        CHECK_THAT(p + s->wi * s->distance, isNear(q, 1e-4f));
        const Vec3 toQ = q - p;
        const double d2 = lengthSquared(toQ), cosLight = toQ.z / std::sqrt(d2);
        const double pdfArea = 1 / (2 * std::numbers::pi * r * 1);
        CHECK(s->E.r == Approx(2 * cosLight / (d2 * pdfArea)).epsilon(1e-4));
        CHECK(s->pdf == Approx(d2 * pdfArea / cosLight / 2).epsilon(1e-4));
        const Disk& shape = first ? a : b;
        const auto g = hitGeometry(shape, p, s->wi);
        REQUIRE(g);
        CHECK(light.pdfAt(p, q, {0, 0, -1}, shape, 0, *g) == Approx(s->pdf).epsilon(1e-3));
    }
}

TEST_CASE("area light on a sphere: sampled by the cone it subtends", "[lights][unit]") {
    // From a point D from the centre of a sphere of radius R, the cone has cos(theta_max) =
    // sqrt(1 - R^2 / D^2) and uniform density 1 / (2 pi (1 - cos(theta_max))) per steradian, so
    // E = L / pdf; the irradiance on a surface facing the centre is pi L R^2 / D^2.
    const float R = 0.75f;
    const Vec3 centre{1, -2, 0.5f};
    const Color L{4, 2, 1};
    // Placed by a similarity transform (rotation and uniform scale 1.5 of a radius 0.5 sphere).
    const Transform toWorld = Transform::translate(centre) * Transform::rotate(40, {1, 1, 0}) *
                              Transform::scale(1.5f, 1.5f, 1.5f);
    const Sphere sphere(toWorld, false, false, 0.5f, -0.5f, 0.5f, 360);
    AreaLight light(L);
    light.addShape(&sphere);
    const Vec3 p = centre + Vec3{0, 0, -3}; // D = 3
    const double D = 3, cosMax = std::sqrt(1 - R * R / (D * D));
    const double pdf = 1 / (2 * std::numbers::pi * (1 - cosMax));
    const int n = 64;
    double irradiance = 0;
    for (const Vec2 u : grid(n)) {
        INFO("p = " << str(p) << ", u = (" << u.x << ", " << u.y << ")");
        const auto s = light.sample(p, u);
        REQUIRE(s);
        const Vec3 q = p + s->wi * s->distance;
        INFO("point " << str(q));
        CHECK(s->pdf == Approx(pdf).epsilon(1e-4));
        CHECK_THAT(s->E, colorNear(L / float(pdf), 1e-4));
        // The point lies on the sphere, on the side facing p, within the cone.
        CHECK(length(q - centre) == Approx(R).epsilon(1e-4));
        CHECK(dot(q - centre, p - q) >= -1e-4f);
        CHECK(dot(s->wi, normalize(centre - p)) >= cosMax - 1e-5);
        irradiance += s->E.r * dot(s->wi, Vec3{0, 0, 1});
        if (u.x < 0.1f && u.y < 0.2f) { // pdf() agrees (checked on a few)
            const auto g = hitGeometry(sphere, p, s->wi);
            REQUIRE(g);
            CHECK(light.pdfAt(p, q, normalize(q - centre), sphere, 0, *g) ==
                  Approx(s->pdf).epsilon(1e-4));
        }
    }
    CHECK(irradiance / (n * n) == Approx(std::numbers::pi * L.r * R * R / (D * D)).epsilon(1e-3));
}

TEST_CASE("area light on a sphere: area sampling from inside and for partial spheres",
          "[lights][unit]") {
    // Without the cone (p inside, or not a whole sphere), points are uniform in (u, v): phi =
    // phimax u and theta from pi (zmin = -r) to 0 (zmax = r) as v goes 0 to 1. The area element
    // is phimax pi r^2 sin(theta) du dv, so pdf_area = 1 / (phimax pi r^2 sin(theta)).
    const float r = 2;
    const Color L(5);
    struct Case {
        const char* name;
        float thetaMax;
        Vec3 p;
    };
    const Case cases[] = {{"whole sphere, p inside", 360, {0.3f, -0.5f, 0.2f}},
                          {"half sphere, p outside", 180, {0.5f, 4, -1}}};
    for (const Case& c : cases) {
        const Sphere sphere(Transform(), false, false, r, -r, r, c.thetaMax);
        AreaLight light(L);
        light.addShape(&sphere);
        const double phiMax = toRadians(c.thetaMax);
        for (const Vec2 u : grid(5, 0.3f, 0.5f)) {
            INFO(c.name << ": p = " << str(c.p) << ", u = (" << u.x << ", " << u.y << ")");
            const double phi = phiMax * u.x, theta = std::numbers::pi * (1 - u.y);
            const Vec3 q{float(r * std::sin(theta) * std::cos(phi)),
                         float(r * std::sin(theta) * std::sin(phi)), float(r * std::cos(theta))};
            const Vec3 toQ = q - c.p;
            const double d2 = lengthSquared(toQ);
            const double cosLight = dot(q / r, -toQ) / std::sqrt(d2);
            const double pdfArea = 1 / (phiMax * std::numbers::pi * r * r * std::sin(theta));
            const auto s = light.sample(c.p, u);
            REQUIRE(s); // two-sided, so the back of the sphere emits too
            CHECK_THAT(c.p + s->wi * s->distance, isNear(q, 1e-4f));
            CHECK(s->E.r == Approx(L.r * std::fabs(cosLight) / (d2 * pdfArea)).epsilon(1e-4));
            CHECK(s->pdf == Approx(d2 * pdfArea / std::fabs(cosLight)).epsilon(1e-4));
            const LocalGeometry g = sphere.geometryAt(u.x, u.y);
            CHECK(light.pdfAt(c.p, q, q / r, sphere, 0, g) == Approx(s->pdf).epsilon(1e-3));
        }
    }
}

TEST_CASE("area light: emitted radiance by side", "[lights][unit]") {
    const Disk oneSided(Transform(), false, true, 0, 1, 360);
    const Disk twoSided(Transform(), false, false, 0, 1, 360);
    SECTION("by the shape's Sides") {
        const AreaLight light(Color(7));
        CHECK(light.emitted(true, oneSided, {}) == Color(7));
        CHECK(light.emitted(true, twoSided, {}) == Color(7));
        CHECK(light.emitted(false, twoSided, {}) == Color(7));
        CHECK(light.emitted(false, oneSided, {}).isBlack());
    }
    SECTION("by the light's \"twosided\", whatever the Sides") {
        AreaLight front(Color(7), false);
        const AreaLight both(Color(7), true);
        front.addShape(&twoSided);
        CHECK(front.emitted(true, twoSided, {}) == Color(7));
        CHECK(front.emitted(false, twoSided, {}).isBlack());
        CHECK(both.emitted(false, oneSided, {}) == Color(7));
        // Light samples follow the same rule: none from behind a front-only emitter.
        CHECK_FALSE(front.sample({0, 0, -1}, {0.5f, 0.5f}));
        CHECK(front.sample({0, 0, 1}, {0.5f, 0.5f}));
    }
}

// A cone wider than 90 degrees (coneangle may be up to 180) reaches points behind the light's
// plane, where cos(theta) < 0: cos^beamdistribution would be NaN for a non-integer
// beamdistribution (std::pow of a negative base) and negative for an odd one. The beam has no
// strength there (cos clamped to 0), and in front of the plane it is unchanged.
TEST_CASE("spot light: a cone wider than 90 degrees gives finite, non-negative E",
          "[lights][unit]") {
    const float beams[] = {1.5f, 2, 3};
    for (const float beam : beams) {
        const SpotLight light({0, 0, 0}, {0, 0, 1}, Color(1), 150, 10, beam);
        const double angles[] = {60, 95, 110, 135};
        for (const double angle : angles) {
            const double a = toRadians(angle);
            const Vec3 p{float(std::sin(a)), 0, float(std::cos(a))};
            INFO("coneangle 150, conedeltaangle 10, beamdistribution " << beam << ", angle "
                                                                       << angle << " degrees");
            const auto s = light.sample(p, {});
            if (!s)
                continue; // sending nothing is acceptable
            INFO("E = " << str(s->E));
            CHECK(s->E.isFinite());
            CHECK(s->E.r >= 0);
            if (angle > 90)
                CHECK(s->E.r == 0);
        }
    }
}

// The registry makes each light with the defaults docs/scene-format.md lists.
TEST_CASE("lights made by name take their documented defaults", "[lights][unit]") {
    const ParameterList none;
    const LightContext at{Transform(), ".", {}};
    const auto make = [&](std::string_view name, bool area) {
        const LightEntry* entry = findLight(name, area);
        REQUIRE(entry);
        return entry->create(Parameters(none, entry->parameters, std::string(name), {}), at);
    };
    // pointlight: I = 1 at the origin, so E = 1 / d^2.
    const auto point = make("pointlight", false)->sample({0, 0, 2}, {});
    REQUIRE(point);
    CHECK(point->E.r == Approx(0.25));
    // spotlight: at the origin towards +z; on its axis cos^2(0) = 1, fully inside the cone.
    const auto spot = make("spotlight", false)->sample({0, 0, 2}, {});
    REQUIRE(spot);
    CHECK(spot->E.g == Approx(0.25));
    // 31 degrees off the axis is outside the default 30-degree cone.
    const double off = toRadians(31);
    CHECK_FALSE(
        make("spotlight", false)->sample({float(std::sin(off)), 0, float(std::cos(off))}, {}));
    // distantlight: travels from (0,0,0) to (0,0,1), so wi = -z, with irradiance 1.
    const auto distant = make("distantlight", false)->sample({5, 5, 5}, {});
    REQUIRE(distant);
    CHECK(distant->wi.z == Approx(-1));
    CHECK(distant->E.b == Approx(1));
    // ambientlight: radiance 1, no samples.
    const auto ambient = make("ambientlight", false);
    CHECK(ambient->isAmbient());
    CHECK(ambient->ambientRadiance() == Color(1));
    // infinite: uniform radiance 1.
    const auto sky = make("infinite", false);
    CHECK(sky->isInfinite());
    CHECK(sky->radiance({0, 1, 0}) == Color(1));
    // arealight: radiance 1 from the front (and the back, two-sided).
    const auto area = make("arealight", true);
    const Disk disk(Transform(), false, false, 0, 1, 360);
    CHECK(static_cast<const AreaLight&>(*area).emitted(true, disk, {}) == Color(1));
    // The two lists are apart: no LightSource "arealight", no AreaLightSource "pointlight".
    CHECK_FALSE(findLight("arealight", false));
    CHECK_FALSE(findLight("pointlight", true));
}

TEST_CASE("the equal-area map covers the sphere evenly and inverts", "[lights][unit]") {
    // Round trips, both ways, over a grid of the square.
    for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) {
            const Vec2 p{(static_cast<float>(i) + 0.5f) / 16, (static_cast<float>(j) + 0.5f) / 16};
            const Vec3 d = equalAreaSquareToSphere(p);
            INFO("square point " << p.x << ", " << p.y);
            CHECK(length(d) == Approx(1).margin(1e-5));
            const Vec2 back = equalAreaSphereToSquare(d);
            CHECK(back.x == Approx(p.x).margin(1e-5));
            CHECK(back.y == Approx(p.y).margin(1e-5));
        }
    // The +z hemisphere is the diamond inside the edge midpoints; the poles are the centre and a
    // corner.
    CHECK(equalAreaSquareToSphere({0.5f, 0.5f}).z == Approx(1));
    CHECK(equalAreaSquareToSphere({0.0f, 0.0f}).z == Approx(-1));
    CHECK(equalAreaSquareToSphere({0.5f, 0.0f}).z == Approx(0).margin(1e-6));
    // Equal area: the diamond (half the square) maps to the +z hemisphere (half the sphere); a
    // uniform grid's mean z is zero and its mean z^2 is 1/3, as for uniform directions.
    double sumZ = 0, sumZ2 = 0;
    const int n = 400;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            const Vec3 d = equalAreaSquareToSphere(
                {(static_cast<float>(i) + 0.5f) / n, (static_cast<float>(j) + 0.5f) / n});
            sumZ += d.z;
            sumZ2 += static_cast<double>(d.z) * d.z;
        }
    CHECK(sumZ / (n * n) == Approx(0).margin(1e-4));
    CHECK(sumZ2 / (n * n) == Approx(1.0 / 3).epsilon(1e-3));
}

TEST_CASE("an equal-area environment map of one colour is a uniform light", "[lights][unit]") {
    Image map(4, 4, 3, std::vector<float>(48, 2.0f));
    const EnvironmentLight light(map, Color(1), Transform(), EnvironmentLight::Mapping::EqualArea);
    for (const Vec2 u : {Vec2{0.1f, 0.2f}, Vec2{0.7f, 0.9f}, Vec2{0.5f, 0.5f}}) {
        const auto s = light.sample({0, 0, 0}, u);
        REQUIRE(s);
        CHECK(s->pdf == Approx(1 / (4 * std::numbers::pi)).epsilon(1e-4));
        CHECK(light.pdf(s->wi) == Approx(1 / (4 * std::numbers::pi)).epsilon(1e-4));
        CHECK(s->E.g == Approx(2 * 4 * std::numbers::pi).epsilon(1e-4));
        CHECK(light.radiance(s->wi).g == Approx(2));
    }
}
