// OBJ to meshes: faces are split by group and material, and each distinct (position, normal,
// texcoord) triple becomes one mesh vertex.
#include "renderer/meshfiles/obj_file.h"

#include "renderer/core/scene_error.h"

#include <fmt/format.h>
#include <map>
#include <stdexcept>
#include <tiny_obj_loader.h>
#include <tuple>

namespace lrt {

namespace {

// The mesh vertex of OBJ corner `i`: its position, and its normal and texture coordinates when
// the file has them (per-vertex arrays missing some are dropped once the mesh is complete).
void addVertex(const tinyobj::attrib_t& attrib, const tinyobj::index_t& i, MeshData& mesh) {
    const auto v = static_cast<std::size_t>(i.vertex_index);
    mesh.positions.push_back(
        {attrib.vertices[3 * v], attrib.vertices[3 * v + 1], attrib.vertices[3 * v + 2]});
    if (i.normal_index >= 0 &&
        static_cast<std::size_t>(3 * i.normal_index + 2) < attrib.normals.size()) {
        const auto n = static_cast<std::size_t>(i.normal_index);
        mesh.normals.push_back(
            {attrib.normals[3 * n], attrib.normals[3 * n + 1], attrib.normals[3 * n + 2]});
    }
    if (i.texcoord_index >= 0 &&
        static_cast<std::size_t>(2 * i.texcoord_index + 1) < attrib.texcoords.size()) {
        const auto t = static_cast<std::size_t>(i.texcoord_index);
        // OBJ's v runs up the image; lrt's t runs down it, as in RenderMan.
        mesh.st.push_back({attrib.texcoords[2 * t], 1.0f - attrib.texcoords[2 * t + 1]});
    }
}

// The meshes of one OBJ group, one per material.
void addGroup(const tinyobj::attrib_t& attrib, const tinyobj::shape_t& shape,
              const std::filesystem::path& path, ObjFile& file) {
    const std::size_t positionCount = attrib.vertices.size() / 3;
    std::map<int, ObjMesh> byMaterial;
    std::map<int, std::map<std::tuple<int, int, int>, int>> vertexIndex;
    std::size_t corner = 0;
    for (std::size_t face = 0; face < shape.mesh.num_face_vertices.size(); ++face) {
        const int material =
            face < shape.mesh.material_ids.size() ? shape.mesh.material_ids[face] : -1;
        ObjMesh& mesh = byMaterial[material];
        mesh.group = shape.name;
        mesh.material = material < static_cast<int>(file.materials.size()) ? material : -1;
        auto& indexOf = vertexIndex[material];
        std::array<int, 3> triangle{};
        for (std::size_t k = 0; k < 3; ++k) {
            const tinyobj::index_t& i = shape.mesh.indices[corner + k];
            if (i.vertex_index < 0 || static_cast<std::size_t>(i.vertex_index) >= positionCount)
                throw std::runtime_error(
                    fmt::format("OBJ file '{}': face {} of '{}' uses a missing vertex",
                                path.string(), face, shape.name));
            const auto key = std::make_tuple(i.vertex_index, i.normal_index, i.texcoord_index);
            auto [it, inserted] =
                indexOf.emplace(key, static_cast<int>(mesh.data.positions.size()));
            if (inserted)
                addVertex(attrib, i, mesh.data);
            triangle[k] = it->second;
        }
        mesh.data.triangles.push_back(triangle);
        corner += shape.mesh.num_face_vertices[face];
    }
    for (auto& [material, mesh] : byMaterial) {
        // Per-vertex arrays must cover every vertex or none.
        if (mesh.data.normals.size() != mesh.data.positions.size())
            mesh.data.normals.clear();
        if (mesh.data.st.size() != mesh.data.positions.size())
            mesh.data.st.clear();
        file.meshes.push_back(std::move(mesh));
    }
}

// A .mtl texture map (relative to the .mtl's folder, which tinyobjloader looks in: the .obj's),
// with its -s and -o options as the (s, t) mapping. .mtl's v runs up the image; lrt's meshes carry
// t = 1 - v, so the image's t' = 1 - (scale v + offset) = scale t + (1 - scale - offset).
TextureMap textureMap(const std::string& name, const tinyobj::texture_option_t& option,
                      const std::filesystem::path& directory) {
    TextureMap map;
    if (name.empty())
        return map;
    map.file = directory / name;
    map.uscale = option.scale[0];
    map.udelta = option.origin_offset[0];
    map.vscale = option.scale[1];
    map.vdelta = 1.0f - option.scale[1] - option.origin_offset[1];
    return map;
}

FileMaterial fileMaterial(const tinyobj::material_t& m, const std::filesystem::path& directory) {
    FileMaterial f;
    f.model = FileMaterial::Model::Phong;
    f.name = m.name;
    f.diffuse = {m.diffuse[0], m.diffuse[1], m.diffuse[2]};
    f.diffuseMap = textureMap(m.diffuse_texname, m.diffuse_texopt, directory);
    f.specular = {m.specular[0], m.specular[1], m.specular[2]};
    f.shininess = m.shininess;
    f.emission = {m.emission[0], m.emission[1], m.emission[2]};
    f.opacity = m.dissolve;
    f.ior = m.ior;
    f.illum = m.illum;
    f.normalMap = textureMap(m.normal_texname, m.normal_texopt, directory);
    for (const auto& [map, what] :
         {std::pair{&m.specular_texname, "map_Ks"}, std::pair{&m.bump_texname, "bump"},
          std::pair{&m.emissive_texname, "map_Ke"}, std::pair{&m.alpha_texname, "map_d"},
          std::pair{&m.displacement_texname, "disp"},
          std::pair{&m.specular_highlight_texname, "map_Ns"},
          std::pair{&m.reflection_texname, "refl"}})
        if (!map->empty())
            f.unsupported.push_back(fmt::format("{} {}", what, *map));
    return f;
}

} // namespace

ObjFile loadObjFile(const std::filesystem::path& path) {
    tinyobj::ObjReaderConfig config;
    config.triangulate = true;
    config.vertex_color = false;
    config.mtl_search_path = path.parent_path().string();
    tinyobj::ObjReader reader;
    if (!reader.ParseFromFile(path.string(), config))
        throw std::runtime_error(
            fmt::format("cannot read OBJ file '{}': {}", path.string(),
                        reader.Error().empty() ? "unknown error" : reader.Error()));
    ObjFile file;
    file.warnings = reader.Warning();
    for (const tinyobj::material_t& m : reader.GetMaterials())
        file.materials.push_back(fileMaterial(m, path.parent_path()));
    for (const tinyobj::shape_t& shape : reader.GetShapes())
        addGroup(reader.GetAttrib(), shape, path, file);
    if (file.meshes.empty())
        throw std::runtime_error(fmt::format("OBJ file '{}' has no faces", path.string()));
    return file;
}

} // namespace lrt
