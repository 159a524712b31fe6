// glTF 2.0 files (.gltf with its buffers and images, or .glb) through tinygltf: the default
// scene's node hierarchy flattened into meshes in the file's own space, their metallic-roughness
// materials, and its cameras and KHR_lights_punctual lights. Everything read from the file is
// checked before use (accessors against their buffers, indices against their vertices, the node
// graph for cycles), and errors name the glTF JSON path ("meshes[2].primitives[0]: ...").
#pragma once

#include "renderer/core/transform.h"
#include "renderer/description/mesh_file.h"

#include <filesystem>
#include <string>
#include <vector>

namespace lrt {

struct GltfCamera {
    std::string name;
    Transform cameraToFile; // glTF's camera space: looking down -z, +y up
    bool perspective = true;
    float yfov = 0.8f;             // radians
    float aspectRatio = 0;         // 0: not given
    float znear = 0.01f, zfar = 0; // zfar 0: infinite
    float xmag = 1, ymag = 1;      // orthographic half-extents
};

struct GltfLight {
    std::string name;
    std::string type; // "point", "spot" or "directional"
    Color color{1, 1, 1};
    float intensity = 1; // candela (point, spot) or lux (directional)
    float innerConeAngle = 0, outerConeAngle = 0.7853982f; // radians
    Transform lightToFile;                                 // at the origin, pointing down -z
};

// The meshes (every node transform applied) and materials, and the cameras and lights.
struct GltfFile : MeshFileContents {
    std::vector<GltfCamera> cameras; // in node order
    std::vector<GltfLight> lights;
};

// Throws std::runtime_error naming the file and the JSON path for a file tinygltf cannot read or
// whose contents are inconsistent.
GltfFile loadGltfFile(const std::filesystem::path& path);
// The same from the file's bytes (binary .glb or JSON text); `directory` resolves its URIs.
GltfFile parseGltf(const std::string& bytes, const std::string& name,
                   const std::filesystem::path& directory);

} // namespace lrt
