// Filtered texture lookups through one OpenImageIO TextureSystem (thread-safe, MIP-mapped, cached).
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <string>

namespace lrt {

class TextureSystem {
public:
    // An opened texture file; cheap to copy, valid while its TextureSystem lives.
    struct Texture {
        void* handle = nullptr; // OIIO::TextureSystem::TextureHandle
        int channels = 0;
        bool integerPixels = false; // stored as integers (8- or 16-bit), not floats
    };

    TextureSystem();
    ~TextureSystem();
    TextureSystem(const TextureSystem&) = delete;
    TextureSystem& operator=(const TextureSystem&) = delete;

    // Opens `path` (any format OIIO reads); throws std::runtime_error naming it when unreadable.
    Texture open(const std::filesystem::path& path);
    // Makes `bytes` (an image file's contents, such as a glTF file embeds) openable as `name`,
    // whose extension names its format. The first registration of a name counts.
    void addEmbedded(const std::filesystem::path& name, std::shared_ptr<const std::string> bytes);
    // Every path open() was asked for, in order (embedded names among them).
    const std::vector<std::filesystem::path>& requestedFiles() const { return requested_; }

    // RGB at (s, t), wrapping periodically; one-channel textures are replicated to grey, and a
    // missing third channel reads 0. Footprint given by the (s, t) derivatives; zero means the
    // finest level, bilinearly filtered.
    std::array<float, 3> sample(const Texture& texture, float s, float t, float dsdx = 0,
                                float dtdx = 0, float dsdy = 0, float dtdy = 0) const;
    // The alpha channel (the fourth) at (s, t) the same way; 1 for images without one.
    float sampleAlpha(const Texture& texture, float s, float t, float dsdx = 0, float dtdx = 0,
                      float dsdy = 0, float dtdy = 0) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::vector<std::filesystem::path> requested_;
};

} // namespace lrt
