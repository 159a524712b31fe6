#include "renderer/pbrt/pbrt_parameters.h"

#include "slvm/common/source_text.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace lrt::pbrt {

namespace {

struct TypeRule {
    const char* name;
    enum class Values { Numbers, Strings, Bools, NumbersOrString } values;
    std::size_t multiple; // numbers per value
    bool integral = false;
};

// pbrt-v4's parameter types, with pbrt-v3's spellings it still reads (point, vector, normal,
// color).
const TypeRule kTypes[] = {
    {"integer", TypeRule::Values::Numbers, 1, true},
    {"float", TypeRule::Values::Numbers, 1},
    {"point2", TypeRule::Values::Numbers, 2},
    {"vector2", TypeRule::Values::Numbers, 2},
    {"point3", TypeRule::Values::Numbers, 3},
    {"vector3", TypeRule::Values::Numbers, 3},
    {"normal3", TypeRule::Values::Numbers, 3},
    {"point", TypeRule::Values::Numbers, 3},
    {"vector", TypeRule::Values::Numbers, 3},
    {"normal", TypeRule::Values::Numbers, 3},
    {"rgb", TypeRule::Values::Numbers, 3},
    {"color", TypeRule::Values::Numbers, 3},
    {"blackbody", TypeRule::Values::Numbers, 1},
    {"spectrum", TypeRule::Values::NumbersOrString, 2},
    {"bool", TypeRule::Values::Bools, 1},
    {"string", TypeRule::Values::Strings, 1},
    {"texture", TypeRule::Values::Strings, 1},
};

const TypeRule* findType(const std::string& name) {
    for (const TypeRule& rule : kTypes)
        if (name == rule.name)
            return &rule;
    return nullptr;
}

std::string typeList(std::initializer_list<const char*> types) {
    std::string out;
    for (const char* t : types)
        out += (out.empty() ? "" : " or ") + std::string(t);
    return out;
}

} // namespace

ParameterList ParameterList::read(const Statement& s, std::size_t first) {
    ParameterList list;
    for (std::size_t i = first; i < s.items.size(); i += 2) {
        const Item& declaration = s.items[i];
        if (declaration.kind != Item::Kind::String)
            throw SceneError(declaration.where,
                             fmt::format("expected a parameter (a string \"type name\") in {}, "
                                         "found {}",
                                         s.name, kindName(declaration.kind)));
        const auto words = slvm::splitWords(declaration.string);
        if (words.size() != 2)
            throw SceneError(
                declaration.where,
                fmt::format("parameter \"{}\" must be written \"type name\"", declaration.string));
        Parameter p{std::string(words[0]), std::string(words[1]), {}, {}, declaration.where};
        const TypeRule* rule = findType(p.type);
        if (!rule)
            throw SceneError(declaration.where,
                             fmt::format("unknown parameter type '{}' (pbrt-v4 has integer, "
                                         "float, point2, vector2, point3, vector3, normal3, "
                                         "spectrum, rgb, blackbody, bool, string and texture)",
                                         p.type));
        if (i + 1 >= s.items.size())
            throw SceneError(declaration.where, fmt::format("parameter '{}' has no value", p.name));
        if (std::any_of(list.parameters_.begin(), list.parameters_.end(),
                        [&](const Parameter& q) { return q.name == p.name; }))
            throw SceneError(declaration.where,
                             fmt::format("parameter '{}' is given twice", p.name));
        const Item& value = s.items[i + 1];
        if (value.kind == Item::Kind::Number)
            p.numbers = {value.number};
        else if (value.kind == Item::Kind::String)
            p.strings = {value.string};
        else
            p.numbers = value.numbers, p.strings = value.strings;
        using Values = TypeRule::Values;
        const bool wantsStrings = rule->values == Values::Strings || rule->values == Values::Bools;
        const bool namedSpectrum = rule->values == Values::NumbersOrString && p.strings.size() == 1;
        if (wantsStrings ? !p.numbers.empty() || p.strings.empty()
                         : !namedSpectrum && (!p.strings.empty() || p.numbers.empty()))
            throw SceneError(value.where,
                             fmt::format("parameter '{}' is a {} and needs {}", p.name, p.type,
                                         wantsStrings ? "strings"
                                         : rule->values == Values::NumbersOrString
                                             ? "numbers or one spectrum name"
                                             : "numbers"));
        if (rule->values == Values::Bools)
            for (const std::string& b : p.strings)
                if (b != "true" && b != "false")
                    throw SceneError(
                        value.where,
                        fmt::format("bool '{}' must be true or false, not '{}'", p.name, b));
        if (p.numbers.size() % rule->multiple != 0)
            throw SceneError(value.where,
                             fmt::format("parameter '{}' of type {} needs a multiple of {} "
                                         "numbers, found {}",
                                         p.name, p.type, rule->multiple, p.numbers.size()));
        if (rule->integral)
            for (const double n : p.numbers)
                if (n != std::floor(n) || std::fabs(n) > 2147483647.0)
                    throw SceneError(value.where,
                                     fmt::format("integer '{}' has the value {}, which is not a "
                                                 "32-bit integer",
                                                 p.name, n));
        list.parameters_.push_back(std::move(p));
    }
    return list;
}

void ParameterList::addDefaults(const ParameterList& defaults) {
    for (const Parameter& d : defaults.parameters_)
        if (!std::any_of(parameters_.begin(), parameters_.end(),
                         [&](const Parameter& p) { return p.name == d.name; })) {
            parameters_.push_back(d);
            parameters_.back().used = false;
        }
}

const Parameter* ParameterList::find(const std::string& name) const {
    for (const Parameter& p : parameters_)
        if (p.name == name) {
            p.used = true;
            return &p;
        }
    return nullptr;
}

const Parameter* ParameterList::expect(const std::string& name,
                                       std::initializer_list<const char*> types,
                                       const char* what) const {
    const Parameter* p = find(name);
    if (!p)
        return nullptr;
    if (std::none_of(types.begin(), types.end(), [&](const char* t) { return p->type == t; }))
        throw SceneError(p->where, fmt::format("parameter '{}' must be {}, not {}", name,
                                               typeList(types), p->type));
    const std::size_t count = p->numbers.size() + p->strings.size();
    if (what && count != 1 && p->type != "point3" && p->type != "point" && p->type != "vector3" &&
        p->type != "vector" && p->type != "normal" && p->type != "normal3")
        throw SceneError(p->where, fmt::format("parameter '{}' takes one {}, found {} values", name,
                                               what, count));
    return p;
}

std::optional<float> ParameterList::getFloat(const std::string& name) const {
    const Parameter* p = expect(name, {"float"}, "number");
    return p ? std::optional<float>(static_cast<float>(p->numbers[0])) : std::nullopt;
}

std::optional<int> ParameterList::getInteger(const std::string& name) const {
    const Parameter* p = expect(name, {"integer"}, "integer");
    return p ? std::optional<int>(static_cast<int>(p->numbers[0])) : std::nullopt;
}

bool ParameterList::getBool(const std::string& name, bool fallback) const {
    const Parameter* p = expect(name, {"bool"}, "bool");
    return p ? p->strings[0] == "true" : fallback;
}

std::optional<std::string> ParameterList::getString(const std::string& name) const {
    const Parameter* p = expect(name, {"string"}, "string");
    return p ? std::optional<std::string>(p->strings[0]) : std::nullopt;
}

std::vector<std::string> ParameterList::getStrings(const std::string& name) const {
    const Parameter* p = expect(name, {"string"}, nullptr);
    return p ? p->strings : std::vector<std::string>{};
}

std::optional<Vec3> ParameterList::getPoint3(const std::string& name) const {
    const Parameter* p = expect(name, {"point3", "point", "vector3", "vector"}, "point");
    if (!p)
        return std::nullopt;
    if (p->numbers.size() != 3)
        throw SceneError(p->where, fmt::format("parameter '{}' takes one point, found {} numbers",
                                               name, p->numbers.size()));
    return Vec3{static_cast<float>(p->numbers[0]), static_cast<float>(p->numbers[1]),
                static_cast<float>(p->numbers[2])};
}

std::vector<double> ParameterList::getNumbers(const std::string& name,
                                              std::initializer_list<const char*> types) const {
    const Parameter* p = expect(name, types, nullptr);
    return p ? p->numbers : std::vector<double>{};
}

std::vector<const Parameter*> ParameterList::unused() const {
    std::vector<const Parameter*> out;
    for (const Parameter& p : parameters_)
        if (!p.used)
            out.push_back(&p);
    return out;
}

void ParameterList::markAllUsed() const {
    for (const Parameter& p : parameters_)
        p.used = true;
}

} // namespace lrt::pbrt
