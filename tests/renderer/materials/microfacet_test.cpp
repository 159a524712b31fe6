// The GGX lobe's visible-normal sampling: its density is a density, and the weights it gives a
// path are bounded, as Heitz 2018 derives.
#include "renderer/materials/microfacet.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <random>

using namespace lrt;

namespace {

// wo at `cosO` from the normal (0, 0, 1), in the xz plane.
Vec3 outgoing(float cosO) {
    return {std::sqrt(std::max(0.0f, 1 - cosO * cosO)), 0, cosO};
}

} // namespace

TEST_CASE("a GGX sample's weight is the masking of its direction", "[bsdf][ggx]") {
    // With visible normals drawn with density G1(wo) (wo.h) D(h) / cos_o, the estimator's weight
    // f cos_i / pdf = [D G1(wo) G1(wi) / (4 cos_o cos_i)] cos_i / [G1(wo) D / (4 cos_o)] is
    // G1(wi): at most 1 however grazing wo is (drawing D(h) cos(theta_h) instead, it grows
    // without bound at grazing angles).
    const Vec3 n{0, 0, 1};
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    for (const float alpha : {0.01f, 0.1f, 0.5f, 1.0f})
        for (const float cosO : {0.02f, 0.2f, 0.7f, 1.0f}) {
            const GgxLobe lobe(alpha);
            const Vec3 wo = outgoing(cosO);
            int above = 0;
            for (int i = 0; i < 2000; ++i) {
                const Vec3 wi = lobe.sample(n, wo, {uniform(rng), uniform(rng)});
                const float cosI = dot(n, wi);
                if (cosI <= 0)
                    continue;
                ++above;
                const float weight = lobe.value(n, wo, wi) * cosI / lobe.pdf(n, wo, wi);
                INFO("alpha " << alpha << ", cos_o " << cosO << ", cos_i " << cosI);
                REQUIRE(weight == Approx(lobe.masking(cosI)).epsilon(1e-3));
                REQUIRE(weight <= 1.0f + 1e-5f);
            }
            // Visible facets reflect wo upwards mostly; at alpha 1 and cos_o 0.02, 49% of the
            // time. A quarter is enough to say the weights above were tested.
            CHECK(above > 500);
        }
}

TEST_CASE("the GGX visible-normal density integrates to 1 over the sphere", "[bsdf][ggx]") {
    // Midpoint rule in (cos theta, phi) over the whole sphere of wi, fine enough for alpha 0.3.
    const Vec3 n{0, 0, 1};
    const GgxLobe lobe(0.3f);
    for (const float cosO : {0.1f, 0.5f, 1.0f}) {
        const Vec3 wo = outgoing(cosO);
        constexpr int kCos = 2000, kPhi = 400;
        double sum = 0;
        for (int i = 0; i < kCos; ++i)
            for (int j = 0; j < kPhi; ++j) {
                const double z = -1 + 2 * (i + 0.5) / kCos,
                             phi = 2 * std::numbers::pi * (j + 0.5) / kPhi;
                const double r = std::sqrt(1 - z * z);
                const Vec3 wi{static_cast<float>(r * std::cos(phi)),
                              static_cast<float>(r * std::sin(phi)), static_cast<float>(z)};
                sum += lobe.pdf(n, wo, wi);
            }
        INFO("cos_o " << cosO);
        CHECK(sum * (2.0 / kCos) * (2 * std::numbers::pi / kPhi) == Approx(1.0).epsilon(0.01));
    }
}
