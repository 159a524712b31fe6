// Wavefront OBJ meshes through tinyobjloader: positions, normals, texture coordinates, groups,
// and their .mtl materials (colours, texture maps, emission, transparency, index of refraction).
#pragma once

#include "renderer/description/file_material.h"
#include "renderer/description/mesh_data.h"

#include <filesystem>
#include <string>
#include <vector>

namespace lrt {

struct ObjMesh {
    std::string group; // the OBJ group ("g"/"o") it came from
    MeshData data;
    int material = -1; // index into ObjFile::materials, or -1 for none
};

struct ObjFile {
    std::vector<ObjMesh> meshes; // one per group and material
    std::vector<FileMaterial> materials;
    std::string warnings;
};

// Throws std::runtime_error with tinyobjloader's message for an unreadable or malformed file.
ObjFile loadObjFile(const std::filesystem::path& path);

} // namespace lrt
