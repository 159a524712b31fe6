// A mesh file's contents as plain data: its meshes, in the file's own space, with their
// materials, and what the file has that lrt leaves out. A scene reader that has read a mesh file
// already (the glTF reader, for a glTF scene) hands them to the shape that places the file, so
// that the file is read and parsed once.
#pragma once

#include "renderer/description/file_material.h"
#include "renderer/description/mesh_data.h"

#include <string>
#include <vector>

namespace lrt {

// A mesh of a mesh file, and the index of its material in the file's materials (-1: the file's
// default material).
struct FileMesh {
    MeshData data;
    int material = -1;
};

struct MeshFileContents {
    std::vector<FileMesh> meshes;
    std::vector<FileMaterial> materials;
    // What the file has that lrt leaves out (points and lines, morph targets, skins...).
    std::vector<std::string> notes;
};

} // namespace lrt
