// Parameter tables: what each creatable thing (a shape, light, material, integrator...) accepts,
// as data beside its create() function, in the spirit of Mitsuba 3's plugin tables. The same table
// checks a statement's parameters (unknown names, types, domains), gives the defaults, and is what
// docs/scene-format.md is tested against, so the three cannot drift apart.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/parameter_list.h"
#include "renderer/core/vector.h"
#include "slvm/common/number_domain.h"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lrt {

// The value a parameter holds, as the docs name it.
enum class ValueKind {
    Float,    // one number
    Integer,  // one integer
    String,   // one string
    Rgb,      // [r g b]
    Point,    // [x y z]
    Floats,   // any count of numbers ("st" of a mesh)
    Integers, // any count of integers ("indices")
    Points,   // [x y z]... (positions)
    Normals,  // [x y z]... (normals)
    Rgbs,     // [r g b]... (per-vertex colours)
    Texture,  // a texture file name, or a colour
};
std::string_view valueKindName(ValueKind kind); // "float", "integer", ..., "point[]", "texture"

// The numbers a Float or Integer parameter may take (slvm/common/number_domain.h): any finite
// real unless its table narrows it; an Integer parameter's domain is always an integer one.
using slvm::kInteger;
using slvm::kReal;
using slvm::NumberDomain;

// The default of a parameter: none (absent means "not given"), or a value of its kind.
using DefaultValue = std::variant<std::monostate, float, int, Color, Vec3, std::string_view>;
std::string defaultText(const DefaultValue& value); // "0.5", "[1 1 1]", "\"mis\"", "none"

// The values a String parameter may take, or null for any string. A function rather than a list,
// so that a registry's names (the light samplers') are the choices without being written twice.
using ChoiceList = std::vector<std::string_view> (*)();

struct ParameterSpec {
    std::string_view name;
    ValueKind kind;
    DefaultValue fallback;
    NumberDomain domain;
    std::string_view meaning;
    ChoiceList choices = nullptr; // String only; checked while reading, as domains are

    // The domain its values are checked against and documented with: integral for Integer.
    NumberDomain numberDomain() const;
    // The domain as the docs state it: a number's domain, an Rgb's components' domain
    // ("each component a real in [0, 1]") where its table narrows it, a String's choices
    // ("\"a\", \"b\""), or empty for the other kinds (their components are any real, as every
    // number the lexer reads is finite).
    std::string domainText() const;
};
using ParameterTable = std::span<const ParameterSpec>;

// Two tables as one, for entities that share a group of parameters (the rough surfaces' roughness).
template <std::size_t A, std::size_t B>
constexpr std::array<ParameterSpec, A + B> joinTables(const std::array<ParameterSpec, A>& a,
                                                      const std::array<ParameterSpec, B>& b) {
    std::array<ParameterSpec, A + B> table{};
    for (std::size_t i = 0; i < A; ++i)
        table[i] = a[i];
    for (std::size_t i = 0; i < B; ++i)
        table[A + i] = b[i];
    return table;
}

// A positional argument of a statement (Format xres yres pixelaspectratio, Sphere radius ...).
struct ArgumentSpec {
    enum class Kind {
        Number,       // one number (bare, or the statement's numbers given as one [array])
        IntegerArray, // an [array] of integers
    };
    std::string_view name;
    Kind kind;
    std::string_view meaning;
    NumberDomain domain{}; // of a Number, or of each element of an IntegerArray
};
using ArgumentTable = std::span<const ArgumentSpec>;

// A ParameterList read against its table. Construction checks every parameter: a name given
// twice, an unknown name ("unknown parameter 'Kdd' for Surface "matte"") or a value of the wrong
// type, count or domain is an error at the parameter, and a SceneError holds every such error of
// the list. The getters return the given value or the table's default;
// asking for a name the table lacks is a bug in lrt (std::logic_error).
class Parameters {
public:
    // `what` names the statement in messages, `where` locates it.
    Parameters(const ParameterList& list, ParameterTable table, std::string what,
               SourceLocation where);

    bool has(std::string_view name) const { return list_.find(std::string(name)) != nullptr; }
    float getFloat(std::string_view name) const;
    int getInteger(std::string_view name) const;
    std::string getString(std::string_view name) const;
    Color getColor(std::string_view name) const;
    Vec3 getPoint(std::string_view name) const;
    std::vector<float> getFloats(std::string_view name) const; // empty when absent
    std::vector<int> getIntegers(std::string_view name) const; // empty when absent
    std::vector<Vec3> getTriples(std::string_view name) const; // Points, Normals, Colors
    std::optional<std::variant<std::string, Color>> getTexture(std::string_view name) const;

    // The domain of Float parameter `name`.
    NumberDomain domainOf(std::string_view name) const {
        return spec(name, ValueKind::Float).numberDomain();
    }
    // The domain of each component of Rgb parameter `name`.
    NumberDomain componentDomainOf(std::string_view name) const {
        return spec(name, ValueKind::Rgb).domain;
    }
    // Where parameter `name` was given, or the statement when it was not.
    SourceLocation where(std::string_view name) const;
    const SourceLocation& statement() const { return where_; }
    const ParameterList& list() const { return list_; }

private:
    const ParameterSpec& spec(std::string_view name, ValueKind kind) const;
    void checkParameter(const Parameter& p) const; // throws SceneError
    void check(const Parameter& p, const ParameterSpec& spec) const;

    const ParameterList& list_;
    ParameterTable table_;
    std::string what_;
    SourceLocation where_;
};

// "\"a\", \"b\" or \"c\"": how messages list the names a statement accepts.
std::string quotedList(const std::vector<std::string_view>& names);

// SceneError at `where` unless `value` is one of `choices`: "unknown <what> 'x' [for <owner>]
// (expected one of "a", "b" or "c")", with a did-you-mean. The one message for every closed set
// of names, whether a String parameter's choices (what: the parameter, owner: its statement) or
// a statement's names.
void expectChoice(std::string_view value, const std::vector<std::string_view>& choices,
                  std::string_view what, const SourceLocation& where, std::string_view owner = {});

} // namespace lrt
