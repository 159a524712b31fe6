// RIB parameter lists: "name" value pairs with optional inline types ("float Kd"), with typed
// getters that check types and counts at the parameter's own location. Which names a statement
// accepts is its ParameterTable's business (renderer/core/parameter_table.h).
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/scene_error.h"
#include "renderer/core/vector.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lrt {

enum class ParameterType {
    Unspecified,
    Float,
    Integer,
    String,
    Color,
    Point,
    Vector,
    Normal,
    Float2,
    Texture // one string: the name of a texture a Texture statement defined
};

// Parses a RIB type spelling ("float", "uniform color", "float[2]"...); nullopt if unknown.
std::optional<ParameterType> parseParameterType(const std::string& spelling);
const char* parameterTypeName(ParameterType type);

struct Parameter {
    std::string name;
    ParameterType type = ParameterType::Unspecified;
    std::vector<double> numbers;
    std::vector<std::string> strings;
    SourceLocation where;
};

class ParameterList {
public:
    void add(Parameter parameter) { parameters_.push_back(std::move(parameter)); }
    bool has(const std::string& name) const { return find(name) != nullptr; }
    const Parameter* find(const std::string& name) const;
    // Throws SceneError at `p`, one of this list's parameters, when an earlier one has its name:
    // find() reads the first of a name, so a second would go unread.
    void requireFirstOfItsName(const Parameter& p) const;
    // Every parameter, in the order given, for consumers whose names follow a pattern ("c[N]").
    const std::vector<Parameter>& all() const { return parameters_; }
    // The same parameters, in the same order, with the same types and values, wherever they were
    // written: what makes the same thing when created.
    bool sameValuesAs(const ParameterList& other) const;

    float getFloat(const std::string& name, float fallback) const;
    int getInteger(const std::string& name, int fallback) const;
    Color getColor(const std::string& name, Color fallback) const;
    Vec3 getPoint(const std::string& name, Vec3 fallback) const;
    std::string getString(const std::string& name, const std::string& fallback) const;

    std::vector<float> getFloats(const std::string& name) const; // empty when absent
    std::vector<int> getIntegers(const std::string& name) const; // empty when absent
    std::vector<Vec3> getTriples(const std::string& name) const; // points, normals, colours
    // A texture binding: a file name or a colour (SL's t0-t7).
    std::optional<std::variant<std::string, Color>>
    getTextureOrColor(const std::string& name) const;

private:
    const Parameter& expectNumbers(const Parameter& p, std::initializer_list<ParameterType> types,
                                   std::size_t multiple, const char* what) const;
    std::vector<Parameter> parameters_;
};

} // namespace lrt
