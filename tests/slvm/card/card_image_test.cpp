// Cards as images: EXR, float TIFF and PFM keep every float; pixel 0 is the bottom-left pixel;
// images that would lose bits, or are not one float channel, are refused.
#include "slvm/card/assembler.h"
#include "slvm/card/card_file.h"
#include "slvm/card/card_image.h"
#include "tests/scratch_directory.h"

#include <OpenImageIO/imageio.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

namespace slvm::card {
namespace {

namespace OIIO = OIIO_NAMESPACE;

// Writes scanlines top down, as image files store them, with OpenImageIO directly.
void writeScanlines(const std::filesystem::path& path, int width, int height, int channels,
                    OIIO::TypeDesc type, const std::vector<float>& scanlines,
                    const char* compression = nullptr) {
    auto out = OIIO::ImageOutput::create(path.string());
    REQUIRE(out);
    OIIO::ImageSpec spec(width, height, channels, type);
    if (compression)
        spec.attribute("compression", compression);
    REQUIRE(out->open(path.string(), spec));
    REQUIRE(out->write_image(OIIO::TypeDesc::FLOAT, scanlines.data()));
    REQUIRE(out->close());
}

TEST_CASE("card images keep every float in EXR and TIFF", "[card][image]") {
    const lrt::testing::ScratchDirectory folder("lrt_card_image_test_");
    // Floats a lossy or half-precision format would change.
    const Card card =
        assemble("mov rv9, 0.1 1e-30 -3.4e38 16777217\nmov rf0, 3.14159265\n", "t.pc");
    for (const char* name : {"card.exr", "card.tif", "card.tiff"}) {
        INFO(name);
        writeCardImage(folder / name, card);
        const Card read = readCardImage(folder / name);
        CHECK(read.width == card.width);
        CHECK(read.height == card.height);
        CHECK(read.pixels == card.pixels);
    }
}

TEST_CASE("card images are read from PFM files as the PFM format lays them out", "[card][image]") {
    // PFM (Debian's netpbm documents it) stores scanlines bottom to top: so its bytes are the
    // card in reading order. A 3 x 2 card: header, exit, mov rf0, rf1.
    const lrt::testing::ScratchDirectory folder("lrt_card_image_test_");
    const std::filesystem::path path = folder / "card.pfm";
    {
        std::ofstream file(path, std::ios::binary);
        file << "Pf\n3 2\n-1.0\n"; // one channel, little-endian
        for (const float value : {3.0f, 2.0f, 0.0f, 1.0f, 100.0f, 101.0f})
            file.write(reinterpret_cast<const char*>(&value), sizeof value); // x86: little-endian
    }
    CHECK(readCardImage(path).pixels == std::vector<float>{3, 2, 0, 1, 100, 101});
    CHECK(loadCardFile(path).instructions().size() == 2);
    CHECK_THROWS_WITH(writeCardImage(path, readCardImage(path)),
                      Catch::Contains("cannot write it"));
}

TEST_CASE("card images are read from the bottom-left pixel, left to right, bottom to top",
          "[card][image]") {
    const lrt::testing::ScratchDirectory folder("lrt_card_image_test_");
    // A 3 x 2 card whose bottom scanline is (3, 2, 0) and top scanline (1, 100, 101): the card
    // is the header, exit, then mov rf0, rf1.
    const std::filesystem::path path = folder / "order.exr";
    writeScanlines(path, 3, 2, 1, OIIO::TypeDesc::FLOAT, {1, 100, 101, 3, 2, 0});
    const Card card = readCardImage(path);
    CHECK(card.pixels == std::vector<float>{3, 2, 0, 1, 100, 101});
    const VerifiedProgram program = loadCardFile(path);
    CHECK(program.instructions().size() == 2);
}

TEST_CASE("card images that would lose bits are refused", "[card][image]") {
    const lrt::testing::ScratchDirectory folder("lrt_card_image_test_");
    const std::vector<float> pixels = {3, 1, 0};
    SECTION("8-bit") {
        writeScanlines(folder / "card.png", 3, 1, 1, OIIO::TypeDesc::UINT8, {0, 0, 0});
        CHECK_THROWS_WITH(readCardImage(folder / "card.png"),
                          Catch::Contains("stores 32-bit floats"));
    }
    SECTION("half floats") {
        writeScanlines(folder / "card.exr", 3, 1, 1, OIIO::TypeDesc::HALF, pixels);
        CHECK_THROWS_WITH(readCardImage(folder / "card.exr"), Catch::Contains("half"));
    }
    SECTION("a lossy EXR compression") {
        writeScanlines(folder / "card.exr", 3, 1, 1, OIIO::TypeDesc::FLOAT, pixels, "pxr24");
        CHECK_THROWS_WITH(readCardImage(folder / "card.exr"),
                          Catch::Contains("'pxr24', which loses bits"));
    }
    SECTION("more than one channel") {
        writeScanlines(folder / "card.exr", 3, 1, 3, OIIO::TypeDesc::FLOAT,
                       std::vector<float>(9, 0.0f));
        CHECK_THROWS_WITH(readCardImage(folder / "card.exr"),
                          Catch::Contains("one channel, this image has 3"));
    }
    SECTION("a missing file") {
        CHECK_THROWS_WITH(readCardImage(folder / "none.exr"),
                          Catch::Contains("cannot read the card image"));
    }
    SECTION("a format that is not a card format, written") {
        CHECK_THROWS_WITH(writeCardImage(folder / "card.png", assemble("exit\n", "t")),
                          Catch::Contains("written as .exr, .tif or .tiff"));
        CHECK_FALSE(std::filesystem::exists(folder / "card.png"));
    }
}

} // namespace
} // namespace slvm::card
