// Denoising a render by its channels: the error against a reference the test renders falls below
// the raw image's, the halves are what they say, and missing channels are named.
#include "renderer/denoise/denoise_image.h"
#include "renderer/description/aov_selection.h"
#include "renderer/film/rendered_image.h"
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <iterator>

using namespace lrt;

namespace {

// A lit sphere on a floor, path traced, with a one-pixel box filter: each pixel sees its own
// samples only.
const char* const kScene = R"(Format 32 24 1
PixelFilter "box" 1 1
SurfaceIntegrator "path" "maxdepth" [4]
WorldBegin
LightSource "pointlight" "from" [0 3 -2] "intensity" [12]
AttributeBegin
  AreaLightSource "arealight" "intensity" [3]
  Polygon "P" [-1 4 3  1 4 3  1 4 5  -1 4 5]
AttributeEnd
Color [0.8 0.4 0.2]
Translate 0 0 5
Sphere 1.5 -1.5 1.5 360
Color [0.7 0.7 0.7]
Polygon "P" [-9 -1.5 -9  9 -1.5 -9  9 -1.5 9  -9 -1.5 9]
WorldEnd
)";

// Relative MSE, mean over pixels and channels of (x - r)^2 / (r^2 + 0.01).
double relativeMse(const Image& image, const std::vector<float>& reference, int stride) {
    double sum = 0;
    const std::size_t pixels = reference.size() / 3;
    for (std::size_t p = 0; p < pixels; ++p)
        for (std::size_t c = 0; c < 3; ++c) {
            const double x = image.pixels[p * static_cast<std::size_t>(stride) + c],
                         r = reference[p * 3 + c];
            sum += (x - r) * (x - r) / (r * r + 0.01);
        }
    return sum / static_cast<double>(pixels * 3);
}

RenderResult renderAt(const Scene& scene, int spp, std::uint64_t seed) {
    RenderSettings settings;
    settings.samplesPerPixel = spp;
    settings.seed = seed;
    return render(scene, settings);
}

} // namespace

TEST_CASE("denoising a render lowers its error against a reference", "[denoise][render]") {
    // The peer Cornell box (path traced, maxdepth 9: indirect light, the noise a denoiser meets)
    // at 48 x 48.
#ifdef LRT_SANITIZED
    const int referenceSpp = 256;
#else
    const int referenceSpp = 1024;
#endif
    std::ifstream file(LRT_SOURCE_DIR "/bench/peers/scenes/cornell.lrt");
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const auto format = text.find("Format 512 512 1");
    REQUIRE(format != std::string::npos);
    text.replace(format, 16, "Format 48 48 1");
    const auto loaded = testing::loadScene(text);
    const RenderResult reference = renderAt(*loaded.scene, referenceSpp, 99);
    const RenderResult noisy = renderAt(*loaded.scene, 16, 1);
    const Image denoised(noisy.image.width, noisy.image.height, 3, denoisedColour(noisy.aovs));
    const double raw = relativeMse(noisy.image, reference.image.pixels, 3);
    const double filtered = relativeMse(denoised, reference.image.pixels, 3);
    INFO("bench/peers/scenes/cornell.lrt at 48 x 48, 16 spp, seed 1: relative MSE raw "
         << raw << ", denoised " << filtered << " (reference " << referenceSpp << " spp, seed 99)");
    CHECK(filtered < raw / 2);
}

TEST_CASE("the halves are the pixel from the first and from the second half of its samples",
          "[denoise][render]") {
    CHECK(halfBufferOf(0, 4) == 0);
    CHECK(halfBufferOf(1, 4) == 0);
    CHECK(halfBufferOf(2, 4) == 1);
    CHECK(halfBufferOf(3, 4) == 1);
    CHECK(halfBufferOf(2, 5) == 0); // an odd count gives the second half the extra sample
    CHECK(halfBufferOf(3, 5) == 1);
    CHECK(halfBufferOf(0, 1) == 0);
    // A box filter one pixel wide: each pixel is the mean of its own 4 samples, half0 the mean of
    // samples 0 and 1, half1 of samples 2 and 3, so the colour is their mean.
    const auto loaded = testing::loadScene(kScene);
    const RenderResult r = renderAt(*loaded.scene, 4, 3);
    int differ = 0;
    for (int y = 0; y < r.image.height; ++y)
        for (int x = 0; x < r.image.width; ++x)
            for (int c = 0; c < 3; ++c) {
                const float h0 = r.aovs.at(x, y, kHalvesChannel + c),
                            h1 = r.aovs.at(x, y, kHalvesChannel + 3 + c);
                INFO("pixel (" << x << ", " << y << "), channel " << c);
                CHECK(r.image.at(x, y, c) == Approx(0.5f * (h0 + h1)).epsilon(1e-5).margin(1e-7));
                differ += h0 != h1;
            }
    CHECK(differ > 100); // path traced: the two halves of a pixel differ
}

TEST_CASE("each half of a pixel's Sobol samples covers the whole pixel", "[denoise][render]") {
    // An emitter (radiance 1) fills the left half of an orthographic view 9 pixels wide, so its
    // edge runs down the middle of column 4. The first two of a pixel's 4 samples form a (0,2)-net
    // of 2 points, as do the last two: one on each side of the pixel's middle. So each half of an
    // edge pixel is 0.5 exactly. Even- and odd-numbered samples would not be: with Sobol, which
    // side a sample falls on depends on its number's lowest bit alone (after a scramble of the
    // whole image), so for some seeds every even sample of the column falls on one side.
    const auto loaded = testing::loadScene(R"(Format 9 9 1
PixelFilter "box" 1 1
Projection "orthographic"
SurfaceIntegrator "path" "maxdepth" [1]
WorldBegin
AreaLightSource "arealight" "intensity" [1] "twosided" 1
Polygon "P" [-5 -5 5  0 -5 5  0 5 5  -5 5 5]
WorldEnd
)");
    for (const std::uint64_t seed : {1u, 2u, 3u, 4u, 5u, 6u}) {
        const RenderResult r = renderAt(*loaded.scene, 4, seed);
        for (int y = 0; y < 9; ++y) {
            INFO("seed " << seed << ", pixel (4, " << y << ")");
            CHECK(r.aovs.at(4, y, kHalvesChannel) == 0.5f);
            CHECK(r.aovs.at(4, y, kHalvesChannel + 3) == 0.5f);
            CHECK(r.image.at(3, y, 0) == 1.0f); // the columns beside it are lit, and dark
            CHECK(r.image.at(5, y, 0) == 0.0f);
        }
    }
}

TEST_CASE("an image's channels are read as a render's layers, and those it lacks are named",
          "[denoise]") {
    Image image(2, 2, 4, std::vector<float>(16, 0.5f));
    image.channelNames = {"R", "G", "B", "albedo.R"};
    const std::vector<std::string> required(std::begin(kDenoiserLayers), std::end(kDenoiserLayers));
    try {
        renderedImageFromChannels(image, required);
        FAIL("no error");
    } catch (const std::runtime_error& e) {
        CHECK_THAT(e.what(), Catch::Contains("no channel half0.R, half0.G") &&
                                 Catch::Contains("N.X, N.Y, N.Z, Z") &&
                                 !Catch::Contains("albedo.R,"));
    }
    // What exrChannels writes reads back as the same layers, values and noisy colour.
    const auto loaded = testing::loadScene(kScene);
    FilmDescription film = loaded.scene->film();
    film.gain = 2;
    const RenderResult r = renderAt(*loaded.scene, 4, 3);
    const RenderedImage written = denoised(renderedImage(r.image, r.aovs, film));
    const RenderedImage read = renderedImageFromChannels(exrChannels(written), required);
    CHECK(read.layers == written.layers);
    CHECK(read.colour.pixels == written.colour.pixels);
    REQUIRE(read.noisyColour);
    CHECK(read.noisyColour->pixels == written.noisyColour->pixels);
    CHECK(read.noisyColour->pixels[0] == 2 * r.image.pixels[0]); // the gain, applied once
    CHECK(read.aovs.at(1, 1, kHalvesChannel) == 2 * r.aovs.at(1, 1, kHalvesChannel));
    CHECK(read.aovs.at(1, 1, kDepthChannel) == r.aovs.at(1, 1, kDepthChannel));
}
