// Reading glTF 2.0 materials (private to renderer/gltf/): gltf_material.cpp turns a tinygltf
// material into the FileMaterial the scene builder maps onto lrt's surfaces.
#pragma once

#include "renderer/description/file_material.h"

#include <cstddef>
#include <filesystem>
#include <fmt/format.h>
#include <string>
#include <tiny_gltf.h>

namespace lrt {

// Material `index` of `model`, read from `file` in `directory` (external images are named
// relative to it; embedded ones get names unique to the file).
FileMaterial readMaterial(const tinygltf::Model& model, std::size_t index,
                          const std::filesystem::path& directory, const std::string& file);

// Member `name` of a JSON object as a number, or `fallback` when it is absent or not a number.
inline double gltfNumber(const tinygltf::Value& object, const char* name, double fallback) {
    if (!object.IsObject() || !object.Has(name))
        return fallback;
    const tinygltf::Value& v = object.Get(name);
    return v.IsNumber() ? v.GetNumberAsDouble() : fallback;
}

// "array[index]": how messages name an element of one of the file's arrays.
inline std::string at(const char* array, std::size_t index) {
    return fmt::format("{}[{}]", array, index);
}

} // namespace lrt
