// One material per distinct set of surface attributes, built-in surfaces for the materials of
// mesh files (OBJ, glTF), and the colour textures that multiply a surface's Color.
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/mix_material.h"
#include "renderer/textures/constant_texture.h"
#include "renderer/textures/scale_texture.h"
#include "renderer/textures/texture_registry.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace lrt {

const Material* SceneBuilder::material(const SurfaceAttributes& a) {
    const auto it = materials_.find(&a);
    if (it != materials_.end())
        return it->second;
    ParameterTextures textures;
    for (const auto& [name, bound] : a.parameterTextures)
        textures[name] = {colorTexture(*bound.texture), bound.channel, bound.where};
    MaterialContext context = materialContext(a.surface.name, a.surface.where, textures);
    if (a.mixed.size() == 2) {
        std::array<MixMaterial::Component, 2> components;
        for (std::size_t i = 0; i < 2; ++i) {
            const SurfaceAttributes& c = *a.mixed[i];
            components[i] = {material(c), c.color,
                             c.colorTexture ? colorTexture(*c.colorTexture) : nullptr};
        }
        parts_.materials.push_back(MixMaterial::create(a.surface.parameters, context, components));
    } else {
        parts_.materials.push_back(createMaterial(a.surface.parameters, context));
    }
    const Material* made = parts_.materials.back().get();
    materials_[&a] = made;
    return made;
}

MaterialContext SceneBuilder::materialContext(std::string_view name, const SourceLocation& where,
                                              const ParameterTextures& textures) {
    return {name,
            where,
            sceneDirectory(),
            shaders_,
            frame_.options.shaderOptions,
            parts_.textures,
            ParameterTextureBindings(textures)};
}

namespace {

// Below this GGX alpha lrt's microfacet lobes are numerically a mirror.
constexpr float kSmoothAlpha = 1e-3f;

bool isOneOf(int value, std::initializer_list<int> values) {
    return std::find(values.begin(), values.end(), value) != values.end();
}

// GGX alpha from a .mtl specular exponent, by the rule Blender's exporter writes Ns with:
// Ns = 1000 (1 - roughness)^2, and alpha = roughness^2.
float alphaOfExponent(float ns) {
    const float roughness = 1.0f - std::sqrt(std::clamp(ns, 0.0f, 1000.0f) / 1000.0f);
    return roughness * roughness;
}

// The built-in surface for a .mtl material: glass for the refracting illumination models (4, 6, 7,
// 9); a GGX conductor for the reflecting ones (3, 5, 8), coloured by Kd (where Blender writes a
// metal's base colour) or else Ks; plastic when it has a specular colour; matte when not.
std::string_view phongSurface(const FileMaterial& m, ParameterList& p, SurfaceLook& look,
                              const SourceLocation& where) {
    const auto set = [&](const char* name, std::vector<double> numbers) {
        p.add({name, ParameterType::Unspecified, std::move(numbers), {}, where});
    };
    const float alpha = alphaOfExponent(m.shininess);
    if (isOneOf(m.illum, {4, 6, 7, 9})) {
        set("eta", {m.ior > 1 ? m.ior : 1.5f});
        look.color = Color{1, 1, 1};
        return "glass";
    }
    if (isOneOf(m.illum, {3, 5, 8})) {
        look.color = m.diffuse.isBlack() ? m.specular : m.diffuse;
        if (alpha < kSmoothAlpha) {
            set("Kr", {1.0});
            return "mirror";
        }
        set("Ks", {1.0});
        set("roughness", {alpha});
        return "metal";
    }
    set("Kd", {1.0});
    set("Ka", {1.0});
    if (m.specular.isBlack())
        return "matte";
    set("Ks", {1.0});
    set("roughness", {std::max(alpha, kSmoothAlpha)});
    set("specularcolor", {m.specular.r, m.specular.g, m.specular.b});
    return "plastic";
}

// The built-in surface for a glTF metallic-roughness material: lrt's metallicroughness, glTF's
// BRDF with the same metallic, roughness, index (KHR_materials_ior) and transmission
// (KHR_materials_transmission); the base colour is the surface's Color.
std::string_view metallicRoughnessSurface(const FileMaterial& m, ParameterList& p,
                                          const SourceLocation& where) {
    for (const auto& [name, value] :
         {std::pair{"metallic", m.metallic}, std::pair{"roughness", m.roughness},
          std::pair{"ior", std::max(m.ior, 1.0f)}, std::pair{"transmission", m.transmission},
          std::pair{"clearcoat", m.clearcoat},
          std::pair{"clearcoatroughness", m.clearcoatRoughness},
          std::pair{"specular", m.specularFactor}, std::pair{"sheenroughness", m.sheenRoughness}})
        p.add({name, ParameterType::Unspecified, {value}, {}, where});
    for (const auto& [name, c] :
         {std::pair{"specularcolor", m.specularColorFactor}, std::pair{"sheencolor", m.sheenColor}})
        p.add({name, ParameterType::Color, {c.r, c.g, c.b}, {}, where});
    return "metallicroughness";
}

} // namespace

SurfaceLook SceneBuilder::fileMaterialLook(const FileMaterial& m, const ShapeDescription& d) {
    SurfaceLook look;
    look.color = m.diffuse;
    look.emission = m.emission;
    ParameterList parameters;
    const bool phong = m.model == FileMaterial::Model::Phong;
    const std::string_view name = phong ? phongSurface(m, parameters, look, d.where)
                                        : metallicRoughnessSurface(m, parameters, d.where);
    if (name != "glass" && m.opacity < 1)
        look.opacity = Color(std::max(m.opacity, 0.0f));
    if (!m.diffuseMap.empty()) {
        look.texture = imageTexture(m.diffuseMap, d.where);
        if (phong) // producers write a placeholder Kd beside map_Kd, which the map replaces
            look.color = Color{1, 1, 1};
    }
    if (!m.emissiveMap.empty() && !look.emission.isBlack())
        look.emissionTexture = imageTexture(m.emissiveMap, d.where);
    if (!m.normalMap.empty()) {
        look.normalMap = imageTexture(m.normalMap, d.where, "linear");
        look.normalScale = m.normalScale;
    }
    if (m.alphaCutoff >= 0) {
        const ColorTexture* alpha =
            m.diffuseMap.empty()
                ? constantTexture(Color(m.baseAlpha))
                : scaledTexture(imageTexture(m.diffuseMap, d.where, "linear", "alpha"),
                                Color(m.baseAlpha));
        look.cutout = {alpha, m.alphaCutoff};
    }
    ParameterTextures textures;
    for (const FloatMap& f : m.floatMaps)
        textures[f.parameter] = {
            scaledTexture(imageTexture(f.map, d.where, "linear", f.channel == 3 ? "alpha" : "rgb"),
                          Color(f.factor)),
            f.channel == 3 ? 0 : f.channel, d.where};
    for (const ColorMap& c : m.colorMaps)
        textures[c.parameter] = {scaledTexture(imageTexture(c.map, d.where), c.factor), 0, d.where};
    MaterialContext context = materialContext(name, d.where, textures);
    parts_.materials.push_back(createMaterial(parameters, context));
    look.material = parts_.materials.back().get();
    // Each warning says one thing: what is left out, or what stands in for what.
    const std::string material = fmt::format("{} material \"{}\"", phong ? "OBJ" : "glTF", m.name);
    for (const std::string& feature : m.unsupported)
        substitution(d.where, fmt::format("{}: {} is not rendered", material, feature));
    return look;
}

const ColorTexture* SceneBuilder::imageTexture(const TextureMap& map, const SourceLocation& where,
                                               const char* encoding, const char* channels) {
    auto d = std::make_shared<TextureDescription>();
    d->type = "imagemap";
    d->where = where;
    d->parameters.add({"filename", ParameterType::String, {}, {map.file.string()}, where});
    d->parameters.add({"encoding", ParameterType::String, {}, {encoding}, where});
    d->parameters.add({"channels", ParameterType::String, {}, {channels}, where});
    for (const auto& [name, value] :
         {std::pair{"uscale", map.uscale}, std::pair{"vscale", map.vscale},
          std::pair{"udelta", map.udelta}, std::pair{"vdelta", map.vdelta}})
        d->parameters.add({name, ParameterType::Float, {value}, {}, where});
    if (map.embedded) {
        if (!parts_.textures)
            parts_.textures = std::make_unique<TextureSystem>();
        parts_.textures->addEmbedded(map.file, map.embedded);
    }
    fileTextures_.push_back(d);
    return colorTexture(*d);
}

const ColorTexture* SceneBuilder::scaledTexture(const ColorTexture* texture, Color factor) {
    if (factor == Color(1))
        return texture;
    return parts_.colorTextures
        .emplace_back(std::make_unique<ScaleTexture>(*texture, *constantTexture(factor)))
        .get();
}

const ColorTexture* SceneBuilder::constantTexture(Color value) {
    return parts_.colorTextures.emplace_back(std::make_unique<ConstantTexture>(value)).get();
}

const ColorTexture* SceneBuilder::colorTexture(const TextureDescription& d) {
    return createTexture(d, parts_.textures, colorTextures_,
                         [&](std::unique_ptr<ColorTexture> texture) {
                             parts_.colorTextures.push_back(std::move(texture));
                             return parts_.colorTextures.back().get();
                         });
}

} // namespace lrt
