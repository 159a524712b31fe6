// A material as a mesh file describes it: an OBJ file's .mtl material or a glTF 2.0
// metallic-roughness material, kept as the file says it until the scene builder maps it onto
// lrt's surfaces, textures and area lights (docs/import.md has the mapping).
#pragma once

#include "renderer/core/color.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace lrt {

// An image a material names, and where its (s, t) fall on it: s' = uscale s + udelta,
// t' = vscale t + vdelta in the image's coordinates (t down the image, as lrt's meshes).
struct TextureMap {
    std::filesystem::path file; // an image file; for embedded images, a name ending in its type
    std::shared_ptr<const std::string> embedded; // the image's bytes when the file holds them
    float uscale = 1, vscale = 1, udelta = 0, vdelta = 0;

    bool empty() const { return file.empty(); }
};

// A texture standing for a float parameter of the material's surface: `factor` times channel
// `channel` (0 red, 1 green, 2 blue, 3 alpha) of a linear image, as glTF's metallicRoughnessTexture
// gives roughness (green) and metallic (blue).
struct FloatMap {
    std::string parameter; // of lrt's surface: "roughness", "metallic", "clearcoat"...
    TextureMap map;
    int channel = 0;
    float factor = 1;
};

// A texture standing for a colour parameter: its colour (sRGB-decoded) times `factor`, as glTF's
// sheenColorTexture and specularColorTexture.
struct ColorMap {
    std::string parameter; // of lrt's surface: "sheencolor", "specularcolor"
    TextureMap map;
    Color factor{1, 1, 1};
};

struct FileMaterial {
    enum class Model {
        Phong,             // an OBJ .mtl material: Kd, Ks, Ns, illum...
        MetallicRoughness, // glTF 2.0's core material
    };
    Model model = Model::Phong;
    std::string name;
    Color diffuse{1, 1, 1}; // Kd, or glTF's base colour factor
    TextureMap diffuseMap; // map_Kd, or baseColorTexture (it replaces Kd, multiplies a base colour)
    Color specular;        // Ks
    float shininess = 0;   // Ns
    Color emission;        // Ke, or emissiveFactor (times KHR_materials_emissive_strength)
    TextureMap emissiveMap; // glTF's emissiveTexture (sRGB), which multiplies emission
    float opacity = 1;      // d (or 1 - Tr), or the base colour's alpha under alphaMode BLEND
    // glTF's alphaMode MASK: the surface is cut away where the base colour's alpha (its factor's
    // times its texture's) is below alphaCutoff; negative when it is not masked.
    float alphaCutoff = -1;
    float baseAlpha = 1;
    float ior = 1.5f;                            // Ni, or KHR_materials_ior
    int illum = 2;                               // the .mtl illumination model
    float metallic = 0;                          // glTF
    float roughness = 1;                         // glTF: GGX alpha is roughness^2
    float transmission = 0;                      // glTF's KHR_materials_transmission
    float clearcoat = 0, clearcoatRoughness = 0; // glTF's KHR_materials_clearcoat
    float specularFactor = 1;                    // glTF's KHR_materials_specular
    Color specularColorFactor{1, 1, 1};
    Color sheenColor; // glTF's KHR_materials_sheen
    float sheenRoughness = 0;
    std::vector<FloatMap> floatMaps; // textured factors
    std::vector<ColorMap> colorMaps;
    // A tangent-space normal map (glTF's normalTexture, .mtl's norm), linear, and glTF's scale of
    // its x and y.
    TextureMap normalMap;
    float normalScale = 1;
    // What the file asks for that lrt does not render ("map_Ks", "a normal map"...), for the
    // warning that names the material.
    std::vector<std::string> unsupported;
};

} // namespace lrt
