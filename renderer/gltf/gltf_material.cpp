// glTF 2.0 materials as FileMaterials: the metallic-roughness core with its textures, and the
// material extensions lrt renders (KHR_materials_ior, _transmission, _clearcoat, _specular,
// _sheen, _emissive_strength, KHR_texture_transform); what it does not is noted for a warning.
#include "renderer/gltf/gltf_material.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <initializer_list>
#include <optional>

namespace lrt {

namespace {

// A relative URI's path: %XX escapes decoded (RFC 3986, as glTF 2.0 requires of URIs).
std::string uriDecoded(const std::string& uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
            out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

// A material's texture (a TextureInfo or NormalTextureInfo): its image, and the offset and scale
// of KHR_texture_transform as the map's (s, t) mapping.
template <typename Info>
TextureMap textureMap(const tinygltf::Model& model, const Info& info,
                      const std::filesystem::path& directory, const std::string& file,
                      std::vector<std::string>& notes) {
    TextureMap map;
    const int textureIndex = info.index;
    if (textureIndex < 0 || static_cast<std::size_t>(textureIndex) >= model.textures.size())
        return map;
    const int source = model.textures[static_cast<std::size_t>(textureIndex)].source;
    if (source < 0 || static_cast<std::size_t>(source) >= model.images.size()) {
        notes.push_back(fmt::format("texture {} without an image", textureIndex));
        return map;
    }
    const tinygltf::Image& image = model.images[static_cast<std::size_t>(source)];
    if (info.texCoord != 0)
        notes.push_back(fmt::format("texture {} on TEXCOORD_{}", textureIndex, info.texCoord));
    if (const auto it = info.extensions.find("KHR_texture_transform");
        it != info.extensions.end()) {
        const tinygltf::Value& t = it->second;
        const auto pair = [&](const char* name, int i, double fallback) {
            return t.Has(name) && t.Get(name).IsArray() && t.Get(name).ArrayLen() == 2 &&
                           t.Get(name).Get(i).IsNumber()
                       ? static_cast<float>(t.Get(name).Get(i).GetNumberAsDouble())
                       : static_cast<float>(fallback);
        };
        map.uscale = pair("scale", 0, 1);
        map.vscale = pair("scale", 1, 1);
        map.udelta = pair("offset", 0, 0);
        map.vdelta = pair("offset", 1, 0);
        if (gltfNumber(t, "rotation", 0) != 0)
            notes.push_back(
                fmt::format("the rotation of texture {}'s KHR_texture_transform", textureIndex));
    }
    if (!image.uri.empty()) {
        map.file = directory / uriDecoded(image.uri);
        return map;
    }
    if (image.image.empty()) {
        notes.push_back(fmt::format("image {}, which is empty", source));
        return map;
    }
    // Embedded: a name unique to the file and image, whose extension tells OpenImageIO its type.
    const std::string extension = image.mimeType == "image/jpeg" ? ".jpg" : ".png";
    map.file = fmt::format("{}#image{}{}", file, source, extension);
    map.embedded = std::make_shared<const std::string>(image.image.begin(), image.image.end());
    return map;
}

// What reading a material's textures needs.
struct ReadContext {
    const tinygltf::Model& model;
    const std::filesystem::path& directory;
    const std::string& file;
};

// An extension's textureInfo `name` (an object with "index" and maybe "texCoord" and
// KHR_texture_transform), as tinygltf reads the core material's.
std::optional<tinygltf::TextureInfo> extensionTexture(const tinygltf::Value& extension,
                                                      const char* name) {
    if (!extension.IsObject() || !extension.Has(name) || !extension.Get(name).IsObject())
        return std::nullopt;
    const tinygltf::Value& v = extension.Get(name);
    tinygltf::TextureInfo info;
    info.index = static_cast<int>(gltfNumber(v, "index", -1));
    info.texCoord = static_cast<int>(gltfNumber(v, "texCoord", 0));
    if (v.Has("extensions") && v.Get("extensions").IsObject() &&
        v.Get("extensions").Has("KHR_texture_transform"))
        info.extensions["KHR_texture_transform"] = v.Get("extensions").Get("KHR_texture_transform");
    return info;
}

// What one channel of a texture stands for: `parameter`, as the channel times `factor`.
struct ChannelUse {
    const char* parameter;
    int channel;
    float factor;
};

// The texture that `info` names, if any, read once (its notes said once) however many parameters
// its channels stand for.
void floatMaps(const ReadContext& read, const tinygltf::TextureInfo& info,
               std::initializer_list<ChannelUse> uses, FileMaterial& f) {
    if (info.index < 0)
        return;
    const TextureMap map = textureMap(read.model, info, read.directory, read.file, f.unsupported);
    if (!map.empty())
        for (const ChannelUse& use : uses)
            f.floatMaps.push_back({use.parameter, map, use.channel, use.factor});
}

// KHR_materials_clearcoat's factors and textures (its normal map is noted as not rendered).
void clearcoat(const ReadContext& read, const tinygltf::Value& extension, FileMaterial& f) {
    f.clearcoat =
        static_cast<float>(std::clamp(gltfNumber(extension, "clearcoatFactor", 0), 0.0, 1.0));
    f.clearcoatRoughness = static_cast<float>(
        std::clamp(gltfNumber(extension, "clearcoatRoughnessFactor", 0), 0.0, 1.0));
    if (const auto info = extensionTexture(extension, "clearcoatTexture"))
        floatMaps(read, *info, {{"clearcoat", 0, f.clearcoat}}, f);
    if (const auto info = extensionTexture(extension, "clearcoatRoughnessTexture"))
        floatMaps(read, *info, {{"clearcoatroughness", 1, f.clearcoatRoughness}}, f);
    if (extension.Has("clearcoatNormalTexture"))
        f.unsupported.emplace_back("its clearcoatNormalTexture (KHR_materials_clearcoat)");
}

// KHR_materials_transmission's factor and texture (its red channel).
void transmission(const ReadContext& read, const tinygltf::Value& extension, FileMaterial& f) {
    f.transmission = static_cast<float>(gltfNumber(extension, "transmissionFactor", 0));
    if (const auto info = extensionTexture(extension, "transmissionTexture"))
        floatMaps(read, *info, {{"transmission", 0, f.transmission}}, f);
}

// A colour factor of an extension: three numbers, each clamped to [0, highest] (a component that
// is not a number takes the fallback's); `fallback` when it is absent or malformed.
Color colorFactor(const tinygltf::Value& extension, const char* name, Color fallback,
                  double highest) {
    if (!extension.IsObject() || !extension.Has(name))
        return fallback;
    const tinygltf::Value& c = extension.Get(name);
    if (!c.IsArray() || c.ArrayLen() != 3)
        return fallback;
    const float fallbacks[3] = {fallback.r, fallback.g, fallback.b};
    float rgb[3];
    for (int i = 0; i < 3; ++i) {
        const tinygltf::Value& v = c.Get(i);
        rgb[i] = v.IsNumber() ? static_cast<float>(std::clamp(v.GetNumberAsDouble(), 0.0, highest))
                              : fallbacks[i];
    }
    return {rgb[0], rgb[1], rgb[2]};
}

// A colour texture of an extension, `parameter` as its colour times `factor`.
void colorMap(const ReadContext& read, const tinygltf::Value& extension, const char* name,
              const char* parameter, Color factor, FileMaterial& f) {
    const auto info = extensionTexture(extension, name);
    if (!info || info->index < 0)
        return;
    const TextureMap map = textureMap(read.model, *info, read.directory, read.file, f.unsupported);
    if (!map.empty())
        f.colorMaps.push_back({parameter, map, factor});
}

// KHR_materials_sheen's factors and textures: the colour texture's RGB and the roughness
// texture's alpha.
void sheen(const ReadContext& read, const tinygltf::Value& extension, FileMaterial& f) {
    f.sheenColor = colorFactor(extension, "sheenColorFactor", Color(0), 1.0);
    f.sheenRoughness =
        static_cast<float>(std::clamp(gltfNumber(extension, "sheenRoughnessFactor", 0), 0.0, 1.0));
    if (const auto info = extensionTexture(extension, "sheenRoughnessTexture"))
        floatMaps(read, *info, {{"sheenroughness", 3, f.sheenRoughness}}, f);
    colorMap(read, extension, "sheenColorTexture", "sheencolor", f.sheenColor, f);
}

// KHR_materials_specular's factors and textures: the strength texture's alpha and the colour
// texture's RGB.
void specular(const ReadContext& read, const tinygltf::Value& extension, FileMaterial& f) {
    f.specularFactor =
        static_cast<float>(std::clamp(gltfNumber(extension, "specularFactor", 1), 0.0, 1.0));
    f.specularColorFactor = colorFactor(extension, "specularColorFactor", Color(1), 1e6);
    if (const auto info = extensionTexture(extension, "specularTexture"))
        floatMaps(read, *info, {{"specular", 3, f.specularFactor}}, f);
    colorMap(read, extension, "specularColorTexture", "specularcolor", f.specularColorFactor, f);
}

} // namespace

FileMaterial readMaterial(const tinygltf::Model& model, std::size_t index,
                          const std::filesystem::path& directory, const std::string& file) {
    const tinygltf::Material& m = model.materials[index];
    const ReadContext read{model, directory, file};
    FileMaterial f;
    f.model = FileMaterial::Model::MetallicRoughness;
    f.name = m.name.empty() ? at("materials", index) : m.name;
    const auto& pbr = m.pbrMetallicRoughness;
    const auto& base = pbr.baseColorFactor;
    if (base.size() == 4)
        f.diffuse = Color{static_cast<float>(base[0]), static_cast<float>(base[1]),
                          static_cast<float>(base[2])};
    f.diffuseMap = textureMap(model, pbr.baseColorTexture, directory, file, f.unsupported);
    f.metallic = static_cast<float>(std::clamp(pbr.metallicFactor, 0.0, 1.0));
    f.roughness = static_cast<float>(std::clamp(pbr.roughnessFactor, 0.0, 1.0));
    // glTF: roughness is the texture's green times the factor, metallic its blue times the factor.
    floatMaps(read, pbr.metallicRoughnessTexture,
              {{"roughness", 1, f.roughness}, {"metallic", 2, f.metallic}}, f);
    f.normalMap = textureMap(model, m.normalTexture, directory, file, f.unsupported);
    f.normalScale = static_cast<float>(m.normalTexture.scale);
    if (m.occlusionTexture.index >= 0)
        f.unsupported.emplace_back("its occlusion map");
    f.emissiveMap = textureMap(model, m.emissiveTexture, directory, file, f.unsupported);
    float strength = 1;
    for (const auto& [name, value] : m.extensions) {
        if (name == "KHR_materials_emissive_strength")
            strength = static_cast<float>(gltfNumber(value, "emissiveStrength", 1));
        else if (name == "KHR_materials_ior")
            f.ior = static_cast<float>(gltfNumber(value, "ior", 1.5));
        else if (name == "KHR_materials_transmission")
            transmission(read, value, f);
        else if (name == "KHR_materials_clearcoat")
            clearcoat(read, value, f);
        else if (name == "KHR_materials_specular")
            specular(read, value, f);
        else if (name == "KHR_materials_sheen")
            sheen(read, value, f);
        else if (name != "KHR_texture_transform")
            f.unsupported.push_back(name);
    }
    if (m.emissiveFactor.size() == 3)
        f.emission =
            Color{static_cast<float>(m.emissiveFactor[0]), static_cast<float>(m.emissiveFactor[1]),
                  static_cast<float>(m.emissiveFactor[2])} *
            strength;
    if (m.alphaMode == "BLEND" && base.size() == 4)
        f.opacity = static_cast<float>(std::clamp(base[3], 0.0, 1.0));
    else if (m.alphaMode == "MASK") {
        f.alphaCutoff = static_cast<float>(std::clamp(m.alphaCutoff, 0.0, 1.0));
        if (base.size() == 4)
            f.baseAlpha = static_cast<float>(std::clamp(base[3], 0.0, 1.0));
    }
    return f;
}

} // namespace lrt
