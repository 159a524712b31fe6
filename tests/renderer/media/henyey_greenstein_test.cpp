// The Henyey-Greenstein phase function (renderer/media/henyey_greenstein.h) against what defines
// it: it integrates to 1 over the sphere, its mean cosine (in the direction light travels) is g,
// its sampling draws exactly its density (chi-square over the sphere, as Mitsuba 3's tests) and
// sends light forward for g > 0 and back for g < 0 (pbrt-v4's own HG test cases).
#include "renderer/media/henyey_greenstein.h"
#include "renderer/sampling/warp.h"
#include "tests/renderer/chi_square.h"

#include <catch2/catch.hpp>
#include <numbers>

using namespace lrt;

namespace {

const float kAsymmetries[] = {-0.75f, -0.5f, -0.25f, 0.0f, 0.25f, 0.5f, 0.75f};

// The integral over the sphere of f(wi), by the midpoint rule on a stratified 128 x 128 grid of
// uniform sphere samples.
double overSphere(const std::function<double(Vec3)>& f) {
    constexpr int n = 128;
    double sum = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            sum += f(uniformSphere({(i + 0.5f) / n, (j + 0.5f) / n}));
    return sum * 4 * std::numbers::pi / (n * n);
}

} // namespace

TEST_CASE("Henyey-Greenstein integrates to 1 and its mean cosine is g", "[media][phase]") {
    const Vec3 wo = normalize(Vec3{0.3f, -0.5f, 0.8f});
    for (const float g : kAsymmetries) {
        INFO("g = " << g);
        CHECK(overSphere([&](Vec3 wi) { return henyeyGreenstein(dot(wo, wi), g); }) ==
              Approx(1).epsilon(2e-3));
        // Light arriving along -wo goes on along wi: the cosine of its deflection is -wo . wi.
        CHECK(overSphere([&](Vec3 wi) {
                  return henyeyGreenstein(dot(wo, wi), g) * -dot(wo, wi);
              }) == Approx(g).margin(0.01));
    }
}

TEST_CASE("Henyey-Greenstein sampling draws its density (chi-square)", "[media][phase][chi2]") {
    const Vec3 wo = normalize(Vec3{-0.2f, 0.4f, 0.6f});
    for (const float g : {-0.9f, -0.5f, 0.0f, 0.3f, 0.9f}) {
        INFO("g = " << g);
        const testing::SphereChiSquare result = testing::sphereChiSquare(
            testing::kSphereSamples,
            [&](testing::Uniform& uniform) -> std::optional<Vec3> {
                const Vec2 u{uniform(), uniform()};
                return sampleHenyeyGreenstein(wo, g, u);
            },
            [&](Vec3 wi) { return static_cast<double>(henyeyGreenstein(dot(wo, wi), g)); });
        CHECK(result.mass == Approx(1).epsilon(2e-3));
        CHECK(result.drawn == 1);
        const double critical = result.test.critical(testing::kUpperQuantile);
        INFO("chi2 " << result.test.statistic << " with " << result.test.degreesOfFreedom
                     << " degrees of freedom, critical " << critical);
        CHECK(result.test.statistic < critical);
    }
}

TEST_CASE("Henyey-Greenstein sends light forward for g > 0 and back for g < 0", "[media][phase]") {
    // pbrt-v4's orientation cases: with wo = -x (light arriving along +x), g = 0.95 sends at
    // least ten times as many samples on along +x as back, g = -0.95 the reverse.
    const Vec3 wo{-1, 0, 0};
    for (const float g : {0.95f, -0.95f}) {
        int forward = 0, backward = 0;
        for (int i = 0; i < 10; ++i)
            for (int j = 0; j < 10; ++j) {
                const Vec3 wi = sampleHenyeyGreenstein(wo, g, {(i + 0.5f) / 10, (j + 0.5f) / 10});
                ++(wi.x > 0 ? forward : backward);
            }
        INFO("g = " << g << ": " << forward << " forward, " << backward << " back");
        if (g > 0)
            CHECK(forward >= 10 * backward);
        else
            CHECK(backward >= 10 * forward);
    }
}
