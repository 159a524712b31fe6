// PLY meshes (Greg Turk's polygon file format, as pbrt-v4, Blender and scanners write them): ASCII
// and binary of either byte order, gzip-compressed or not; vertex positions, normals and texture
// coordinates, and faces of three or four vertices. Other elements and properties are read past.
// A hostile file (a truncated body, a count larger than the file could hold, an index past the
// vertices, a decompression bomb) is refused before lrt allocates for it.
#pragma once

#include "renderer/description/mesh_data.h"

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace lrt {

// The mesh in `bytes` (uncompressed). Throws std::runtime_error naming `name` and the place: the
// header line ("mesh.ply:3: ..."), or the element and item of the body ("mesh.ply: face 12 of
// 40: ...").
MeshData parsePly(std::string_view bytes, const std::string& name);

// The mesh in the file at `path`, gunzipped first when it starts with gzip's magic bytes (pbrt-v4
// writes .ply.gz); throws std::runtime_error as parsePly, or when the file cannot be read.
// `progress`, when set, is called with the fraction of the file's bytes read so far, from any of
// the threads reading it (at most one call at a time).
MeshData loadPlyFile(const std::filesystem::path& path,
                     const std::function<void(double)>& progress = {});

} // namespace lrt
