// Writing small 8-bit RGB PNG images for tests (textures, normal maps), through OpenImageIO.
#pragma once

#include <OpenImageIO/imageio.h>
#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <vector>

namespace lrt::testing {

// `width` x `height` pixels of colour(x, y), y down from the top row.
inline void writePng(const std::filesystem::path& path, int width, int height,
                     const std::function<std::array<unsigned char, 3>(int, int)>& colour) {
    std::vector<unsigned char> pixels;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (const unsigned char c : colour(x, y))
                pixels.push_back(c);
    auto out = OIIO::ImageOutput::create(path.string());
    REQUIRE(out);
    REQUIRE(out->open(path.string(), OIIO::ImageSpec(width, height, 3, OIIO::TypeDesc::UINT8)));
    REQUIRE(out->write_image(OIIO::TypeDesc::UINT8, pixels.data()));
    out->close();
}

} // namespace lrt::testing
