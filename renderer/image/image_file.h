// Reading and writing images through OpenImageIO. Writes go to a temporary name in the target's
// folder and are renamed into place, so a killed process never leaves a half-written image.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lrt {

struct Image {
    Image() = default;
    Image(int width_, int height_, int channels_, std::vector<float> pixels_ = {})
        : width(width_), height(height_), channels(channels_), pixels(std::move(pixels_)) {}

    int width = 0;
    int height = 0;
    int channels = 0;
    std::vector<float> pixels; // row-major, channels interleaved, linear values
    // Where the image lies in a larger one (a crop of a render): its top-left pixel, and the
    // size of the whole. Zero full size means the image is the whole.
    int xOrigin = 0;
    int yOrigin = 0;
    int fullWidth = 0;
    int fullHeight = 0;
    std::vector<std::string> channelNames; // empty: R, G, B (A)

    float at(int x, int y, int c) const {
        return pixels[(static_cast<std::size_t>(y) * width + x) * channels + c];
    }
};

// String attributes stored in the file's metadata (EXR keeps them all).
using ImageMetadata = std::vector<std::pair<std::string, std::string>>;

// Format by extension. EXR stores float with the data window inside the display window; 8-bit
// formats get the values as given (already tone-mapped by the caller) clamped and quantised.
// Throws std::runtime_error naming the file.
void writeImage(const std::filesystem::path& path, const Image& image,
                const ImageMetadata& metadata = {});

// The bytes of the file writeImage would write for a file named *`extension` (".png", ".exr"),
// encoded in memory; throws std::runtime_error.
std::vector<unsigned char> encodeImage(const Image& image, const std::string& extension);

// Reads any format OIIO knows as float pixels, and when `metadata` is given the file's string
// attributes; throws std::runtime_error naming the file.
Image readImage(const std::filesystem::path& path, ImageMetadata* metadata = nullptr);

// True for the formats of `extension` (".exr", ".hdr") that store linear floating-point radiance;
// the others store 8-bit display values.
bool isLinearFormat(std::string_view extension);

// Whether the format `path`'s extension names can store an alpha channel (PNG, TIFF, EXR; not
// JPEG or Radiance HDR).
bool formatSupportsAlpha(const std::filesystem::path& path);

// The string attributes of an image file, without reading its pixels; throws std::runtime_error.
ImageMetadata readImageMetadata(const std::filesystem::path& path);

// The value of `name` in `metadata`, or "" when it is absent.
std::string metadataValue(const ImageMetadata& metadata, const std::string& name);

} // namespace lrt
