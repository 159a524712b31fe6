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
const auto kParameters = joinTables(
    kMapping2DParameters,
    std::array<ParameterSpec, 5>{{
        {"filename", String, {}, {}, "the image, any format OpenImageIO reads (required)"},
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
        {"channels",
         String,
         "rgb",
         {},
         "\"rgb\"; or one channel in all three: \"r\", \"g\", \"b\" (decoded as the colour "
         "is), or \"alpha\" (1 where the image has none; never decoded)",
         [] {
             return std::vector<std::string_view>{"rgb", "r", "g", "b", "alpha"};
         }},
    }});

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
    const std::string channels = p.getString("channels");
    using enum ImageTexture::Channels;
    const ImageTexture::Channels chosen = channels == "r"       ? Red
                                          : channels == "g"     ? Green
                                          : channels == "b"     ? Blue
                                          : channels == "alpha" ? Alpha
                                                                : Rgb;
    const bool srgb = image.integerPixels && encoding != "linear" && chosen != Alpha;
    return std::make_unique<ImageTexture>(
        *build.images, image, TextureMapping2D::of(p, build.worldToTexture),
        srgb ? ImageTexture::Encoding::Srgb : ImageTexture::Encoding::Linear, p.getFloat("scale"),
        p.getInteger("invert") == 1, chosen);
}

} // namespace

const TextureEntry ImageTexture::registryEntry{{"imagemap", kParameters, {}}, &create};

Color ImageTexture::evaluate(const TextureContext& context) const {
    const TextureCoordinates c = mapping_.map(context);
    std::array<float, 3> rgb;
    if (channels_ == Channels::Alpha)
        rgb.fill(images_.sampleAlpha(image_, c.st.x, c.st.y, c.dsdx, c.dtdx, c.dsdy, c.dtdy));
    else
        rgb = images_.sample(image_, c.st.x, c.st.y, c.dsdx, c.dtdx, c.dsdy, c.dtdy);
    if (channels_ == Channels::Red || channels_ == Channels::Green || channels_ == Channels::Blue) {
        const float one =
            rgb[static_cast<std::size_t>(channels_) - static_cast<std::size_t>(Channels::Red)];
        rgb.fill(one);
    }
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
