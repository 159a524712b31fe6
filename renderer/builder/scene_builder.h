// From a parsed frame description to a renderable Scene: camera, filter, lights, materials and
// shapes are created through their registries and checked (errors name the statement's
// file:line:column), meshes run through their vertex programs, then the BVH is built.
#pragma once

#include "renderer/accel/bvh_choice.h"
#include "renderer/description/scene_description.h"
#include "renderer/scene/scene.h"
#include "slvm/jit/native_code.h"

#include <cstdint>
#include <embree3/rtcore.h>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace lrt {

class BuildCache; // renderer/builder/build_cache.h

// Where a scene's SL shaders and vertex programs are looked for besides its own folders. The
// renderer has no install location of its own: its caller says where the bundled data is (lrt
// finds it from its executable's path, cli/install_layout.h; tests name the source tree's).
struct BuildOptions {
    // Searched after the scene's Option "searchpath" and before its folder (LRT_SHADER, say).
    std::vector<std::filesystem::path> shaderPath;
    // The bundled shader library (shaders/), searched last; empty for none.
    std::filesystem::path bundledShaders;
    // The bundled vertex programs (vertex/), searched after the scene's folder; empty for none.
    std::filesystem::path bundledVertexPrograms;
    // Keep each vertex-program mesh's inputs with its primitive, for the pixel debugger (they
    // double the memory such meshes take).
    bool keepVertexInputs = false;
    // Called with each file the build reads, before reading it (so also with one that fails to
    // load): shaders and what they include, vertex programs, cards, meshes, images. What a live
    // preview watches; Scene::files() has the same once the build succeeds.
    std::function<void(const std::filesystem::path&)> onFileRead;
    // What runs the scene's programs (SL shaders, vertex programs, cards): compiled code or the
    // interpreter; they compute the same bits (docs/jit.md).
    slvm::jit::VmKind vm = slvm::jit::defaultVm();
    // The samples per pixel the frame will be rendered with (--spp), when not its PixelSamples:
    // Option "render" "bvh" "auto" weighs the frame's camera samples against its triangles.
    std::optional<int> samplesPerPixel;
    // Embree's bytes in use (EmbreeDevice::bytesInUse), for SceneStatistics::bvhBytes; may be
    // empty.
    std::function<std::int64_t()> embreeBytes;
    // What the last build of this scene made, to take over what has not changed, and where this
    // build's is kept once it succeeds; null to make everything. Builds with one cache must use
    // the same device and the same options.
    BuildCache* cache = nullptr;
    // Meshes of the world with at least this many triangles get BVHs of their own
    // (kOwnBvhTriangles, renderer/accel/bvh_choice.h); the tests lower it to check that the image
    // does not depend on it.
    std::size_t ownBvhTriangles = kOwnBvhTriangles;
    // Called as a long build moves on: `phase` is "reading NAME" (a mesh file, NAME its file
    // name) or "building BVH", `fraction` how far it is, from 0 to 1. Called from the building
    // threads, one call at a time; may be empty.
    std::function<void(std::string_view phase, double fraction)> onProgress;
};

// Throws SceneError for anything invalid. SL shaders are looked for in the scene's
// Option "searchpath", then `options.shaderPath`, then the scene's folder, then
// `options.bundledShaders`; vertex programs in the scene's folder, then
// `options.bundledVertexPrograms`.
std::unique_ptr<Scene> buildScene(const FrameDescription& frame, RTCDevice device,
                                  const BuildOptions& options = {});

} // namespace lrt
