// pbrt-v4's parameter lists: "type name" value pairs, every value typed inline ("float radius"
// [1], "rgb reflectance" [.5 .5 .5], "bool twosided" true). Read once per statement, checked for
// well-formed types and counts; each getter checks the type it expects at the parameter's own
// location and marks the parameter used, so that what lrt does not use can be reported.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/scene_error.h"
#include "renderer/core/vector.h"
#include "renderer/parser/statement_reader.h"

#include <optional>
#include <string>
#include <vector>

namespace lrt::pbrt {

struct Parameter {
    std::string type; // as pbrt-v4 spells it: "float", "point3", "rgb", "spectrum", ...
    std::string name;
    std::vector<double> numbers;
    std::vector<std::string> strings; // string, texture and bool values, or a named spectrum
    SourceLocation where;
    mutable bool used = false;
};

class ParameterList {
public:
    // The pairs of `s` from item `first` on; throws SceneError for an unknown type, a value of
    // the wrong kind or count, or a name given twice.
    static ParameterList read(const Statement& s, std::size_t first);
    // Adds the parameters of `defaults` (Attribute "shape" ...) this list does not give itself.
    void addDefaults(const ParameterList& defaults);
    bool empty() const { return parameters_.empty(); }

    // The parameter called `name`, or null; marks it used.
    const Parameter* find(const std::string& name) const;
    // Single values; each throws SceneError when the parameter has another type.
    std::optional<float> getFloat(const std::string& name) const;
    float getFloat(const std::string& name, float fallback) const {
        return getFloat(name).value_or(fallback);
    }
    std::optional<int> getInteger(const std::string& name) const;
    int getInteger(const std::string& name, int fallback) const {
        return getInteger(name).value_or(fallback);
    }
    bool getBool(const std::string& name, bool fallback) const;
    std::optional<std::string> getString(const std::string& name) const;
    std::string getString(const std::string& name, const std::string& fallback) const {
        return getString(name).value_or(fallback);
    }
    std::vector<std::string> getStrings(const std::string& name) const;
    std::optional<Vec3> getPoint3(const std::string& name) const;
    // Arrays: every value of a parameter of one of `types`; empty when absent.
    std::vector<double> getNumbers(const std::string& name,
                                   std::initializer_list<const char*> types) const;

    // The parameters no getter asked for, in the order given.
    std::vector<const Parameter*> unused() const;
    // Marks every parameter used (a statement that is skipped whole reports itself once).
    void markAllUsed() const;

private:
    const Parameter* expect(const std::string& name, std::initializer_list<const char*> types,
                            const char* what) const;
    std::vector<Parameter> parameters_;
};

} // namespace lrt::pbrt
