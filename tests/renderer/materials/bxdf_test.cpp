// The BxDFs of pbrt-v4's materials: each samples directions with the density it reports (a
// chi-square test over the whole sphere, as Mitsuba 3's chi2 tests), its density integrates to
// the probability that a sample is drawn, a sample's weight is f |cos| / pdf, no model reflects
// more than arrives (directional albedo <= 1), and the closed forms lrt relies on hold
// (Fresnel of a complex index, the reflectance form, the thin sheet's sum).
#include "renderer/materials/conductor_bxdf.h"
#include "renderer/materials/dielectric_bxdf.h"
#include "renderer/materials/diffuse_bxdf.h"
#include "renderer/materials/fresnel.h"
#include "renderer/materials/layered_bxdf.h"
#include "renderer/materials/metallic_roughness_bxdf.h"
#include "renderer/materials/thin_dielectric_bxdf.h"
#include "tests/renderer/chi_square.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

using namespace lrt;

namespace {

constexpr double kPi = std::numbers::pi;

// A direction at polar cosine cosTheta (negative: below the surface) and azimuth phi.
Vec3 direction(float cosTheta, float phi) {
    const float r = std::sqrt(std::max(0.0f, 1 - cosTheta * cosTheta));
    return {r * std::cos(phi), r * std::sin(phi), cosTheta};
}

struct BxdfCase {
    std::string name;
    std::function<std::unique_ptr<Bxdf>()> make;
    // The most its directional albedo may be: 1, but for glTF's opaque dielectric, which adds
    // its highlight to Burley's diffuse as Blender's Principled BSDF does (docs/decisions.md).
    double maxAlbedo = 1;
};

std::vector<BxdfCase> roughCases() {
    std::vector<BxdfCase> cases;
    for (const float alpha : {0.1f, 0.3f, 0.8f}) {
        const std::string a = std::to_string(alpha).substr(0, 3);
        cases.push_back({"dielectric eta 1.5 alpha " + a, [=] {
                             return std::make_unique<DielectricBxdf>(1.5f,
                                                                     TrowbridgeReitz(alpha, alpha));
                         }});
        cases.push_back({"conductor alpha " + a, [=] {
                             return std::make_unique<ConductorBxdf>(TrowbridgeReitz(alpha, alpha),
                                                                    Color{0.2f, 0.9f, 1.1f},
                                                                    Color{3.9f, 2.4f, 2.1f});
                         }});
    }
    cases.push_back({"dielectric eta 0.7 alpha 0.3", [] {
                         return std::make_unique<DielectricBxdf>(0.7f, TrowbridgeReitz(0.3f, 0.3f));
                     }});
    cases.push_back(
        {"anisotropic dielectric alpha 0.1 x 0.5",
         [] { return std::make_unique<DielectricBxdf>(1.33f, TrowbridgeReitz(0.1f, 0.5f)); }});
    cases.push_back({"anisotropic conductor alpha 0.5 x 0.1", [] {
                         return std::make_unique<ConductorBxdf>(TrowbridgeReitz(0.5f, 0.1f),
                                                                Color(1), Color(3));
                     }});
    cases.push_back(
        {"glTF metallic 0.5, roughness 0.6, transmission 0.5", [] {
             return std::make_unique<MetallicRoughnessBxdf>(MetallicRoughness{
                 {0.9f, 0.6f, 0.3f}, 0.5f, 0.6f, 1.5f, 0.5f, 0.0f, 0.0f, 0.5f, {1.0f, 0.5f, 0.2f}});
         }});
    cases.push_back({"glTF dielectric, roughness 0.3",
                     [] {
                         return std::make_unique<MetallicRoughnessBxdf>(
                             MetallicRoughness{{0.2f, 0.4f, 0.8f}, 0.0f, 0.3f, 1.5f, 0.0f});
                     },
                     1.4});
    cases.push_back({"glTF clearcoat 1 of roughness 0.4 over a metal", [] {
                         return std::make_unique<MetallicRoughnessBxdf>(MetallicRoughness{
                             {0.9f, 0.6f, 0.3f}, 1.0f, 0.8f, 1.5f, 0.0f, 1.0f, 0.4f});
                     }});
    cases.push_back({"glTF sheen of roughness 0.5 over a rough dielectric",
                     [] {
                         MetallicRoughness m{{0.3f, 0.5f, 0.2f}, 0.0f, 0.5f, 1.5f, 0.0f};
                         m.sheenColor = {0.9f, 0.6f, 0.8f};
                         m.sheenRoughness = 0.5f;
                         return std::make_unique<MetallicRoughnessBxdf>(m);
                     },
                     1.4});
    cases.push_back({"glTF sheen of roughness 0.1 over a metal of roughness 0.2", [] {
                         MetallicRoughness m{{0.9f, 0.9f, 0.9f}, 1.0f, 0.2f, 1.5f, 0.0f};
                         m.sheenColor = {1, 1, 1};
                         m.sheenRoughness = 0.1f;
                         return std::make_unique<MetallicRoughnessBxdf>(m);
                     }});
    cases.push_back(
        {"diffuse transmission", [] {
             return std::make_unique<DiffuseBxdf>(Color{0.7f, 0.2f, 0.4f}, Color{0.1f, 0.5f, 0.3f});
         }});
    return cases;
}

const Vec3 kOutgoing[] = {
    {0, 0, 1}, direction(0.5f, 0.3f), direction(0.1f, 2.0f), direction(-0.6f, 4.0f)};

} // namespace

TEST_CASE("each BxDF samples directions with the density it reports (chi-square)", "[bsdf][chi2]") {
    // 1e6 samples binned on a 10 x 20 grid of (cos theta in [-1, 1], phi); expected counts
    // integrate pdf over each bin (adaptively). Bins expecting fewer than 5 are pooled;
    // significance 1e-4 per test (under 0.01 for all of them together), critical values by
    // Wilson-Hilferty (testing::kSphereSamples, kUpperQuantile).
    const std::vector<BxdfCase> cases = roughCases();
    for (const BxdfCase& c : cases) {
        const auto bxdf = c.make();
        for (const Vec3 wo : kOutgoing) {
            const testing::SphereChiSquare result = testing::sphereChiSquare(
                testing::kSphereSamples,
                [&](testing::Uniform& uniform) -> std::optional<Vec3> {
                    const float uc = uniform();
                    const Vec2 u{uniform(), uniform()};
                    const auto s =
                        bxdf->sample(wo, uc, u, TransportMode::Radiance, SampleLobes::All);
                    return s ? std::optional<Vec3>(s->wi) : std::nullopt;
                },
                [&](Vec3 wi) {
                    return static_cast<double>(
                        bxdf->pdf(wo, wi, TransportMode::Radiance, SampleLobes::All));
                });
            INFO(c.name << ", wo (" << wo.x << ", " << wo.y << ", " << wo.z << ")");
            // The density integrates to the share of samples drawn (some fall below a lobe's
            // hemisphere and are dropped, as pbrt-v4 drops them).
            CHECK(result.mass <= 1.001);
            CHECK(result.mass == Approx(result.drawn).margin(0.004));
            const double critical = result.test.critical(testing::kUpperQuantile);
            INFO("chi2 " << result.test.statistic << " with " << result.test.degreesOfFreedom
                         << " degrees of freedom, critical " << critical);
            CHECK(result.test.statistic < critical);
        }
    }
}

TEST_CASE("a BxDF sample's weight is f |cos| / pdf and no model reflects more than arrives",
          "[bsdf][energy]") {
    // The directional albedo, estimated by the sample weights, is at most 1 (white conductors,
    // lossless dielectrics): beyond 3 standard errors it would create energy. glTF's opaque
    // dielectric may exceed it by Burley's retro-reflection and its unweighted highlight, as
    // Cycles' Principled BSDF does, but by no more than a bound.
    std::vector<BxdfCase> cases = roughCases();
    for (const float alpha : {0.05f, 0.3f, 0.8f}) {
        cases.push_back({"white conductor", [=] {
                             return std::make_unique<ConductorBxdf>(
                                 TrowbridgeReitz(alpha, alpha), Color(1),
                                 conductorKOfReflectance(Color(1)));
                         }});
        cases.push_back({"dielectric alpha 0.05", [=] {
                             return std::make_unique<DielectricBxdf>(1.5f,
                                                                     TrowbridgeReitz(alpha, alpha));
                         }});
    }
    for (const BxdfCase& c : cases) {
        const auto bxdf = c.make();
        for (const Vec3 wo : kOutgoing) {
            testing::Uniform uniform(5);
            const int n = 50000;
            std::array<double, 3> sum{}, sumSquares{};
            for (int i = 0; i < n; ++i) {
                const float uc = uniform();
                const Vec2 u{uniform(), uniform()};
                const auto s = bxdf->sample(wo, uc, u, TransportMode::Importance, SampleLobes::All);
                if (!s)
                    continue;
                REQUIRE_FALSE(s->delta);
                const Color f = bxdf->f(wo, s->wi, TransportMode::Importance);
                const float pdf = bxdf->pdf(wo, s->wi, TransportMode::Importance, SampleLobes::All);
                REQUIRE(f.g == Approx(s->f.g).epsilon(1e-3));
                REQUIRE(pdf == Approx(s->pdf).epsilon(1e-3));
                const std::array<float, 3> channels{s->f.r, s->f.g, s->f.b};
                for (std::size_t channel = 0; channel < 3; ++channel) {
                    const double weight = channels[channel] * absCosTheta(s->wi) / s->pdf;
                    sum[channel] += weight;
                    sumSquares[channel] += weight * weight;
                }
            }
            for (std::size_t channel = 0; channel < 3; ++channel) {
                const double mean = sum[channel] / n,
                             error = std::sqrt(
                                 std::max(0.0, sumSquares[channel] / n - mean * mean) / n);
                INFO(c.name << ", wo.z " << wo.z << ", channel " << channel << ": albedo " << mean
                            << " +- " << error);
                CHECK(mean <= c.maxAlbedo + 3 * error);
            }
        }
    }
}

TEST_CASE("conductor Fresnel of a complex index", "[bsdf][fresnel]") {
    // At normal incidence ((n-1)^2 + k^2) / ((n+1)^2 + k^2); at grazing incidence 1.
    for (const auto& [n, k] : {std::pair{0.2f, 3.9f}, {1.5f, 0.0f}, {0.05f, 4.5f}}) {
        const float normal = ((n - 1) * (n - 1) + k * k) / ((n + 1) * (n + 1) + k * k);
        CHECK(fresnelConductor(1.0f, n, k) == Approx(normal).epsilon(1e-5));
        CHECK(fresnelConductor(0.0f, n, k) == Approx(1.0f).epsilon(1e-5));
    }
    // A real index is a dielectric: the two formulas agree at every angle.
    for (const float c : {0.05f, 0.3f, 0.7f, 1.0f})
        CHECK(fresnelConductor(c, 1.5f, 0.0f) == Approx(fresnelDielectric(c, 1.5f)).epsilon(1e-4));
    // Gold at 550 nm (eta 0.43, k 2.46) at 60 degrees, by the real-valued formulas of Born and
    // Wolf (Principles of Optics, 14.2): Rs 0.89315, Rp 0.68415, mean 0.78865.
    CHECK(fresnelConductor(0.5f, 0.43f, 2.46f) == Approx(0.78865f).epsilon(1e-4));
    // The reflectance form gives back its reflectance at normal incidence.
    for (const float r : {0.0f, 0.04f, 0.5f, 0.95f}) {
        const Color k = conductorKOfReflectance(Color(r));
        CHECK(fresnelConductor(1.0f, 1.0f, k.g) == Approx(r).margin(1e-5));
    }
}

TEST_CASE("a smooth dielectric and a thin sheet split light as Fresnel says", "[bsdf][fresnel]") {
    const DielectricBxdf smooth(1.5f, TrowbridgeReitz(0, 0));
    std::array<BxdfSample, 2> lobes;
    REQUIRE(smooth.deltaLobes({0, 0, 1}, lobes) == 2);
    CHECK(lobes[0].f.g == Approx(0.04f).epsilon(1e-4));
    // Radiance entering the denser side is concentrated by 1 / eta^2.
    CHECK(lobes[1].f.g == Approx(0.96f / (1.5f * 1.5f)).epsilon(1e-4));
    CHECK(lobes[1].wi.z == Approx(-1.0f));
    // From inside beyond the critical angle (41.8 degrees): total internal reflection.
    REQUIRE(smooth.deltaLobes(direction(-0.5f, 0), lobes) == 1);
    CHECK(lobes[0].f.g == Approx(1.0f));
    // A sheet at normal incidence: R = 0.04, R' = R + (1 - R)^2 R / (1 - R^2) = 2R / (1 + R).
    const ThinDielectricBxdf sheet(1.5f);
    REQUIRE(sheet.deltaLobes({0, 0, 1}, lobes) == 2);
    CHECK(lobes[0].f.g == Approx(0.08f / 1.04f).epsilon(1e-4));
    CHECK(lobes[1].wi.z == Approx(-1.0f));
    CHECK(lobes[0].f.g + lobes[1].f.g == Approx(1.0f));
}

TEST_CASE("rough reflection is reciprocal", "[bsdf]") {
    const ConductorBxdf conductor(TrowbridgeReitz(0.3f, 0.6f), Color(0.5f), Color(2));
    const DielectricBxdf dielectric(1.5f, TrowbridgeReitz(0.4f, 0.4f));
    testing::Uniform uniform(3);
    for (int i = 0; i < 200; ++i) {
        const Vec3 a = direction(0.05f + 0.95f * uniform(), 6.28f * uniform());
        const Vec3 b = direction(0.05f + 0.95f * uniform(), 6.28f * uniform());
        CHECK(conductor.f(a, b, TransportMode::Radiance).r ==
              Approx(conductor.f(b, a, TransportMode::Radiance).r).epsilon(1e-4));
        CHECK(dielectric.f(a, b, TransportMode::Radiance).r ==
              Approx(dielectric.f(b, a, TransportMode::Radiance).r).epsilon(1e-4));
    }
}

TEST_CASE("a smooth coat over a Lambertian base reflects what the series of its bounces sums to",
          "[bsdf][layered]") {
    // Light enters with 1 - F(theta), the base reflects rho of it diffusely, and each time it
    // meets the coat from inside a fraction Fi (Fresnel from inside averaged over the cosine-
    // weighted hemisphere) goes back down: the albedo is F + (1 - F) rho (1 - Fi) / (1 - rho Fi).
    // The slab is thin enough to absorb nothing and the walk long enough to converge.
    const float eta = 1.5f, rho = 0.8f;
    double Fi = 0;
    const int steps = 100000;
    for (int i = 0; i < steps; ++i) {
        const double mu = (i + 0.5) / steps;
        Fi += 2 * fresnelDielectric(static_cast<float>(-mu), eta) * mu / steps;
    }
    const DielectricBxdf coat(eta, TrowbridgeReitz(0, 0));
    const DiffuseBxdf base{Color(rho)};
    const LayeredBxdf layered(coat, base, {1e-7f, Color(0), 0, 200, 1});
    for (const float cosTheta : {1.0f, 0.5f}) {
        const Vec3 wo = direction(cosTheta, 0.7f);
        const double F = fresnelDielectric(cosTheta, eta);
        const double expected = F + (1 - F) * rho * (1 - Fi) / (1 - rho * Fi);
        testing::Uniform uniform(9);
        const int n = 200000;
        double sampled = 0, evaluated = 0;
        for (int i = 0; i < n; ++i) {
            const float uc = uniform();
            const Vec2 u{uniform(), uniform()};
            if (const auto s = layered.sample(wo, uc, u, TransportMode::Radiance, SampleLobes::All))
                sampled += s->f.g * absCosTheta(s->wi) / s->pdf;
            // f() leaves out the coat's mirror reflection: F is added back below.
            const Vec3 wi = direction(uniform(), 2 * std::numbers::pi_v<float> * uniform());
            evaluated += layered.f(wo, wi, TransportMode::Radiance).g * wi.z * 2 * kPi;
        }
        INFO("cos theta " << cosTheta << ": Fi " << Fi << ", expected " << expected);
        CHECK(sampled / n == Approx(expected).epsilon(0.01));
        CHECK(F + evaluated / n == Approx(expected).epsilon(0.01));
    }
}

TEST_CASE("glTF's smooth dielectric highlight has KHR_materials_specular's F0 at normal incidence",
          "[bsdf][gltf]") {
    // F0 = min(((ior - 1) / (ior + 1))^2 specularColor, 1) specular: for ior 1.5 (0.04), a tint
    // (1, 0.5, 30) and a strength 0.5, (0.02, 0.01, 0.5).
    const MetallicRoughnessBxdf smooth(MetallicRoughness{
        {0.2f, 0.4f, 0.8f}, 0.0f, 0.0f, 1.5f, 0.0f, 0.0f, 0.0f, 0.5f, {1.0f, 0.5f, 30.0f}});
    std::array<BxdfSample, 2> lobes;
    REQUIRE(smooth.deltaLobes({0, 0, 1}, lobes) == 1);
    CHECK(lobes[0].f.r == Approx(0.02f).epsilon(1e-4));
    CHECK(lobes[0].f.g == Approx(0.01f).epsilon(1e-4));
    CHECK(lobes[0].f.b == Approx(0.5f).epsilon(1e-4));
    // At grazing incidence it tends to F90 = specular.
    REQUIRE(smooth.deltaLobes(direction(1e-4f, 0), lobes) == 1);
    CHECK(lobes[0].f.r == Approx(0.5f).epsilon(1e-3));
}
