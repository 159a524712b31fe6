// OpenImageIO-backed image files.
#include "renderer/image/image_file.h"

#include "renderer/core/atomic_file.h"

#include <OpenImageIO/filesystem.h>
#include <OpenImageIO/imageio.h>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace OIIO = OIIO_NAMESPACE;

namespace {

// The spec an image is written with in the format of `extension` (".exr", ".png", ...).
OIIO::ImageSpec imageSpec(const Image& image, const std::string& extension,
                          const ImageMetadata& metadata) {
    if (image.pixels.size() !=
        static_cast<std::size_t>(image.width) * image.height * image.channels)
        throw std::logic_error("writeImage: pixel buffer does not match the image size");
    const bool isFloat = isLinearFormat(extension);
    OIIO::ImageSpec spec(image.width, image.height, image.channels,
                         isFloat ? OIIO::TypeDesc::FLOAT : OIIO::TypeDesc::UINT8);
    if (extension == ".exr") {
        // PIZ: lossless, and on rendered images (noisy colour, halves, smooth AOVs) both smaller
        // and several times faster to write than OpenImageIO's default ZIP (docs/performance.md,
        // "Writing EXR files").
        spec.attribute("compression", "piz");
        // Only EXR keeps a data window inside a display window; other formats get the pixels alone.
        spec.x = image.xOrigin;
        spec.y = image.yOrigin;
        spec.full_width = image.fullWidth > 0 ? image.fullWidth : image.width;
        spec.full_height = image.fullHeight > 0 ? image.fullHeight : image.height;
    }
    if (!image.channelNames.empty())
        spec.channelnames = image.channelNames;
    for (const auto& [name, value] : metadata)
        spec.attribute(name, value);
    // Only EXR stores colour premultiplied by alpha; an 8-bit image's alpha is passed straight,
    // and OpenImageIO must not divide it again.
    if (!isFloat && image.channels == 4)
        spec.attribute("oiio:UnassociatedAlpha", 1);
    return spec;
}

} // namespace

void writeImage(const std::filesystem::path& path, const Image& image,
                const ImageMetadata& metadata) {
    const OIIO::ImageSpec spec = imageSpec(image, path.extension().string(), metadata);
    AtomicFile file(path);
    auto out = OIIO::ImageOutput::create(file.temporary().string());
    if (!out)
        throw std::runtime_error(fmt::format("{}: cannot write this image format ({})",
                                             path.string(), OIIO::geterror()));
    if (!out->open(file.temporary().string(), spec) ||
        !out->write_image(OIIO::TypeDesc::FLOAT, image.pixels.data()) || !out->close())
        throw std::runtime_error(
            fmt::format("{}: cannot write image: {}", path.string(), out->geterror()));
    file.commit();
}

std::vector<unsigned char> encodeImage(const Image& image, const std::string& extension) {
    const OIIO::ImageSpec spec = imageSpec(image, extension, {});
    const std::string name = "memory" + extension;
    auto out = OIIO::ImageOutput::create(name);
    if (!out || !out->supports("ioproxy"))
        throw std::runtime_error(
            fmt::format("cannot encode a {} image in memory ({})", extension, OIIO::geterror()));
    std::vector<unsigned char> bytes;
    OIIO::Filesystem::IOVecOutput memory(bytes);
    out->set_ioproxy(&memory);
    if (!out->open(name, spec) || !out->write_image(OIIO::TypeDesc::FLOAT, image.pixels.data()) ||
        !out->close())
        throw std::runtime_error(
            fmt::format("cannot encode a {} image: {}", extension, out->geterror()));
    return bytes;
}

bool isLinearFormat(std::string_view extension) {
    return extension == ".exr" || extension == ".hdr";
}

bool formatSupportsAlpha(const std::filesystem::path& path) {
    const auto out = OIIO::ImageOutput::create(path.string());
    return out && out->supports("alpha");
}

namespace {

ImageMetadata stringAttributes(const OIIO::ImageSpec& spec) {
    ImageMetadata metadata;
    for (const OIIO::ParamValue& p : spec.extra_attribs)
        if (p.type() == OIIO::TypeDesc::STRING)
            metadata.emplace_back(p.name().string(), p.get_string());
    return metadata;
}

} // namespace

ImageMetadata readImageMetadata(const std::filesystem::path& path) {
    auto in = OIIO::ImageInput::open(path.string());
    if (!in)
        throw std::runtime_error(
            fmt::format("{}: cannot read image: {}", path.string(), OIIO::geterror()));
    return stringAttributes(in->spec());
}

Image readImage(const std::filesystem::path& path, ImageMetadata* metadata) {
    auto in = OIIO::ImageInput::open(path.string());
    if (!in)
        throw std::runtime_error(
            fmt::format("{}: cannot read image: {}", path.string(), OIIO::geterror()));
    const OIIO::ImageSpec& spec = in->spec();
    Image image(spec.width, spec.height, spec.nchannels);
    image.xOrigin = spec.x;
    image.yOrigin = spec.y;
    image.fullWidth = spec.full_width;
    image.fullHeight = spec.full_height;
    image.channelNames = spec.channelnames;
    if (metadata)
        *metadata = stringAttributes(spec);
    image.pixels.resize(static_cast<std::size_t>(spec.width) * spec.height * spec.nchannels);
    if (!in->read_image(0, 0, 0, spec.nchannels, OIIO::TypeDesc::FLOAT, image.pixels.data()))
        throw std::runtime_error(
            fmt::format("{}: cannot read image: {}", path.string(), in->geterror()));
    return image;
}

std::string metadataValue(const ImageMetadata& metadata, const std::string& name) {
    for (const auto& [key, value] : metadata)
        if (key == name)
            return value;
    return {};
}

} // namespace lrt
