// Fuzzes the glTF reader with arbitrary bytes (JSON text or binary .glb): tinygltf's parsing and
// lrt's walk of what it parsed (nodes, accessors, indices, materials). Every input must end in a
// GltfFile or a std::runtime_error naming the problem; a crash, a hang, an out-of-bounds read or
// an absurd allocation is a bug. The glTF files of tests/data/blender/ seed it.
#include "renderer/gltf/gltf_file.h"

#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const lrt::GltfFile file = lrt::parseGltf(
            std::string(reinterpret_cast<const char*>(data), size), "fuzz.gltf", "/nonexistent");
        for (const lrt::FileMesh& mesh : file.meshes)
            for (const auto& triangle : mesh.data.triangles)
                for (const int index : triangle)
                    if (index < 0 || static_cast<std::size_t>(index) >= mesh.data.positions.size())
                        __builtin_trap(); // the reader promised indices inside the vertices
    } catch (const std::runtime_error&) {
    }
    return 0;
}
