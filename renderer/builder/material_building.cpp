// One material per distinct set of surface attributes, and built-in surfaces for OBJ materials.
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/materials/material_registry.h"

namespace lrt {

const Material* SceneBuilder::material(const SurfaceAttributes& a) {
    const auto it = materials_.find(&a);
    if (it != materials_.end())
        return it->second;
    MaterialContext context{
        a.surface.name,   a.surface.where, sceneDirectory(), shaders_, frame_.options.shaderOptions,
        scene_->textures_};
    scene_->materials_.push_back(createMaterial(a.surface.parameters, context));
    const Material* made = scene_->materials_.back().get();
    materials_[&a] = made;
    return made;
}

// A built-in surface for an OBJ .mtl material: plastic when it has a specular colour, else matte
// (its colour is the primitive's, from the .mtl's Kd).
const Material* SceneBuilder::objMaterial(const ObjMaterial& m, const SourceLocation& where) {
    ParameterList parameters;
    std::string_view name = "matte";
    const auto set = [&](const char* parameter, std::vector<double> numbers) {
        parameters.add({parameter, ParameterType::Unspecified, std::move(numbers), {}, {}});
    };
    set("Kd", {1.0});
    set("Ka", {1.0});
    if (!m.specular.isBlack()) {
        name = "plastic";
        set("Ks", {1.0});
        set("roughness", {m.shininess > 0 ? 8.0f / m.shininess : 0.1f});
        set("specularcolor", {m.specular.r, m.specular.g, m.specular.b});
    }
    MaterialContext context{
        name, where, sceneDirectory(), shaders_, frame_.options.shaderOptions, scene_->textures_};
    scene_->materials_.push_back(createMaterial(parameters, context));
    return scene_->materials_.back().get();
}

} // namespace lrt
