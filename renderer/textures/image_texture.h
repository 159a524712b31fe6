// "imagemap": an image file looked up at the mapped (s', t') (texture_mapping.h), filtered over
// the pixel's footprint by OpenImageIO, repeating outside [0, 1]; integer-coded images are
// sRGB-decoded by default.
#pragma once

#include "renderer/textures/texture_mapping.h"
#include "renderer/textures/texture_registry.h"

namespace lrt {

class ImageTexture final : public ColorTexture {
public:
    // Its parameters and create() are in image_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    enum class Encoding { Linear, Srgb };
    // The image's colour, or one of its channels in all three (a float texture's value).
    enum class Channels { Rgb, Red, Green, Blue, Alpha };
    ImageTexture(const TextureSystem& images, TextureSystem::Texture image,
                 TextureMapping2D mapping, Encoding encoding, float scale, bool invert,
                 Channels channels)
        : images_(images), image_(image), mapping_(mapping), encoding_(encoding), scale_(scale),
          invert_(invert), channels_(channels) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override { return true; }

private:
    const TextureSystem& images_;
    TextureSystem::Texture image_;
    TextureMapping2D mapping_;
    Encoding encoding_;
    float scale_;
    bool invert_;
    Channels channels_;
};

} // namespace lrt
