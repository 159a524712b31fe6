// `lrt render --denoise` and `lrt denoise`: the same bits either way (also after `lrt merge`), the
// raw colour kept as noisy.R/G/B, and clear refusals of what the denoiser cannot read.
#include "renderer/image/image_file.h"
#include "run_lrt.h"

#include <algorithm>
#include <catch2/catch.hpp>

namespace fs = std::filesystem;
using namespace lrt::testing;

namespace {

const char* const kScene = "Format 24 18 1\nPixelSamples 2 2\nSurfaceIntegrator \"path\"\n"
                           "WorldBegin\nLightSource \"pointlight\" \"from\" [0 2 -3]\n"
                           "Color [0.8 0.4 0.2]\nTranslate 0 0 5\nSphere 1.5 -1.5 1.5 360\n"
                           "Polygon \"P\" [-9 -1.5 -9  9 -1.5 -9  9 -1.5 9  -9 -1.5 9]\n"
                           "WorldEnd\n";

// The value of channel `name` at pixel index p.
float channel(const lrt::Image& image, const std::string& name, std::size_t p) {
    const auto c = std::find(image.channelNames.begin(), image.channelNames.end(), name) -
                   image.channelNames.begin();
    REQUIRE(c < image.channels);
    return image.pixels[p * static_cast<std::size_t>(image.channels) + static_cast<std::size_t>(c)];
}

} // namespace

TEST_CASE("lrt denoise of a render gives the bits of render --denoise, after a merge too",
          "[cli][denoise]") {
    const fs::path scene = writeScratchFile("denoise.lrt", kScene);
    const fs::path direct = scratchPath("denoise-direct.exr"), raw = scratchPath("denoise-raw.exr"),
                   later = scratchPath("denoise-later.exr");
    REQUIRE(runLrt(fmt::format("{} -q --denoise -o {}", q(scene), q(direct))).exitStatus == 0);
    REQUIRE(runLrt(fmt::format("{} -q -o {}", q(scene), q(raw))).exitStatus == 0);
    const auto denoised = runLrt(fmt::format("denoise {} -o {}", q(raw), q(later)));
    INFO(denoised.err);
    REQUIRE(denoised.exitStatus == 0);
    const lrt::Image a = lrt::readImage(direct), b = lrt::readImage(later), r = lrt::readImage(raw);
    REQUIRE(a.channelNames == b.channelNames);
    CHECK(a.pixels == b.pixels);
    // The raw colour is kept, and the denoised colour differs from it.
    int changed = 0;
    for (std::size_t p = 0; p < 24 * 18; ++p)
        for (const char* c : {"R", "G", "B"}) {
            CHECK(channel(a, std::string("noisy.") + c, p) == channel(r, c, p));
            changed += channel(a, c, p) != channel(r, c, p);
        }
    CHECK(changed > 24 * 18);

    // Tiles of a farm, merged, denoise to the same bits.
    const fs::path top = scratchPath("denoise-tile0.exr"),
                   bottom = scratchPath("denoise-tile1.exr"),
                   merged = scratchPath("denoise-merged.exr"),
                   mergedDenoised = scratchPath("denoise-merged-denoised.exr");
    REQUIRE(runLrt(fmt::format("{} -q --tile 0/2 -o {}", q(scene), q(top))).exitStatus == 0);
    REQUIRE(runLrt(fmt::format("{} -q --tile 1/2 -o {}", q(scene), q(bottom))).exitStatus == 0);
    REQUIRE(runLrt(fmt::format("merge {} {} -o {}", q(top), q(bottom), q(merged))).exitStatus == 0);
    REQUIRE(runLrt(fmt::format("denoise {} -o {}", q(merged), q(mergedDenoised))).exitStatus == 0);
    const lrt::Image m = lrt::readImage(mergedDenoised);
    REQUIRE(m.channelNames == a.channelNames);
    CHECK(m.pixels == a.pixels);
}

TEST_CASE("lrt denoise refuses what it cannot read, and writes nothing", "[cli][denoise]") {
    const fs::path scene = writeScratchFile("denoise-refused.lrt", kScene);
    const fs::path noAovs = scratchPath("denoise-no-aovs.exr"), out = scratchPath("refused.exr");
    REQUIRE(runLrt(fmt::format("{} -q --aov none -o {}", q(scene), q(noAovs))).exitStatus == 0);
    const auto missing = runLrtInProcess(fmt::format("denoise {} -o {}", q(noAovs), q(out)));
    CHECK(missing.exitStatus == 1);
    CHECK_THAT(missing.err, Catch::Contains("denoise-no-aovs.exr") &&
                                Catch::Contains("no channel half0.R") &&
                                Catch::Contains("albedo.R"));
    CHECK_FALSE(fs::exists(out));

    // An EXR lrt did not write.
    const fs::path foreign = scratchPath("foreign.exr");
    lrt::writeImage(foreign, lrt::Image(2, 2, 3, std::vector<float>(12, 0.5f)));
    const auto notOurs = runLrtInProcess(fmt::format("denoise {} -o {}", q(foreign), q(out)));
    CHECK(notOurs.exitStatus == 1);
    CHECK_THAT(notOurs.err, Catch::Contains("foreign.exr: not an image lrt rendered"));
    CHECK_FALSE(fs::exists(out));

    // Already denoised, and not an EXR to write.
    const fs::path denoised = scratchPath("denoise-once.exr");
    REQUIRE(runLrt(fmt::format("{} -q --denoise -o {}", q(scene), q(denoised))).exitStatus == 0);
    const auto twice = runLrtInProcess(fmt::format("denoise {} -o {}", q(denoised), q(out)));
    CHECK(twice.exitStatus == 1);
    CHECK_THAT(twice.err, Catch::Contains("already denoised"));
    const auto png = runLrtInProcess(
        fmt::format("denoise {} -o {}", q(denoised), q(scratchPath("refused.png"))));
    CHECK(png.exitStatus == 2);
    CHECK_THAT(png.err, Catch::Contains("writes EXR"));
    CHECK_FALSE(fs::exists(out));
}
