// The same scene renders to bitwise-identical pixels whatever the thread count, tile size,
// crop split or band split (docs/farm.md).
#include "../render_test_support.h"
#include "tests/renderer/determinism.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace lrt;

namespace {

// Pastes `part` into `whole` at its origin.
void paste(Image& whole, const Image& part) {
    for (int y = 0; y < part.height; ++y)
        for (int x = 0; x < part.width; ++x)
            for (int c = 0; c < 3; ++c)
                whole.pixels[(static_cast<std::size_t>(y + part.yOrigin) * whole.width + x +
                              part.xOrigin) *
                                 3 +
                             c] = part.at(x, y, c);
}

} // namespace

TEST_CASE("thread count, tile size, crops and bands do not change a single bit",
          "[render][determinism]") {
    const testing::LoadedScene loaded = testing::loadScene(
        testing::bundledScene("cornell.lrt", {{"Format 512 512 1", "Format 72 64 1"}}),
        LRT_SOURCE_DIR "/scenes");
    RenderSettings one;
    one.threads = 1;
    one.samplesPerPixel = 4;
    const Image reference = testing::checkDeterministic(*loaded.scene, one).image;
    REQUIRE(reference.width == 72);

    // Crops that cover the image between them, rendered on several threads, make the image.
    RenderSettings many = one;
    many.threads = 4;
    many.tileSize = 7;
    Image fromCrops = reference;
    std::fill(fromCrops.pixels.begin(), fromCrops.pixels.end(), -1.0f);
    for (const auto crop :
         {std::array<float, 4>{0, 0.5f, 0, 1}, {0.5f, 1, 0, 0.3f}, {0.5f, 1, 0.3f, 1}}) {
        RenderSettings part = many;
        part.crop = crop;
        paste(fromCrops, render(*loaded.scene, part).image);
    }
    CHECK(testing::sameBits(fromCrops, reference));

    RenderSettings otherSeed = one;
    otherSeed.seed = 7;
    CHECK_FALSE(testing::sameBits(render(*loaded.scene, otherSeed).image, reference));
}
