// Looking words up in a scene vocabulary.
#include "renderer/description/scene_vocabulary.h"

#include <fmt/format.h>

namespace lrt {

std::string shapeStatementName(const ShapeSyntax& shape) {
    return shape.statement.empty() ? fmt::format("Shape \"{}\"", shape.name)
                                   : std::string(shape.statement);
}

const ShapeSyntax* SceneVocabulary::shapeType(std::string_view type) const {
    for (const ShapeSyntax* shape : shapes)
        if (shape->statement.empty() && shape->name == type)
            return shape;
    return nullptr;
}

const ShapeSyntax* SceneVocabulary::shapeStatement(std::string_view statement) const {
    for (const ShapeSyntax* shape : shapes)
        if (!shape->statement.empty() && shape->statement == statement)
            return shape;
    return nullptr;
}

std::vector<std::string_view> SceneVocabulary::shapeTypeNames() const {
    std::vector<std::string_view> names;
    for (const ShapeSyntax* shape : shapes)
        if (shape->statement.empty())
            names.push_back(shape->name);
    return names;
}

const LightSyntax* SceneVocabulary::light(std::string_view name, bool area) const {
    for (const LightSyntax* light : lights)
        if (light->name == name && light->area == area)
            return light;
    return nullptr;
}

std::vector<std::string_view> SceneVocabulary::lightNames(bool area) const {
    std::vector<std::string_view> names;
    for (const LightSyntax* light : lights)
        if (light->area == area)
            names.push_back(light->name);
    return names;
}

std::vector<ParameterTable> SceneVocabulary::parameterTables() const {
    std::vector<ParameterTable> tables;
    for (const ShapeSyntax* shape : shapes)
        tables.push_back(shape->parameters);
    for (const LightSyntax* light : lights)
        tables.push_back(light->parameters);
    for (const EntitySyntax* material : materials)
        tables.push_back(material->parameters);
    tables.push_back(shaderParameters);
    if (mix)
        tables.push_back(mix->parameters);
    for (const TextureSyntax* texture : textures)
        tables.push_back(texture->parameters);
    for (const auto* words : {&integrators, &projections})
        for (const EntitySyntax* word : *words)
            tables.push_back(word->parameters);
    return tables;
}

} // namespace lrt
