// The statements that say how surfaces look: Surface, Texture, MakeNamedSurface and NamedSurface.
// A Surface's own parameters go to its material; a "texture" parameter binds a named texture to one
// of its float or colour parameters; Cs, alpha and alphacutoff belong to every Surface statement
// (kSurfaceStatementParameters); Surface "mix" chooses between two named surfaces.
#include "renderer/core/parameter_problems.h"
#include "renderer/parser/parser.h"
#include "renderer/parser/scene_parser.h"
#include "slvm/common/suggestion.h"

#include <fmt/format.h>

namespace lrt {

namespace {

const ParameterSpec kSurfaceStatementParameters[] = {
    {"Cs",
     ValueKind::Texture,
     {},
     {},
     "\"texture Cs\" \"name\": a texture that multiplies Color (or the vertex colours)"},
    {"alpha", ValueKind::Float, 1.0f, kReal.atLeast(0).atMost(1),
     "where the surface is (1) or is cut away (0); \"texture alpha\" takes a texture's red "
     "channel"},
    {"alphacutoff",
     ValueKind::Float,
     {},
     kReal.atLeast(0).atMost(1),
     "cut away where alpha is below it; without it, alpha is the chance that a ray hits"},
};

// Named surfaces made of mixes nest at most this deep (as pbrt-v4 imports do): the builder
// makes a mix's components recursively.
constexpr int kMaxMixDepth = 32;

// The names `map` holds, for a suggestion.
template <typename Map>
std::vector<std::string_view> namesIn(const Map& map) {
    std::vector<std::string_view> names;
    for (const auto& entry : map)
        names.emplace_back(entry.first);
    return names;
}

// A texture's input names, quoted, for messages: "tex1", "tex2" or "amount".
std::string inputList(const TextureSyntax& syntax) {
    std::vector<std::string_view> names;
    for (const TextureInput& input : syntax.inputs)
        names.push_back(input.name);
    return quotedList(names);
}

} // namespace

ParameterTable surfaceStatementParameterTable() {
    return kSurfaceStatementParameters;
}

std::shared_ptr<const TextureDescription> SceneParser::namedTexture(const Parameter& p,
                                                                    std::string_view what) const {
    const std::string& name = p.strings.front();
    const auto it = textures_.find(name);
    if (it == textures_.end())
        throw SceneError(
            p.where, fmt::format("parameter '{}' of {} names unknown texture '{}' (a Texture "
                                 "statement defines one before its use){}",
                                 p.name, what, name, slvm::didYouMean(name, namesIn(textures_))));
    return it->second;
}

// Texture "name" "type" parameters: the type's parameters, and its inputs as textures
// ("texture tex1" "other"), numbers (a grey) or colours; an input not given holds its default.
void SceneParser::texture(const Statement& s) {
    if (s.items.size() < 2)
        throw SceneError(s.where, "Texture expects a name and a texture type");
    const std::string name = s.stringAt(0);
    const std::string type = s.stringAt(1);
    const TextureSyntax* syntax = vocabulary_.textureWords().find(type);
    if (!syntax)
        expectChoice(type, vocabulary_.textureWords().names(), "texture type", s.items[1].where);
    if (const auto it = textures_.find(name); it != textures_.end())
        throw SceneError(s.items[0].where,
                         fmt::format("texture '{}' is already defined (at line {}, column {})",
                                     name, it->second->where.line, it->second->where.column));
    const std::string what = fmt::format("Texture \"{}\"", type);
    auto d = std::make_shared<TextureDescription>();
    d->type = type;
    d->directory = s.directory;
    d->worldToTexture = state_.transform().inverse();
    d->where = s.where;
    const ParameterList list = parameters(s, 2);
    for (const Parameter& p : list.all()) {
        const auto slot = std::find_if(syntax->inputs.begin(), syntax->inputs.end(),
                                       [&](const TextureInput& in) { return in.name == p.name; });
        if (slot == syntax->inputs.end()) {
            if (p.type == ParameterType::Texture)
                throw SceneError(p.where, fmt::format("parameter '{}' of {} takes no texture ({})",
                                                      p.name, what,
                                                      syntax->inputs.empty()
                                                          ? std::string("it has no inputs")
                                                          : "only " + inputList(*syntax) + " do"));
            d->parameters.add(p);
            continue;
        }
        if (d->inputs.contains(p.name))
            throw SceneError(p.where, fmt::format("input '{}' is given twice", p.name));
        d->inputs[p.name] = textureInput(p, what);
    }
    for (const TextureInput& slot : syntax->inputs)
        if (!d->inputs.contains(slot.name))
            d->inputs[std::string(slot.name)] = constantTexture(slot.fallback, s.where);
    // Checked now, not deferred to the builder as a Surface's are: a texture that nothing uses is
    // never built.
    if (auto problems = parameterProblems(d->parameters, syntax->parameters, what, s.where);
        !problems.empty())
        throw SceneError(std::move(problems));
    textures_[name] = std::move(d);
}

// An input of a texture: a named texture, one number (a grey) or three (a colour).
std::shared_ptr<const TextureDescription> SceneParser::textureInput(const Parameter& p,
                                                                    std::string_view what) const {
    if (p.type == ParameterType::Texture)
        return namedTexture(p, what);
    const bool numeric = p.type == ParameterType::Unspecified || p.type == ParameterType::Float ||
                         p.type == ParameterType::Color;
    if (!numeric || !p.strings.empty() || (p.numbers.size() != 1 && p.numbers.size() != 3))
        throw SceneError(p.where, fmt::format("input '{}' of {} takes a texture (\"texture {}\" "
                                              "\"name\"), a number or a colour [r g b]",
                                              p.name, what, p.name));
    const auto f = [&](std::size_t i) { return static_cast<float>(p.numbers[i]); };
    return constantTexture(p.numbers.size() == 1 ? Color(f(0)) : Color(f(0), f(1), f(2)), p.where);
}

void SceneParser::surface(const Statement& s) {
    applyLook(readSurface(s, 0), false);
}

// MakeNamedSurface "name" "type" parameters: a surface as Surface reads it, with the Color current
// here, kept for NamedSurface and for mixes.
void SceneParser::makeNamedSurface(const Statement& s) {
    const std::string name = s.stringAt(0);
    if (const auto it = namedSurfaces_.find(name); it != namedSurfaces_.end())
        throw SceneError(s.items[0].where,
                         fmt::format("surface '{}' is already defined (at line {}, column {})",
                                     name, it->second.look->surface.where.line,
                                     it->second.look->surface.where.column));
    NamedSurface named = readSurface(s, 1);
    namedSurfaces_[name] = std::move(named);
}

void SceneParser::namedSurface(const Statement& s) {
    s.expectCount(1);
    applyLook(namedSurfaceAt(s.stringAt(0), s.items[0].where), true);
}

const SceneParser::NamedSurface& SceneParser::namedSurfaceAt(const std::string& name,
                                                             const SourceLocation& where) const {
    const auto it = namedSurfaces_.find(name);
    if (it == namedSurfaces_.end())
        throw SceneError(where, fmt::format("unknown surface '{}' (MakeNamedSurface defines "
                                            "one before its use){}",
                                            name, slvm::didYouMean(name, namesIn(namedSurfaces_))));
    return it->second;
}

// Makes `named` the look of what follows: its material, textures and cut-out, and with `color`
// its Color too.
void SceneParser::applyLook(const NamedSurface& named, bool color) {
    const SurfaceAttributes& look = *named.look;
    SurfaceAttributes& a = state_.changeAttributes();
    a.surface = look.surface;
    a.colorTexture = look.colorTexture;
    a.parameterTextures = look.parameterTextures;
    a.mixed = look.mixed;
    a.alpha = look.alpha;
    a.alphaCutoff = look.alphaCutoff;
    if (color)
        a.color = look.color;
}

// The Surface (or MakeNamedSurface) whose name is item `at`, with the Color current now. The name
// is a built-in or an SL shader, which only the shader search path can tell. A built-in's
// parameters are checked against its table as they are read, so that a misspelt parameter is
// reported with the file's other errors even when the scene does not parse (checkParameters); an
// SL shader's when the builder finds the shader. Those every Surface takes are checked here.
SceneParser::NamedSurface SceneParser::readSurface(const Statement& s, std::size_t at) {
    const std::string name = s.stringAt(at);
    const std::string what = fmt::format("Surface \"{}\"", name);
    const EntitySyntax* entry =
        name == "mix" ? vocabulary_.mix : vocabulary_.materialWords().find(name);
    auto look = std::make_shared<SurfaceAttributes>();
    look->color = state_.attributes().color;
    NamedSurface named;
    ParameterList own, common;
    const Parameter* surfaces = nullptr;
    const ParameterList list = parameters(s, at + 1);
    for (const Parameter& p : list.all()) {
        // The list is split below into the surface's parameters, the statement's and the
        // bindings, where no one would see a name given twice.
        list.requireFirstOfItsName(p);
        if (p.name == "Cs" || p.name == "alpha" || p.name == "alphacutoff") {
            common.add(p);
        } else if (name == "mix" && p.name == "surfaces") {
            surfaces = &p;
        } else if (p.type == ParameterType::Texture) {
            bindParameterTexture(*look, p, entry, what);
        } else {
            own.add(p);
        }
    }
    if (entry)
        checkParameters(own, entry->parameters, what, s.where);
    readCommonParameters(*look, common, what, s.where);
    if (name == "mix") {
        if (!surfaces)
            throw SceneError(s.where, "Surface \"mix\" needs \"string surfaces\" [\"a\" \"b\"]: "
                                      "the two named surfaces it chooses between");
        if (look->colorTexture)
            throw SceneError(common.find("Cs")->where,
                             "Surface \"mix\" takes no \"Cs\": each of its surfaces keeps its own");
        named.mixDepth = mixComponents(*look, *surfaces);
    }
    look->surface = {name, std::move(own), s.where};
    named.look = std::move(look);
    return named;
}

// "texture P" "name" binds a texture to parameter P of the surface: its red channel to a float,
// its colour to a colour (which of them the surface takes, the builder says).
void SceneParser::bindParameterTexture(SurfaceAttributes& look, const Parameter& p,
                                       const EntitySyntax* entry, std::string_view what) const {
    if (entry) {
        const auto spec =
            std::find_if(entry->parameters.begin(), entry->parameters.end(),
                         [&](const ParameterSpec& candidate) { return candidate.name == p.name; });
        if (spec == entry->parameters.end()) {
            std::vector<std::string_view> names;
            for (const ParameterSpec& candidate : entry->parameters)
                names.push_back(candidate.name);
            throw SceneError(p.where, fmt::format("unknown parameter '{}' for {}{}", p.name, what,
                                                  slvm::didYouMean(p.name, names)));
        }
        if (spec->kind != ValueKind::Float && spec->kind != ValueKind::Rgb)
            throw SceneError(p.where,
                             fmt::format("parameter '{}' of {} is {}: only float and colour "
                                         "parameters take textures",
                                         p.name, what, valueKindName(spec->kind)));
    }
    look.parameterTextures[p.name] = {namedTexture(p, what), 0, p.where};
}

// Cs, alpha and alphacutoff.
void SceneParser::readCommonParameters(SurfaceAttributes& look, const ParameterList& common,
                                       std::string_view what, const SourceLocation& where) const {
    ParameterList numbers;
    for (const Parameter& p : common.all()) {
        if (p.name == "Cs") {
            if (p.type != ParameterType::Texture)
                throw SceneError(p.where, "parameter 'Cs' of a Surface is a texture: \"texture "
                                          "Cs\" \"name\" (Color sets a constant colour)");
            look.colorTexture = namedTexture(p, what);
        } else if (p.name == "alpha" && p.type == ParameterType::Texture) {
            look.alpha = namedTexture(p, what);
        } else {
            numbers.add(p);
        }
    }
    const Parameters p(numbers, kSurfaceStatementParameters, std::string(what), where);
    if (p.has("alpha") && p.getFloat("alpha") < 1)
        look.alpha = constantTexture(Color(p.getFloat("alpha")), p.where("alpha"));
    if (p.has("alphacutoff")) {
        if (!look.alpha && !common.has("alpha"))
            throw SceneError(p.where("alphacutoff"), "\"alphacutoff\" without \"alpha\"");
        look.alphaCutoff = p.getFloat("alphacutoff");
    }
}

// Surface "mix"'s "surfaces": two named surfaces. Returns the mix's depth.
int SceneParser::mixComponents(SurfaceAttributes& look, const Parameter& surfaces) const {
    if ((surfaces.type != ParameterType::Unspecified && surfaces.type != ParameterType::String) ||
        surfaces.strings.size() != 2 || !surfaces.numbers.empty())
        throw SceneError(surfaces.where, "\"surfaces\" of Surface \"mix\" names two named "
                                         "surfaces: \"string surfaces\" [\"a\" \"b\"]");
    int depth = 0;
    for (const std::string& name : surfaces.strings) {
        const NamedSurface& component = namedSurfaceAt(name, surfaces.where);
        look.mixed.push_back(component.look);
        depth = std::max(depth, component.mixDepth + 1);
    }
    if (depth > kMaxMixDepth)
        throw SceneError(surfaces.where,
                         fmt::format("mixes nested more than {} deep", kMaxMixDepth));
    return depth;
}

} // namespace lrt
