// Typed access to parameter lists, with errors at the parameter's own location.
#include "renderer/core/parameter_list.h"

#include "renderer/core/same_bytes.h"
#include "slvm/common/source_text.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace lrt {

std::optional<ParameterType> parseParameterType(const std::string& spelling) {
    // Storage classes ("uniform", "varying"...) come first; the type is the last word.
    const auto words = slvm::splitWords(spelling);
    const std::string last = words.empty() ? std::string() : std::string(words.back());
    const std::string base = last.substr(0, last.find('['));
    const bool pair = last.find("[2]") != std::string::npos;
    if (base == "float")
        return pair ? ParameterType::Float2 : ParameterType::Float;
    // Cg's vector names, for the uniforms of .cg shaders: floats, as many as the values given.
    if (base == "float2" || base == "float3" || base == "float4")
        return ParameterType::Float;
    if (base == "integer" || base == "int")
        return ParameterType::Integer;
    if (base == "string")
        return ParameterType::String;
    if (base == "color")
        return ParameterType::Color;
    if (base == "point")
        return ParameterType::Point;
    if (base == "vector")
        return ParameterType::Vector;
    if (base == "normal")
        return ParameterType::Normal;
    if (base == "texture")
        return ParameterType::Texture;
    return std::nullopt;
}

const char* parameterTypeName(ParameterType type) {
    switch (type) {
    case ParameterType::Unspecified:
        return "untyped";
    case ParameterType::Float:
        return "float";
    case ParameterType::Integer:
        return "integer";
    case ParameterType::String:
        return "string";
    case ParameterType::Color:
        return "color";
    case ParameterType::Point:
        return "point";
    case ParameterType::Vector:
        return "vector";
    case ParameterType::Normal:
        return "normal";
    case ParameterType::Float2:
        return "float[2]";
    case ParameterType::Texture:
        return "texture";
    }
    return "?";
}

const Parameter* ParameterList::find(const std::string& name) const {
    for (const Parameter& p : parameters_)
        if (p.name == name)
            return &p;
    return nullptr;
}

void ParameterList::requireFirstOfItsName(const Parameter& p) const {
    if (const Parameter* first = find(p.name); first != &p)
        throw SceneError(p.where, fmt::format("parameter '{}' is given twice (first at line {}, "
                                              "column {})",
                                              p.name, first->where.line, first->where.column));
}

// Numbers compare by their bits: -0 and 0 may make different geometry.
bool ParameterList::sameValuesAs(const ParameterList& other) const {
    return std::equal(parameters_.begin(), parameters_.end(), other.parameters_.begin(),
                      other.parameters_.end(), [](const Parameter& a, const Parameter& b) {
                          return a.name == b.name && a.type == b.type &&
                                 sameBytes(a.numbers, b.numbers) && a.strings == b.strings;
                      });
}

const Parameter& ParameterList::expectNumbers(const Parameter& p,
                                              std::initializer_list<ParameterType> types,
                                              std::size_t multiple, const char* what) const {
    bool typeOk = p.type == ParameterType::Unspecified;
    for (const ParameterType t : types)
        typeOk = typeOk || p.type == t;
    if (!typeOk)
        throw SceneError(p.where, fmt::format("parameter '{}' is declared {} but must be {}",
                                              p.name, parameterTypeName(p.type), what));
    if (!p.strings.empty())
        throw SceneError(p.where,
                         fmt::format("parameter '{}' must be {}, not a string", p.name, what));
    if (p.numbers.empty() || p.numbers.size() % multiple != 0)
        throw SceneError(p.where,
                         fmt::format("parameter '{}' must be {}: found {} number{}", p.name, what,
                                     p.numbers.size(), p.numbers.size() == 1 ? "" : "s"));
    return p;
}

float ParameterList::getFloat(const std::string& name, float fallback) const {
    const Parameter* p = find(name);
    if (!p)
        return fallback;
    expectNumbers(*p, {ParameterType::Float, ParameterType::Integer}, 1, "one number");
    if (p->numbers.size() != 1)
        throw SceneError(p->where, fmt::format("parameter '{}' must be one number: found {}", name,
                                               p->numbers.size()));
    return static_cast<float>(p->numbers[0]);
}

int ParameterList::getInteger(const std::string& name, int fallback) const {
    const Parameter* p = find(name);
    if (!p)
        return fallback;
    const auto values = getIntegers(name);
    if (values.size() != 1)
        throw SceneError(p->where, fmt::format("parameter '{}' must be one integer: found {}", name,
                                               values.size()));
    return values[0];
}

Color ParameterList::getColor(const std::string& name, Color fallback) const {
    const Parameter* p = find(name);
    if (!p)
        return fallback;
    expectNumbers(*p, {ParameterType::Color}, 3, "a colour [r g b]");
    if (p->numbers.size() != 3)
        throw SceneError(p->where,
                         fmt::format("parameter '{}' must be a colour [r g b]: found {} numbers",
                                     name, p->numbers.size()));
    return {static_cast<float>(p->numbers[0]), static_cast<float>(p->numbers[1]),
            static_cast<float>(p->numbers[2])};
}

Vec3 ParameterList::getPoint(const std::string& name, Vec3 fallback) const {
    const Parameter* p = find(name);
    if (!p)
        return fallback;
    const auto triples = getTriples(name);
    if (triples.size() != 1)
        throw SceneError(p->where,
                         fmt::format("parameter '{}' must be one point [x y z]: found {} numbers",
                                     name, p->numbers.size()));
    return triples[0];
}

std::string ParameterList::getString(const std::string& name, const std::string& fallback) const {
    const Parameter* p = find(name);
    if (!p)
        return fallback;
    if ((p->type != ParameterType::Unspecified && p->type != ParameterType::String) ||
        p->strings.size() != 1 || !p->numbers.empty())
        throw SceneError(p->where, fmt::format("parameter '{}' must be one string", name));
    return p->strings[0];
}

std::vector<float> ParameterList::getFloats(const std::string& name) const {
    const Parameter* p = find(name);
    if (!p)
        return {};
    expectNumbers(*p, {ParameterType::Float, ParameterType::Float2, ParameterType::Integer}, 1,
                  "numbers");
    return std::vector<float>(p->numbers.begin(), p->numbers.end());
}

std::vector<int> ParameterList::getIntegers(const std::string& name) const {
    const Parameter* p = find(name);
    if (!p)
        return {};
    expectNumbers(*p, {ParameterType::Integer}, 1, "integers");
    std::vector<int> values;
    for (const double v : p->numbers) {
        if (v != std::floor(v) || v < -2147483648.0 || v > 2147483647.0)
            throw SceneError(p->where,
                             fmt::format("parameter '{}' must be integers: found {}", name, v));
        values.push_back(static_cast<int>(v));
    }
    return values;
}

std::vector<Vec3> ParameterList::getTriples(const std::string& name) const {
    const Parameter* p = find(name);
    if (!p)
        return {};
    expectNumbers(
        *p,
        {ParameterType::Point, ParameterType::Vector, ParameterType::Normal, ParameterType::Color},
        3, "a list of [x y z] triples");
    std::vector<Vec3> triples;
    for (std::size_t i = 0; i < p->numbers.size(); i += 3)
        triples.push_back({static_cast<float>(p->numbers[i]), static_cast<float>(p->numbers[i + 1]),
                           static_cast<float>(p->numbers[i + 2])});
    return triples;
}

std::optional<std::variant<std::string, Color>>
ParameterList::getTextureOrColor(const std::string& name) const {
    const Parameter* p = find(name);
    if (!p)
        return std::nullopt;
    if (!p->strings.empty())
        return getString(name, "");
    return getColor(name, {});
}

} // namespace lrt
