// Fuzzes the glTF reader with arbitrary bytes (JSON text or binary .glb): tinygltf's parsing and
// lrt's walk of what it parsed (nodes, accessors, indices, materials), and runs what reads: the
// file is made a scene as `lrt render scene.glb` makes one (its materials, textured parameters,
// cut-outs and sheens among them), built, and the 4x4 pixels at the corner of its image are
// rendered, one sample each. Every input must end in a picture, a SceneError or a
// std::runtime_error naming the problem; a crash, a hang, an out-of-bounds read or an absurd
// allocation is a bug. The glTF files of tests/data/blender/ seed it.
#include "render_corner.h"
#include "renderer/core/scene_error.h"
#include "renderer/gltf/gltf_file.h"
#include "renderer/gltf/gltf_scene.h"

#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    try {
        const lrt::GltfFile file = lrt::parseGltf(bytes, "fuzz.gltf", "/nonexistent");
        for (const lrt::FileMesh& mesh : file.meshes)
            for (const auto& triangle : mesh.data.triangles)
                for (const int index : triangle)
                    if (index < 0 || static_cast<std::size_t>(index) >= mesh.data.positions.size())
                        __builtin_trap(); // the reader promised indices inside the vertices
        renderCorner(lrt::parseGltfScene("/nonexistent/fuzz.gltf", bytes).front());
    } catch (const lrt::SceneError&) {
    } catch (const std::runtime_error&) {
    }
    return 0;
}
