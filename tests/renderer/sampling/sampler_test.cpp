// The sampler registry: every sampler is made by its name, an unknown name is refused with the
// known ones, and an adaptive render takes a sampler's stand-in where it has one.
#include "renderer/sampling/low_discrepancy_sampler.h"
#include "renderer/sampling/sampler.h"

#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

using namespace lrt;

TEST_CASE("every registered sampler is made by its name, and only those", "[sampling]") {
    std::vector<std::string_view> names;
    for (const SamplerEntry* entry : samplerRegistry()) {
        INFO(entry->name);
        names.push_back(entry->name);
        CHECK(!entry->meaning.empty());
        CHECK((entry->adaptiveStandIn.empty() ||
               samplerRegistry().find(entry->adaptiveStandIn) != nullptr));
        const auto sampler = createSampler(entry->name, SamplerSettings{4, 4});
        REQUIRE(sampler != nullptr);
        for (int i = 0; i < 16; ++i) {
            const Vec2 p = sampler->sample(sampler->start(3, 5, i, 99), {0.25f, 0.75f},
                                           SampleDimension::bsdf(0));
            CHECK((p.x >= 0 && p.x < 1 && p.y >= 0 && p.y < 1));
        }
    }
    CHECK(names == std::vector<std::string_view>{"sobol", "stratified", "lowdiscrepancy"});
    try {
        createSampler("halton", SamplerSettings{});
        FAIL("an unknown sampler was made");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) ==
              "sampler 'halton' is not registered (known: sobol, stratified, lowdiscrepancy)");
    }
}

TEST_CASE("an adaptive render takes the stratified sampler's stand-in", "[sampling]") {
    // A stratified grid is filled row by row, so a pixel stopped after a round would miss rows.
    SamplerSettings adaptive{8, 8};
    adaptive.firstRound = 16;
    const auto stratified = createSampler("stratified", adaptive);
    const LowDiscrepancySampler standIn(adaptive);
    for (int i = 0; i < 64; ++i) {
        const PixelSample at = stratified->start(1, 2, i, 1234);
        for (const SampleDimension d : {SampleDimension::film(), SampleDimension::light(1, 2)}) {
            const Vec2 p = stratified->sample(at, {0.5f, 0.5f}, d),
                       q = standIn.sample(at, {0.5f, 0.5f}, d);
            CHECK(p.x == q.x);
            CHECK(p.y == q.y);
        }
    }
}
