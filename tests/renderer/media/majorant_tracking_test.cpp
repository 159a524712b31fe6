// Delta and ratio tracking (renderer/media/majorant_tracking.h) against the Beer-Lambert law:
// through a slab of optical thickness 0.1, 1 and 5 the share of walks that cross it without a
// real collision and the mean ratio-tracking estimate are exp(-sigma_t d), with the medium's own
// majorant and with one twice too large (null collisions) and split into pieces; a chromatic
// medium is unbiased in every channel whichever channel draws the distances, also one whose
// drawing channel has no extinction at all.
#include "renderer/media/homogeneous_medium.h"
#include "renderer/media/majorant_tracking.h"
#include "tests/renderer/chi_square.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace lrt;

namespace {

// A homogeneous medium whose majorant is `factor` times its extinction, cut into `pieces`
// segments along the ray: tracking it meets null collisions and crosses segment ends.
class LooselyBoundedMedium final : public Medium {
public:
    LooselyBoundedMedium(const MediumProperties& properties, float factor, int pieces)
        : properties_(properties), factor_(factor), pieces_(pieces) {}
    MediumProperties at(Vec3) const override { return properties_; }
    void forEachMajorant(const Ray&, float tMax,
                         FunctionRef<bool(const MajorantSegment&)> visit) const override {
        const Color sigma = (properties_.sigmaA + properties_.sigmaS) * factor_;
        for (int i = 0; i < pieces_; ++i)
            if (!visit({tMax * i / pieces_, tMax * (i + 1) / pieces_, sigma}))
                return;
    }

private:
    MediumProperties properties_;
    float factor_;
    int pieces_;
};

MediumProperties slab(Color sigmaT) {
    return {sigmaT * 0.5f, sigmaT * 0.5f, {}, 0};
}

// The media a test runs through: the homogeneous one, and loose majorants of it.
std::vector<std::pair<std::string, std::unique_ptr<Medium>>> media(const MediumProperties& p) {
    std::vector<std::pair<std::string, std::unique_ptr<Medium>>> out;
    out.emplace_back("homogeneous", std::make_unique<HomogeneousMedium>(p));
    out.emplace_back("majorant x2", std::make_unique<LooselyBoundedMedium>(p, 2.0f, 1));
    out.emplace_back("majorant x2 in 3 pieces", std::make_unique<LooselyBoundedMedium>(p, 2.0f, 3));
    return out;
}

const Ray kAlongX{{0, 0, 0}, {1, 0, 0}};
constexpr int kWalks = 200000;

} // namespace

TEST_CASE("delta tracking crosses a slab with probability exp(-sigma_t d)", "[media]") {
    for (const float thickness : {0.1f, 1.0f, 5.0f}) {
        const MediumProperties p = slab(Color(thickness)); // d = 1
        for (const auto& [name, medium] : media(p)) {
            testing::Uniform uniform(7);
            int crossed = 0;
            for (int i = 0; i < kWalks; ++i) {
                bool collided = false;
                sampleCollisions(*medium, kAlongX, 1.0f, 0, uniform,
                                 [&](const TentativeCollision& c) {
                                     // A real collision with probability sigma_t / sigma_maj.
                                     const float real =
                                         (c.medium.sigmaA + c.medium.sigmaS).r / c.sigmaMajorant.r;
                                     collided = uniform() < real;
                                     return !collided;
                                 });
                crossed += !collided;
            }
            const double expected = std::exp(-thickness);
            const double error = std::sqrt(expected * (1 - expected) / kWalks);
            INFO(name << ", sigma_t d = " << thickness);
            CHECK(double(crossed) / kWalks == Approx(expected).margin(4 * error + 1e-6));
        }
    }
}

TEST_CASE("ratio tracking estimates exp(-sigma_t d) without bias", "[media]") {
    for (const float thickness : {0.1f, 1.0f, 5.0f}) {
        const MediumProperties p = slab(Color(thickness));
        for (const auto& [name, medium] : media(p)) {
            testing::Uniform uniform(11);
            double sum = 0, squares = 0;
            for (int i = 0; i < kWalks; ++i) {
                const float t = ratioTrackingTransmittance(*medium, kAlongX, 1.0f, 0, uniform).r;
                sum += t;
                squares += double(t) * t;
            }
            const double mean = sum / kWalks;
            const double error = std::sqrt(std::max(0.0, squares / kWalks - mean * mean) / kWalks);
            INFO(name << ", sigma_t d = " << thickness << ": " << mean << " +- " << error);
            CHECK(mean == Approx(std::exp(-thickness)).margin(4 * error + 1e-6));
        }
    }
}

TEST_CASE("ratio tracking through a chromatic medium is unbiased in every channel", "[media]") {
    constexpr float d = 0.5f;
    for (const Color sigmaT : {Color(1, 2, 4), Color(0, 1, 2)}) {
        const MediumProperties p = slab(sigmaT);
        for (const auto& [name, medium] : media(p))
            for (int channel = 0; channel < 3; ++channel) {
                testing::Uniform uniform(13);
                double sum[3] = {}, squares[3] = {}; // doubles: 2e5 floats would drift
                for (int i = 0; i < kWalks; ++i) {
                    const Color t =
                        ratioTrackingTransmittance(*medium, kAlongX, d, channel, uniform);
                    for (int c = 0; c < 3; ++c) {
                        sum[c] += t.channel(c);
                        squares[c] += double(t.channel(c)) * t.channel(c);
                    }
                }
                for (int c = 0; c < 3; ++c) {
                    const double mean = sum[c] / kWalks;
                    const double error =
                        std::sqrt(std::max(0.0, squares[c] / kWalks - mean * mean) / kWalks);
                    INFO(name << ", sigma_t (" << sigmaT.r << ", " << sigmaT.g << ", " << sigmaT.b
                              << "), distances drawn in channel " << channel << "; channel " << c
                              << ": " << mean << " +- " << error);
                    CHECK(mean ==
                          Approx(std::exp(-sigmaT.channel(c) * d)).margin(4 * error + 1e-6));
                }
            }
    }
}
