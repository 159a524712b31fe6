// Reading and writing images through OpenImageIO. Writes go to a temporary name in the target's
// folder and are renamed into place, so a killed process never leaves a half-written image.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace lrt {

struct Image {
    int width = 0;
    int height = 0;
    int channels = 0;
    std::vector<float> pixels; // row-major, channels interleaved, linear values

    float at(int x, int y, int c) const {
        return pixels[(static_cast<std::size_t>(y) * width + x) * channels + c];
    }
};

// String attributes stored in the file's metadata (EXR keeps them all).
using ImageMetadata = std::vector<std::pair<std::string, std::string>>;

// Format by extension. EXR stores float; 8-bit formats get the values as given (already
// tone-mapped by the caller) clamped and quantised. Throws std::runtime_error naming the file.
void writeImage(const std::filesystem::path& path, const Image& image,
                const ImageMetadata& metadata = {});

// Reads any format OIIO knows as float pixels; throws std::runtime_error naming the file.
Image readImage(const std::filesystem::path& path);

} // namespace lrt
