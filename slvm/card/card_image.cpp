// Card images through OpenImageIO. Images store scanlines top down; a card reads bottom up, so
// pixel i is at column i mod width of scanline height - 1 - i / width.
#include "slvm/card/card_image.h"

#include "slvm/common/diagnostic.h"
#include "slvm/common/file_name.h"

#include <OpenImageIO/imageio.h>
#include <algorithm>
#include <fmt/format.h>
#include <system_error>

namespace slvm::card {

namespace OIIO = OIIO_NAMESPACE;

namespace {

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& reason) {
    throw ProgramError({fileDiagnostic(path.string(), reason)});
}

// EXR's compressions that give back every bit of a 32-bit float.
bool losslessExrCompression(std::string compression) {
    const auto colon = compression.find(':'); // "zip:4" names a level
    compression = compression.substr(0, colon);
    return compression.empty() || compression == "none" || compression == "rle" ||
           compression == "zip" || compression == "zips" || compression == "piz";
}

} // namespace

bool isCardImagePath(const std::filesystem::path& path) {
    return std::ranges::find(kCardImageExtensions, lowerCaseExtension(path)) !=
           kCardImageExtensions.end();
}

bool isWritableCardImagePath(const std::filesystem::path& path) {
    const std::string extension = lowerCaseExtension(path);
    return extension == ".exr" || extension == ".tif" || extension == ".tiff";
}

Card readCardImage(const std::filesystem::path& path) {
    auto in = OIIO::ImageInput::open(path.string());
    if (!in)
        refuse(path, fmt::format("cannot read the card image: {}", OIIO::geterror()));
    const OIIO::ImageSpec& spec = in->spec();
    if (spec.nchannels != 1)
        refuse(path, fmt::format("a card has one channel, this image has {}", spec.nchannels));
    if (spec.format != OIIO::TypeDesc::FLOAT)
        refuse(path, fmt::format("a card stores 32-bit floats, this image stores {} ({}): cards "
                                 "must be lossless (OpenEXR, float TIFF or PFM)",
                                 spec.format.c_str(), in->format_name()));
    const std::string format = in->format_name();
    if (format == "openexr" && !losslessExrCompression(spec.get_string_attribute("compression")))
        refuse(path, fmt::format("the card is compressed with '{}', which loses bits of a float: "
                                 "use zip, zips, piz, rle or none",
                                 spec.get_string_attribute("compression")));
    if (format != "openexr" && format != "tiff" && format != "pnm") // float pnm: PFM
        refuse(path, fmt::format("cards are OpenEXR, float TIFF or PFM images, not {}", format));
    std::vector<float> scanlines(static_cast<std::size_t>(spec.width) *
                                 static_cast<std::size_t>(spec.height));
    if (!in->read_image(0, 0, 0, 1, OIIO::TypeDesc::FLOAT, scanlines.data()))
        refuse(path, fmt::format("cannot read the card image: {}", in->geterror()));
    Card card;
    card.name = path.string();
    card.width = spec.width;
    card.height = spec.height;
    card.pixels.resize(scanlines.size());
    const auto width = static_cast<std::size_t>(spec.width);
    for (std::size_t row = 0; row < static_cast<std::size_t>(spec.height); ++row)
        std::copy_n(scanlines.begin() +
                        static_cast<std::ptrdiff_t>((spec.height - 1 - row) * width),
                    width, card.pixels.begin() + static_cast<std::ptrdiff_t>(row * width));
    return card;
}

void writeCardImage(const std::filesystem::path& path, const Card& card) {
    if (!isWritableCardImagePath(path))
        throw std::runtime_error(fmt::format("{}: a card is written as .exr, .tif or .tiff (the "
                                             "OpenImageIO lrt is built with reads PFM but cannot "
                                             "write it)",
                                             path.string()));
    const std::filesystem::path temporary =
        path.parent_path() /
        fmt::format(".{}.partial{}", path.stem().string(), path.extension().string());
    auto out = OIIO::ImageOutput::create(temporary.string());
    if (!out)
        throw std::runtime_error(
            fmt::format("{}: cannot write the card: {}", path.string(), OIIO::geterror()));
    OIIO::ImageSpec spec(card.width, card.height, 1, OIIO::TypeDesc::FLOAT);
    spec.channelnames = {"Y"};
    spec.attribute("compression", "zip"); // lossless in EXR and TIFF alike
    std::vector<float> scanlines(card.pixels.size());
    const auto width = static_cast<std::size_t>(card.width);
    for (std::size_t row = 0; row < static_cast<std::size_t>(card.height); ++row)
        std::copy_n(card.pixels.begin() + static_cast<std::ptrdiff_t>(row * width), width,
                    scanlines.begin() +
                        static_cast<std::ptrdiff_t>((card.height - 1 - row) * width));
    const bool written = out->open(temporary.string(), spec) &&
                         out->write_image(OIIO::TypeDesc::FLOAT, scanlines.data()) && out->close();
    if (!written) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw std::runtime_error(
            fmt::format("{}: cannot write the card: {}", path.string(), out->geterror()));
    }
    std::filesystem::rename(temporary, path);
}

} // namespace slvm::card
