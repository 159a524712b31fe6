#include "renderer/textures/image_texture.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {

// The sRGB transfer function's inverse (IEC 61966-2-1).
float srgbToLinear(float v) {
    return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
}

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"filename", String, {}, {}, "the image, any format OpenImageIO reads (required)"},
    {"uscale", Float, 1.0f, {}, "s' = uscale s + udelta"},
    {"vscale", Float, 1.0f, {}, "t' = vscale t + vdelta"},
    {"udelta", Float, 0.0f, {}, "added to s after scaling"},
    {"vdelta", Float, 0.0f, {}, "added to t after scaling"},
    {"encoding",
     String,
     "auto",
     {},
     "of images stored as integers; \"auto\" is sRGB for them (float images are always linear)",
     [] {
         return std::vector<std::string_view>{"auto", "sRGB", "linear"};
     }},
    {"scale", Float, 1.0f, {}, "multiplies the colour"},
    {"invert", Integer, 0, kInteger.atLeast(0).atMost(1), "1 gives 1 - colour (after scale)"},
};

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs&,
                                     TextureBuild& build) {
    if (!p.has("filename"))
        throw SceneError(p.statement(), "imagemap texture needs a \"filename\"");
    const std::string encoding = p.getString("encoding");
    if (!build.images)
        build.images = std::make_unique<TextureSystem>();
    TextureSystem::Texture image;
    try {
        image = build.images->open(build.directory / p.getString("filename"));
    } catch (const std::runtime_error& e) {
        throw SceneError(p.where("filename"), e.what());
    }
    const bool srgb = image.integerPixels && encoding != "linear";
    return std::make_unique<ImageTexture>(*build.images, image,
                                          UvMapping{p.getFloat("uscale"), p.getFloat("vscale"),
                                                    p.getFloat("udelta"), p.getFloat("vdelta")},
                                          srgb ? ImageTexture::Encoding::Srgb
                                               : ImageTexture::Encoding::Linear,
                                          p.getFloat("scale"), p.getInteger("invert") == 1);
}

} // namespace

const TextureEntry ImageTexture::registryEntry{"imagemap", kParameters, {}, &create};

Color ImageTexture::evaluate(const TextureContext& context) const {
    const TextureContext c = mapping_.apply(context);
    auto rgb = images_.sample(image_, c.st.x, c.st.y, c.dsdx, c.dtdx, c.dsdy, c.dtdy);
    for (float& v : rgb) {
        if (encoding_ == Encoding::Srgb)
            v = srgbToLinear(std::clamp(v, 0.0f, 1.0f));
        v *= scale_;
        if (invert_)
            v = std::max(0.0f, 1.0f - v);
    }
    return {rgb[0], rgb[1], rgb[2]};
}

} // namespace lrt
