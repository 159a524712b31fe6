// The statements between WorldBegin and WorldEnd: attributes, lights, shapes, object definitions
// and instances, vertex programs. Light and shape names are checked against their registries;
// their parameters are checked when the scene builder creates them.
#include "renderer/parser/scene_parser.h"
#include "renderer/parser/statement_arguments.h"
#include "slvm/common/suggestion.h"

#include <cmath>
#include <fmt/format.h>

namespace lrt {

namespace {
const ParameterSpec kAttributeParameters[] = {
    {"name", ValueKind::String, {}, {}, "a name for what follows, for messages and tools"},
};
} // namespace

ParameterTable attributeParameterTable() {
    return kAttributeParameters;
}

// ---- attributes ---------------------------------------------------------------------------------

void SceneParser::attributeBegin(const Statement& s) {
    s.expectCount(0);
    state_.pushAttributes("AttributeBegin", s.where);
}

void SceneParser::attributeEnd(const Statement& s) {
    s.expectCount(0);
    state_.popAttributes(s.name, "AttributeBegin", s.where);
}

void SceneParser::attribute(const Statement& s) {
    const std::string name = s.stringAt(0);
    const ParameterList list = parameters(s, 1);
    expectChoice(name, {"identifier"}, "attribute", s.items[0].where);
    const Parameters p(list, kAttributeParameters, "Attribute \"identifier\"", s.where);
    if (p.has("name"))
        state_.changeAttributes().identifier = p.getString("name");
}

void SceneParser::color(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("Color"));
    state_.changeAttributes().color = {static_cast<float>(n[0]), static_cast<float>(n[1]),
                                       static_cast<float>(n[2])};
}

void SceneParser::opacity(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("Opacity"));
    const Color c{static_cast<float>(n[0]), static_cast<float>(n[1]), static_cast<float>(n[2])};
    state_.changeAttributes().opacity = c;
}

void SceneParser::sides(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("Sides"));
    state_.changeAttributes().sides = static_cast<int>(n[0]);
}

void SceneParser::reverseOrientation(const Statement& s) {
    s.expectCount(0);
    SurfaceAttributes& a = state_.changeAttributes();
    a.reverseOrientation = !a.reverseOrientation;
}

// ---- lights -------------------------------------------------------------------------------------

// "name [handle] parameters": the items after the name are parameter pairs, plus one handle first
// when their count is odd (a number, as RIB writes it, or a string).
int SceneParser::addLight(const Statement& s, const std::string& type) {
    const bool handled = (s.items.size() - 1) % 2 == 1;
    ParameterList list = parameters(s, handled ? 2 : 1);
    checkParameters(list, vocabulary_.light(type, s.name == "AreaLightSource")->parameters,
                    fmt::format("LightSource \"{}\"", type), s.where);
    world_.lights.push_back({type, std::move(list), state_.transform(), s.where});
    const int index = static_cast<int>(world_.lights.size()) - 1;
    if (handled)
        lightHandles_[s.handleAt(1)] = index;
    return index;
}

void SceneParser::lightSource(const Statement& s) {
    if (currentObject_)
        throw SceneError(s.where, "LightSource inside ObjectBegin/ObjectEnd");
    const std::string type = s.stringAt(0);
    expectChoice(type, vocabulary_.lightNames(false), "light", s.items[0].where);
    addLight(s, type);
}

void SceneParser::areaLightSource(const Statement& s) {
    const std::string type = s.stringAt(0);
    expectChoice(type, vocabulary_.lightNames(true), "area light", s.items[0].where);
    const int index = addLight(s, type);
    state_.changeAttributes().areaLight = index;
}

void SceneParser::illuminate(const Statement& s) {
    s.expectCount(2);
    const std::string handle = s.handleAt(0);
    const auto it = lightHandles_.find(handle);
    if (it == lightHandles_.end())
        throw SceneError(s.items[0].where,
                         fmt::format("Illuminate names unknown light handle '{}'", handle));
    if (s.items[1].kind != Item::Kind::Number || (s.items[1].number != 0 && s.items[1].number != 1))
        throw SceneError(s.items[1].where, "Illuminate expects 0 (off) or 1 (on)");
    SurfaceAttributes& a = state_.changeAttributes();
    auto disabled = a.disabledLights ? *a.disabledLights : std::vector<int>{};
    std::erase(disabled, it->second);
    if (s.items[1].number == 0)
        disabled.push_back(it->second);
    a.disabledLights = std::make_shared<const std::vector<int>>(std::move(disabled));
}

// ---- shapes -------------------------------------------------------------------------------------

void SceneParser::addShape(const Statement& s, const ShapeSyntax& syntax,
                           std::vector<double> arguments, std::size_t parametersFrom) {
    ParameterList list = parameters(s, parametersFrom);
    checkParameters(list, syntax.parameters, shapeStatementName(syntax), s.where);
    ShapeDescription shape{
        std::string(syntax.name),  std::move(arguments), std::move(list), state_.transform(),
        state_.sharedAttributes(), s.directory.string(), s.where};
    if (currentObject_) {
        shape.objectToWorld = objectBase_.inverse() * state_.transform();
        currentObject_->shapes.push_back(std::move(shape));
    } else {
        world_.shapes.push_back(std::move(shape));
    }
}

// A RIB shape statement: its positional arguments as its entry lists them (numbers, or arrays of
// integers flattened after their lengths), then its parameters.
void SceneParser::shapeStatement(const Statement& s, const ShapeSyntax& syntax) {
    std::vector<double> numbers, lengths, elements;
    std::size_t next = 0;
    if (std::any_of(syntax.arguments.begin(), syntax.arguments.end(),
                    [](const ArgumentSpec& a) { return a.kind == ArgumentSpec::Kind::Number; }))
        numbers = s.argumentsAt(0, syntax.arguments, next);
    for (const ArgumentSpec& a : syntax.arguments) {
        if (a.kind != ArgumentSpec::Kind::IntegerArray)
            continue;
        const std::size_t i = next++;
        if (i >= s.items.size() || s.items[i].kind != Item::Kind::Array ||
            !s.items[i].strings.empty())
            throw SceneError(i < s.items.size() ? s.items[i].where : s.where,
                             fmt::format("{} expects an array of integers ({}) as argument {}",
                                         s.name, a.meaning, i + 1));
        for (const double v : s.items[i].numbers)
            if (const auto message = slvm::outsideDomain(
                    fmt::format("an element of {} of {}", a.name, s.name), v, a.domain))
                throw SceneError(s.items[i].where, *message);
        if (&a != &syntax.arguments.back())
            lengths.push_back(static_cast<double>(s.items[i].numbers.size()));
        elements.insert(elements.end(), s.items[i].numbers.begin(), s.items[i].numbers.end());
    }
    numbers.insert(numbers.end(), lengths.begin(), lengths.end());
    numbers.insert(numbers.end(), elements.begin(), elements.end());
    addShape(s, syntax, std::move(numbers), next);
}

void SceneParser::shape(const Statement& s) {
    const std::string type = s.stringAt(0);
    const ShapeSyntax* syntax = vocabulary_.shapeType(type);
    if (!syntax)
        expectChoice(type, vocabulary_.shapeTypeNames(), "shape", s.items[0].where);
    addShape(s, *syntax, {}, 1);
}

// ---- objects and vertex programs ----------------------------------------------------------------

void SceneParser::objectBegin(const Statement& s) {
    s.expectCount(1);
    if (currentObject_)
        throw SceneError(s.where, "ObjectBegin inside ObjectBegin: object definitions do not nest");
    const std::string name = s.handleAt(0);
    if (objectIndex_.contains(name))
        throw SceneError(s.items[0].where, fmt::format("object '{}' is already defined", name));
    currentObject_ = ObjectDefinition{name, {}, s.where};
    objectBase_ = state_.transform();
    state_.pushAttributes("ObjectBegin", s.where);
}

void SceneParser::objectEnd(const Statement& s) {
    s.expectCount(0);
    if (!currentObject_)
        throw SceneError(s.where, "ObjectEnd without ObjectBegin");
    state_.popAttributes(s.name, "ObjectBegin", s.where);
    objectIndex_[currentObject_->name] = static_cast<int>(world_.objects.size());
    world_.objects.push_back(std::move(*currentObject_));
    currentObject_.reset();
}

void SceneParser::objectInstance(const Statement& s) {
    s.expectCount(1);
    if (currentObject_)
        throw SceneError(s.where,
                         "ObjectInstance inside ObjectBegin: object definitions do not nest");
    const std::string name = s.handleAt(0);
    const auto it = objectIndex_.find(name);
    if (it == objectIndex_.end())
        throw SceneError(s.items[0].where,
                         fmt::format("ObjectInstance of undefined object '{}'", name));
    world_.instances.push_back({it->second, state_.transform(), s.where});
}

// Binds a vertex program for the shapes that follow in the attribute block; "" unbinds.
void SceneParser::vertexProgram(const Statement& s) {
    const std::string file = s.stringAt(0);
    SurfaceAttributes& a = state_.changeAttributes();
    if (file.empty())
        a.vertexProgram.reset();
    else
        a.vertexProgram = std::make_shared<const VertexProgramDescription>(
            VertexProgramDescription{file, parameters(s, 1), s.directory.string(), s.where});
}

} // namespace lrt
