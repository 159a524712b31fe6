// What a render records about each frame: the identity that decides whether a checkpoint or an
// output belongs to it, the warnings it prints, the metadata in its image and the entry in
// --stats.
#pragma once

#include "renderer/description/scene_description.h"
#include "renderer/image/image_file.h"
#include "renderer/render/renderer.h"
#include "renderer/scene/scene.h"
#include "slvm/common/diagnostic.h"

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lrt::cli {

// A fingerprint of the scene file's text, so that a checkpoint of an edited scene is not resumed.
std::string contentHash(const std::filesystem::path& path);

// Everything that decides a render's pixels, as checkpoints and outputs (lrt:identity) record it.
std::string renderIdentity(const std::string& scenePath, const std::string& sceneHash,
                           const FrameDescription& frame, const RenderSettings& settings);

// What went wrong without stopping the render: the scene's build warnings, shaders that failed
// during the render (naming their Surface statement), dropped samples, and an image that no light
// reached (every pixel black; not checked for a crop or a tile, which may be a dark corner).
std::vector<slvm::Diagnostic> renderWarnings(const Scene& scene, const RenderSettings& settings,
                                             const RenderResult& result);

std::size_t peakResidentBytes();

// How one frame was made, for its image and for --stats.
struct FrameReport {
    const Scene& scene;
    const RenderSettings& settings;
    const RenderStatistics& statistics;
    const std::vector<slvm::Diagnostic>& warnings;
    std::string integrator; // the integrator's name
    std::size_t resumedTiles = 0;
};

ImageMetadata imageMetadata(const FrameReport& report, const std::string& commandLine,
                            const std::string& scenePath, const std::string& identity,
                            const std::string& crop);
// `writeSeconds`: how long writing the output took (its encoding and compression included).
nlohmann::json statsEntry(const FrameReport& report, const std::filesystem::path& output,
                          double writeSeconds);

} // namespace lrt::cli
