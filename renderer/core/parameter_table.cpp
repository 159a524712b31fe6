// Reading parameter lists through their tables.
#include "renderer/core/parameter_table.h"

#include "slvm/common/suggestion.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

std::string_view valueKindName(ValueKind kind) {
    switch (kind) {
    case ValueKind::Float:
        return "float";
    case ValueKind::Integer:
        return "integer";
    case ValueKind::String:
        return "string";
    case ValueKind::Rgb:
        return "color";
    case ValueKind::Point:
        return "point";
    case ValueKind::Floats:
        return "float[]";
    case ValueKind::Integers:
        return "integer[]";
    case ValueKind::Points:
        return "point[]";
    case ValueKind::Normals:
        return "normal[]";
    case ValueKind::Rgbs:
        return "color[]";
    case ValueKind::Texture:
        return "texture";
    }
    return "?";
}

NumberDomain ParameterSpec::numberDomain() const {
    return kind == ValueKind::Integer ? domain.integral() : domain;
}

std::string ParameterSpec::domainText() const {
    if (kind == ValueKind::Float || kind == ValueKind::Integer)
        return numberDomain().text();
    if (kind == ValueKind::Rgb && domain != kReal)
        return "each component " + domain.text();
    if (choices) {
        std::string text;
        for (const std::string_view choice : choices())
            text += fmt::format("{}\"{}\"", text.empty() ? "" : ", ", choice);
        return text;
    }
    return "";
}

std::string defaultText(const DefaultValue& value) {
    struct Text {
        std::string operator()(std::monostate) const { return "none"; }
        std::string operator()(float v) const { return fmt::format("{}", v); }
        std::string operator()(int v) const { return fmt::format("{}", v); }
        std::string operator()(Color c) const { return fmt::format("[{} {} {}]", c.r, c.g, c.b); }
        std::string operator()(Vec3 p) const { return fmt::format("[{} {} {}]", p.x, p.y, p.z); }
        std::string operator()(std::string_view s) const { return fmt::format("\"{}\"", s); }
    };
    return std::visit(Text{}, value);
}

std::string quotedList(const std::vector<std::string_view>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += i + 1 == names.size() ? " or " : ", ";
        out += fmt::format("\"{}\"", names[i]);
    }
    return out;
}

void expectChoice(std::string_view value, const std::vector<std::string_view>& choices,
                  std::string_view what, const SourceLocation& where, std::string_view owner) {
    for (const std::string_view choice : choices)
        if (choice == value)
            return;
    const std::string of = owner.empty() ? "" : fmt::format(" for {}", owner);
    throw SceneError(where, fmt::format("unknown {} '{}'{} (expected {}{}){}", what, value, of,
                                        choices.size() > 1 ? "one of " : "", quotedList(choices),
                                        slvm::didYouMean(value, choices)));
}

Parameters::Parameters(const ParameterList& list, ParameterTable table, std::string what,
                       SourceLocation where)
    : list_(list), table_(table), what_(std::move(what)), where_(where) {
    // Every parameter is checked, so that one run names every misspelt or mistyped one.
    std::vector<Diagnostic> problems;
    for (const Parameter& p : list.all()) {
        try {
            checkParameter(p);
        } catch (const SceneError& e) {
            problems.insert(problems.end(), e.diagnostics().begin(), e.diagnostics().end());
        }
    }
    if (!problems.empty())
        throw SceneError(std::move(problems));
}

void Parameters::checkParameter(const Parameter& p) const {
    list_.requireFirstOfItsName(p);
    const ParameterSpec* known = nullptr;
    for (const ParameterSpec& s : table_)
        if (s.name == p.name)
            known = &s;
    if (!known) {
        std::vector<std::string_view> names;
        for (const ParameterSpec& s : table_)
            names.push_back(s.name);
        throw SceneError(p.where, fmt::format("unknown parameter '{}' for {}{}", p.name, what_,
                                              slvm::didYouMean(p.name, names)));
    }
    check(p, *known);
}

// Reading a value through ParameterList's getters checks its declared type and count.
void Parameters::check(const Parameter& p, const ParameterSpec& s) const {
    double number = 0;
    switch (s.kind) {
    case ValueKind::Float:
        list_.getFloat(p.name, 0);
        number = p.numbers[0]; // as written: beyond float's range is outside every domain
        break;
    case ValueKind::Integer:
        number = list_.getInteger(p.name, 0);
        break;
    case ValueKind::String:
        if (const std::string value = list_.getString(p.name, ""); s.choices)
            expectChoice(value, s.choices(), p.name, p.where, what_);
        return;
    case ValueKind::Rgb: {
        const Color c = list_.getColor(p.name, {});
        for (const float component : {c.r, c.g, c.b})
            if (const auto message = slvm::outsideDomain(
                    fmt::format("a component of {} of {}", p.name, what_), component, s.domain))
                throw SceneError(p.where, *message);
        return;
    }
    case ValueKind::Point:
        list_.getPoint(p.name, {});
        return;
    case ValueKind::Floats:
        list_.getFloats(p.name);
        return;
    case ValueKind::Integers:
        list_.getIntegers(p.name);
        return;
    case ValueKind::Points:
    case ValueKind::Normals:
    case ValueKind::Rgbs:
        list_.getTriples(p.name);
        return;
    case ValueKind::Texture:
        list_.getTextureOrColor(p.name);
        return;
    }
    if (const auto message =
            slvm::outsideDomain(fmt::format("{} of {}", p.name, what_), number, s.numberDomain()))
        throw SceneError(p.where, *message);
}

const ParameterSpec& Parameters::spec(std::string_view name, ValueKind kind) const {
    for (const ParameterSpec& s : table_)
        if (s.name == name) {
            if (s.kind != kind)
                break;
            return s;
        }
    throw std::logic_error(fmt::format("{} reads parameter '{}' as {}, which its table does not "
                                       "list so",
                                       what_, name, valueKindName(kind)));
}

namespace {
// The table's default, which must be of type T (a table and its reader disagreeing is a bug).
template <typename T>
T fallbackOf(const ParameterSpec& s) {
    if (const T* value = std::get_if<T>(&s.fallback))
        return *value;
    throw std::logic_error(
        fmt::format("parameter '{}' has no default of the type it is read as", s.name));
}
} // namespace

float Parameters::getFloat(std::string_view name) const {
    const ParameterSpec& s = spec(name, ValueKind::Float);
    return has(name) ? list_.getFloat(std::string(name), 0) : fallbackOf<float>(s);
}

int Parameters::getInteger(std::string_view name) const {
    const ParameterSpec& s = spec(name, ValueKind::Integer);
    return has(name) ? list_.getInteger(std::string(name), 0) : fallbackOf<int>(s);
}

std::string Parameters::getString(std::string_view name) const {
    const ParameterSpec& s = spec(name, ValueKind::String);
    if (has(name))
        return list_.getString(std::string(name), "");
    // A string without a default reads as empty: "not given".
    return std::holds_alternative<std::monostate>(s.fallback)
               ? std::string()
               : std::string(fallbackOf<std::string_view>(s));
}

Color Parameters::getColor(std::string_view name) const {
    const ParameterSpec& s = spec(name, ValueKind::Rgb);
    return has(name) ? list_.getColor(std::string(name), {}) : fallbackOf<Color>(s);
}

Vec3 Parameters::getPoint(std::string_view name) const {
    const ParameterSpec& s = spec(name, ValueKind::Point);
    return has(name) ? list_.getPoint(std::string(name), {}) : fallbackOf<Vec3>(s);
}

std::vector<float> Parameters::getFloats(std::string_view name) const {
    spec(name, ValueKind::Floats);
    return list_.getFloats(std::string(name));
}

std::vector<int> Parameters::getIntegers(std::string_view name) const {
    spec(name, ValueKind::Integers);
    return list_.getIntegers(std::string(name));
}

std::vector<Vec3> Parameters::getTriples(std::string_view name) const {
    for (const ParameterSpec& s : table_)
        if (s.name == name && (s.kind == ValueKind::Points || s.kind == ValueKind::Normals ||
                               s.kind == ValueKind::Rgbs))
            return list_.getTriples(std::string(name));
    spec(name, ValueKind::Points); // throws: not a list of triples
    return {};
}

std::optional<std::variant<std::string, Color>>
Parameters::getTexture(std::string_view name) const {
    spec(name, ValueKind::Texture);
    return list_.getTextureOrColor(std::string(name));
}

SourceLocation Parameters::where(std::string_view name) const {
    const Parameter* p = list_.find(std::string(name));
    return p ? p->where : where_;
}

} // namespace lrt
