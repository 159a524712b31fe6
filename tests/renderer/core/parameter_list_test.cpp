// RIB parameter lists: type spellings, and each typed getter with its fallback and its errors.
#include "renderer/core/parameter_list.h"

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

using namespace lrt;

namespace {

// A parameter as the parser makes it: "name" at line 3, column `column` of "params.lrt".
Parameter param(std::string name, ParameterType type, std::vector<double> numbers,
                std::vector<std::string> strings = {}, int column = 7) {
    return {std::move(name), type, std::move(numbers), std::move(strings),
            SourceLocation{"params.lrt", 3, column}};
}

ParameterList listOf(std::initializer_list<Parameter> parameters) {
    ParameterList list;
    for (const Parameter& p : parameters)
        list.add(p);
    return list;
}

std::string describe(const Parameter& p) {
    std::ostringstream out;
    out << "'" << p.name << "' declared " << parameterTypeName(p.type) << ", numbers [";
    for (const double v : p.numbers)
        out << " " << v;
    out << " ], strings [";
    for (const std::string& s : p.strings)
        out << " \"" << s << "\"";
    out << " ]";
    return out.str();
}

// Calls `get` and expects a SceneError at the parameter (params.lrt:3:7) whose message
// contains `message`.
template <typename Get>
void expectError(const Parameter& p, Get get, const std::string& message) {
    INFO("parameter " << describe(p));
    const ParameterList list = listOf({p});
    try {
        get(list);
        FAIL("no error");
    } catch (const SceneError& e) {
        INFO("error: " << e.what());
        CHECK(e.where().file == "params.lrt");
        CHECK(e.where().line == 3);
        CHECK(e.where().column == 7);
        CHECK_THAT(std::string(e.what()), Catch::Contains(message));
    }
}

} // namespace

TEST_CASE("RIB type spellings, with storage classes", "[parameters]") {
    const std::vector<std::pair<const char*, ParameterType>> spellings = {
        {"float", ParameterType::Float},
        {"integer", ParameterType::Integer},
        {"int", ParameterType::Integer},
        {"string", ParameterType::String},
        {"color", ParameterType::Color},
        {"point", ParameterType::Point},
        {"vector", ParameterType::Vector},
        {"normal", ParameterType::Normal},
        {"float[2]", ParameterType::Float2},
        {"uniform float", ParameterType::Float},
        {"varying color", ParameterType::Color},
        {"vertex point", ParameterType::Point},
        {"constant normal", ParameterType::Normal},
        {"facevarying float[2]", ParameterType::Float2},
        {"uniform   integer", ParameterType::Integer},
    };
    for (const auto& [spelling, type] : spellings) {
        INFO("spelling '" << spelling << "'");
        const auto parsed = parseParameterType(spelling);
        REQUIRE(parsed.has_value());
        CHECK(*parsed == type);
    }
    for (const char* unknown : {"", "double", "Float", "floats", "uniform", "colour", "bool"}) {
        INFO("spelling '" << unknown << "'");
        CHECK_FALSE(parseParameterType(unknown).has_value());
    }
}

TEST_CASE("parameter type names", "[parameters]") {
    CHECK(std::string(parameterTypeName(ParameterType::Unspecified)) == "untyped");
    CHECK(std::string(parameterTypeName(ParameterType::Float)) == "float");
    CHECK(std::string(parameterTypeName(ParameterType::Integer)) == "integer");
    CHECK(std::string(parameterTypeName(ParameterType::String)) == "string");
    CHECK(std::string(parameterTypeName(ParameterType::Color)) == "color");
    CHECK(std::string(parameterTypeName(ParameterType::Point)) == "point");
    CHECK(std::string(parameterTypeName(ParameterType::Vector)) == "vector");
    CHECK(std::string(parameterTypeName(ParameterType::Normal)) == "normal");
    CHECK(std::string(parameterTypeName(ParameterType::Float2)) == "float[2]");
}

TEST_CASE("has, find and all keep the parameters as given", "[parameters]") {
    const ParameterList list = listOf({param("Kd", ParameterType::Float, {0.5}),
                                       param("map", ParameterType::String, {}, {"a.png"}),
                                       param("Kd", ParameterType::Float, {0.7})});
    CHECK(list.has("Kd"));
    CHECK_FALSE(list.has("kd")); // names are case-sensitive
    CHECK_FALSE(list.has(""));
    REQUIRE(list.find("map") != nullptr);
    CHECK(list.find("map")->strings == std::vector<std::string>{"a.png"});
    CHECK(list.find("absent") == nullptr);
    // The first of two parameters of one name is found; all() keeps both, in order.
    CHECK(list.find("Kd")->numbers == std::vector<double>{0.5});
    REQUIRE(list.all().size() == 3);
    CHECK(list.all()[0].name == "Kd");
    CHECK(list.all()[1].name == "map");
    CHECK(list.all()[2].numbers == std::vector<double>{0.7});
}

TEST_CASE("every getter returns its fallback for an absent parameter", "[parameters]") {
    const ParameterList list = listOf({param("other", ParameterType::Float, {1})});
    CHECK(list.getFloat("x", 2.5f) == 2.5f);
    CHECK(list.getInteger("x", -7) == -7);
    CHECK(list.getColor("x", Color{0.1f, 0.2f, 0.3f}) == Color{0.1f, 0.2f, 0.3f});
    CHECK(list.getPoint("x", Vec3{1, 2, 3}) == Vec3{1, 2, 3});
    CHECK(list.getString("x", "fallback") == "fallback");
    CHECK(list.getFloats("x").empty());
    CHECK(list.getIntegers("x").empty());
    CHECK(list.getTriples("x").empty());
    CHECK_FALSE(list.getTextureOrColor("x").has_value());
}

TEST_CASE("getFloat reads one number, untyped, float or integer", "[parameters]") {
    CHECK(listOf({param("x", ParameterType::Unspecified, {2.5})}).getFloat("x", 0) == 2.5f);
    CHECK(listOf({param("x", ParameterType::Float, {-0.25})}).getFloat("x", 0) == -0.25f);
    CHECK(listOf({param("x", ParameterType::Integer, {3})}).getFloat("x", 0) == 3.0f);
    const auto get = [](const ParameterList& l) { return l.getFloat("x", 0); };
    expectError(param("x", ParameterType::Color, {1}), get,
                "parameter 'x' is declared color but must be one number");
    expectError(param("x", ParameterType::Float2, {1}), get,
                "parameter 'x' is declared float[2] but must be one number");
    expectError(param("x", ParameterType::Float, {1, 2}), get,
                "parameter 'x' must be one number: found 2");
    expectError(param("x", ParameterType::Unspecified, {}), get,
                "parameter 'x' must be one number: found 0 numbers");
    expectError(param("x", ParameterType::Unspecified, {}, {"1.5"}), get,
                "parameter 'x' must be one number, not a string");
}

TEST_CASE("getInteger reads one whole number within int32", "[parameters]") {
    CHECK(listOf({param("n", ParameterType::Integer, {7})}).getInteger("n", 0) == 7);
    CHECK(listOf({param("n", ParameterType::Unspecified, {-3})}).getInteger("n", 0) == -3);
    CHECK(listOf({param("n", ParameterType::Integer, {2147483647})}).getInteger("n", 0) ==
          2147483647);
    const auto get = [](const ParameterList& l) { return l.getInteger("n", 0); };
    expectError(param("n", ParameterType::Integer, {2.5}), get,
                "parameter 'n' must be integers: found 2.5");
    expectError(param("n", ParameterType::Integer, {-0.5}), get, "must be integers: found -0.5");
    // 2^31 and 3e9 do not fit an int32.
    expectError(param("n", ParameterType::Integer, {2147483648.0}), get, "must be integers");
    expectError(param("n", ParameterType::Integer, {3e9}), get, "must be integers");
    expectError(param("n", ParameterType::Integer, {-2147483649.0}), get, "must be integers");
    expectError(param("n", ParameterType::Float, {2}), get,
                "parameter 'n' is declared float but must be integers");
    expectError(param("n", ParameterType::Integer, {1, 2}), get,
                "parameter 'n' must be one integer: found 2");
    expectError(param("n", ParameterType::Integer, {}), get,
                "parameter 'n' must be integers: found 0 numbers");
    expectError(param("n", ParameterType::Unspecified, {}, {"7"}), get,
                "parameter 'n' must be integers, not a string");
}

// The whole int32 range is an integer parameter's, its smallest value included.
TEST_CASE("getInteger accepts the smallest int32", "[parameters]") {
    const ParameterList list = listOf({param("n", ParameterType::Integer, {-2147483648.0})});
    INFO("integer n [-2147483648]");
    int value = 0;
    CHECK_NOTHROW(value = list.getInteger("n", 0));
    CHECK(value == -2147483647 - 1);
}

TEST_CASE("getColor reads an [r g b] colour", "[parameters]") {
    CHECK(listOf({param("c", ParameterType::Color, {1, 0.5, 0.25})}).getColor("c", {}) ==
          Color{1, 0.5f, 0.25f});
    CHECK(listOf({param("c", ParameterType::Unspecified, {0, 0, 1})}).getColor("c", {}) ==
          Color{0, 0, 1});
    const auto get = [](const ParameterList& l) { return l.getColor("c", {}); };
    expectError(param("c", ParameterType::Point, {1, 2, 3}), get,
                "parameter 'c' is declared point but must be a colour [r g b]");
    expectError(param("c", ParameterType::Float, {1, 2, 3}), get, "is declared float");
    expectError(param("c", ParameterType::Color, {1, 2}), get,
                "parameter 'c' must be a colour [r g b]: found 2 numbers");
    expectError(param("c", ParameterType::Color, {1, 2, 3, 4, 5, 6}), get,
                "parameter 'c' must be a colour [r g b]: found 6 numbers");
    expectError(param("c", ParameterType::Unspecified, {}, {"red"}), get,
                "parameter 'c' must be a colour [r g b], not a string");
}

TEST_CASE("getPoint reads one [x y z] of a triple type", "[parameters]") {
    for (const ParameterType t : {ParameterType::Unspecified, ParameterType::Point,
                                  ParameterType::Vector, ParameterType::Normal}) {
        INFO("declared " << parameterTypeName(t));
        CHECK(listOf({param("p", t, {1, -2, 3.5})}).getPoint("p", {}) == Vec3{1, -2, 3.5f});
    }
    const auto get = [](const ParameterList& l) { return l.getPoint("p", {}); };
    expectError(param("p", ParameterType::Point, {1, 2, 3, 4, 5, 6}), get,
                "parameter 'p' must be one point [x y z]: found 6 numbers");
    expectError(param("p", ParameterType::Point, {1, 2}), get,
                "parameter 'p' must be a list of [x y z] triples: found 2 numbers");
    expectError(param("p", ParameterType::Float, {1, 2, 3}), get,
                "parameter 'p' is declared float but must be a list of [x y z] triples");
    expectError(param("p", ParameterType::Integer, {1, 2, 3}), get, "is declared integer");
    expectError(param("p", ParameterType::Unspecified, {}, {"origin"}), get, "not a string");
}

TEST_CASE("getString reads one string", "[parameters]") {
    CHECK(listOf({param("s", ParameterType::String, {}, {"mis"})}).getString("s", "") == "mis");
    CHECK(listOf({param("s", ParameterType::Unspecified, {}, {""})}).getString("s", "x") == "");
    const auto get = [](const ParameterList& l) { return l.getString("s", ""); };
    expectError(param("s", ParameterType::String, {}, {"a", "b"}), get,
                "parameter 's' must be one string");
    expectError(param("s", ParameterType::Unspecified, {1}), get,
                "parameter 's' must be one string");
    expectError(param("s", ParameterType::Color, {}, {"red"}), get,
                "parameter 's' must be one string");
    expectError(param("s", ParameterType::String, {}, {}), get, "parameter 's' must be one string");
}

TEST_CASE("getFloats reads any count of numbers", "[parameters]") {
    CHECK(listOf({param("st", ParameterType::Unspecified, {0, 0.5, 1})}).getFloats("st") ==
          std::vector<float>{0, 0.5f, 1});
    CHECK(listOf({param("st", ParameterType::Float2, {0, 1})}).getFloats("st") ==
          std::vector<float>{0, 1});
    CHECK(listOf({param("st", ParameterType::Integer, {4})}).getFloats("st") ==
          std::vector<float>{4});
    CHECK(listOf({param("st", ParameterType::Float, {0.25})}).getFloats("st") ==
          std::vector<float>{0.25f});
    const auto get = [](const ParameterList& l) { return l.getFloats("st"); };
    expectError(param("st", ParameterType::Color, {1, 2, 3}), get,
                "parameter 'st' is declared color but must be numbers");
    expectError(param("st", ParameterType::Unspecified, {}), get,
                "parameter 'st' must be numbers: found 0 numbers");
    expectError(param("st", ParameterType::Unspecified, {}, {"a"}), get,
                "parameter 'st' must be numbers, not a string");
}

TEST_CASE("getIntegers reads any count of whole numbers", "[parameters]") {
    CHECK(listOf({param("i", ParameterType::Integer, {0, 1, 2, 16777217})}).getIntegers("i") ==
          std::vector<int>{0, 1, 2, 16777217});
    const auto get = [](const ParameterList& l) { return l.getIntegers("i"); };
    expectError(param("i", ParameterType::Integer, {0, 1.5, 2}), get,
                "parameter 'i' must be integers: found 1.5");
    expectError(param("i", ParameterType::Point, {0, 1, 2}), get,
                "parameter 'i' is declared point but must be integers");
    expectError(param("i", ParameterType::Integer, {1, 4294967296.0}), get, "must be integers");
}

TEST_CASE("getTriples reads [x y z] lists of points, vectors, normals or colours", "[parameters]") {
    for (const ParameterType t :
         {ParameterType::Unspecified, ParameterType::Point, ParameterType::Vector,
          ParameterType::Normal, ParameterType::Color}) {
        INFO("declared " << parameterTypeName(t));
        const auto triples = listOf({param("P", t, {0, 0, 0, 1, 2, 3})}).getTriples("P");
        REQUIRE(triples.size() == 2);
        CHECK(triples[0] == Vec3{0, 0, 0});
        CHECK(triples[1] == Vec3{1, 2, 3});
    }
    const auto get = [](const ParameterList& l) { return l.getTriples("P"); };
    expectError(param("P", ParameterType::Point, {0, 0, 0, 1}), get,
                "parameter 'P' must be a list of [x y z] triples: found 4 numbers");
    expectError(param("P", ParameterType::Float2, {0, 0, 0}), get, "is declared float[2]");
}

TEST_CASE("getTextureOrColor reads a file name or a colour", "[parameters]") {
    const auto file =
        listOf({param("t", ParameterType::String, {}, {"wood.png"})}).getTextureOrColor("t");
    REQUIRE(file.has_value());
    REQUIRE(std::holds_alternative<std::string>(*file));
    CHECK(std::get<std::string>(*file) == "wood.png");
    const auto untypedFile =
        listOf({param("t", ParameterType::Unspecified, {}, {"a.exr"})}).getTextureOrColor("t");
    REQUIRE(untypedFile.has_value());
    CHECK(std::get<std::string>(*untypedFile) == "a.exr");
    const auto colour =
        listOf({param("t", ParameterType::Color, {0.5, 0.25, 1})}).getTextureOrColor("t");
    REQUIRE(colour.has_value());
    REQUIRE(std::holds_alternative<Color>(*colour));
    CHECK(std::get<Color>(*colour) == Color{0.5f, 0.25f, 1});
    const auto get = [](const ParameterList& l) { return l.getTextureOrColor("t"); };
    expectError(param("t", ParameterType::Unspecified, {}, {"a.png", "b.png"}), get,
                "parameter 't' must be one string");
    expectError(param("t", ParameterType::Unspecified, {1, 2}), get,
                "parameter 't' must be a colour [r g b]: found 2 numbers");
    expectError(param("t", ParameterType::Float, {1, 2, 3}), get, "is declared float");
}
