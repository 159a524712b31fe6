// The OIIO TextureSystem, owned privately (not OIIO's process-wide shared one) so that lifetimes
// are explicit and tests do not share a cache.
#include "renderer/textures/texture_system.h"

#include <OpenImageIO/filesystem.h>
#include <OpenImageIO/imagecache.h>
#include <OpenImageIO/texture.h>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace OIIO = OIIO_NAMESPACE;

struct TextureSystem::Impl {
    struct Destroy {
        void operator()(OIIO::TextureSystem* system) const { OIIO::TextureSystem::destroy(system); }
    };
    // Embedded images: their bytes, and the readers OIIO opens them through (it may close and
    // reopen a file while it caches, so both live as long as the system).
    std::vector<std::shared_ptr<const std::string>> embedded;
    std::vector<std::unique_ptr<OIIO::Filesystem::IOMemReader>> readers;
    // Declared last, destroyed first: before the readers it may still hold.
    std::unique_ptr<OIIO::TextureSystem, Destroy> system{OIIO::TextureSystem::create(false)};
};

TextureSystem::TextureSystem() : impl_(std::make_unique<Impl>()) {
    if (!impl_->system)
        throw std::runtime_error("cannot create an OpenImageIO texture system");
    // Untiled, un-MIP-mapped files (PNG, JPEG) get their MIP levels built in memory.
    impl_->system->attribute("automip", 1);
}

TextureSystem::~TextureSystem() = default;

TextureSystem::Texture TextureSystem::open(const std::filesystem::path& path) {
    requested_.push_back(path);
    OIIO::TextureSystem& system = *impl_->system;
    auto* handle = system.get_texture_handle(OIIO::ustring(path.string()));
    int channels = 0;
    if (!handle || !system.good(handle) ||
        !system.get_texture_info(handle, nullptr, 0, OIIO::ustring("channels"), OIIO::TypeDesc::INT,
                                 &channels))
        throw std::runtime_error(
            fmt::format("{}: cannot read texture: {}", path.string(), system.geterror()));
    const OIIO::ImageSpec* spec = system.imagespec(handle, nullptr, 0);
    const bool integerPixels = spec && !spec->format.is_floating_point();
    return Texture{handle, channels, integerPixels};
}

void TextureSystem::addEmbedded(const std::filesystem::path& name,
                                std::shared_ptr<const std::string> bytes) {
    auto reader = std::make_unique<OIIO::Filesystem::IOMemReader>(bytes->data(), bytes->size());
    OIIO::ImageSpec config;
    void* proxy = reader.get();
    config.attribute("oiio:ioproxy", OIIO::TypeDesc::PTR, &proxy);
    impl_->system->imagecache()->add_file(OIIO::ustring(name.string()), nullptr, &config);
    impl_->embedded.push_back(std::move(bytes));
    impl_->readers.push_back(std::move(reader));
}

namespace {

OIIO::TextureOpt lookupOptions() {
    OIIO::TextureOpt options;
    options.swrap = OIIO::TextureOpt::WrapPeriodic;
    options.twrap = OIIO::TextureOpt::WrapPeriodic;
    // Bilinear within a MIP level, trilinear between levels: texels come back exactly at their
    // centres (OIIO's default bicubic B-spline would soften them).
    options.interpmode = OIIO::TextureOpt::InterpBilinear;
    return options;
}

} // namespace

float TextureSystem::sampleAlpha(const Texture& texture, float s, float t, float dsdx, float dtdx,
                                 float dsdy, float dtdy) const {
    if (texture.channels < 4)
        return 1.0f;
    OIIO::TextureOpt options = lookupOptions();
    options.firstchannel = 3;
    float alpha = 1.0f;
    auto* handle = static_cast<OIIO::TextureSystem::TextureHandle*>(texture.handle);
    impl_->system->texture(handle, nullptr, options, s, t, dsdx, dtdx, dsdy, dtdy, 1, &alpha);
    return alpha;
}

std::array<float, 3> TextureSystem::sample(const Texture& texture, float s, float t, float dsdx,
                                           float dtdx, float dsdy, float dtdy) const {
    OIIO::TextureOpt options = lookupOptions();
    std::array<float, 3> rgb{0.0f, 0.0f, 0.0f};
    auto* handle = static_cast<OIIO::TextureSystem::TextureHandle*>(texture.handle);
    impl_->system->texture(handle, nullptr, options, s, t, dsdx, dtdx, dsdy, dtdy,
                           texture.channels == 1 ? 1 : 3, rgb.data());
    if (texture.channels == 1)
        rgb[1] = rgb[2] = rgb[0];
    return rgb;
}

} // namespace lrt
