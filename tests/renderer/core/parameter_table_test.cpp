// Parameter tables: checking a statement's parameters against its table (names, types, domains),
// the table's defaults, and the spellings the docs and messages use.
#include "renderer/core/parameter_table.h"

#include <catch2/catch.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace lrt;

namespace {

// A table with every value kind and every domain.
const ParameterSpec kTable[] = {
    {"radius", ValueKind::Float, 1.0f, kReal.above(0), "size"},
    {"gain", ValueKind::Float, 0.5f, kReal.atLeast(0), "brightness"},
    {"offset", ValueKind::Float, -2.0f, {}, "anything"},
    {"count", ValueKind::Integer, 4, kInteger.atLeast(1).atMost(1000), "how many"},
    {"mode",
     ValueKind::String,
     std::string_view("fast"),
     {},
     "a choice",
     [] {
         return std::vector<std::string_view>{"fast", "slow", "exact"};
     }},
    {"label", ValueKind::String, std::monostate{}, {}, "no default"},
    {"tint", ValueKind::Rgb, Color{1, 0.5f, 0.25f}, {}, "a colour"},
    {"albedo", ValueKind::Rgb, Color{0.5f}, kReal.atLeast(0).atMost(1), "a reflectance"},
    {"origin", ValueKind::Point, Vec3{0, 1, -2}, {}, "a place"},
    {"st", ValueKind::Floats, std::monostate{}, {}, "coordinates"},
    {"indices", ValueKind::Integers, std::monostate{}, {}, "indices"},
    {"P", ValueKind::Points, std::monostate{}, {}, "positions"},
    {"N", ValueKind::Normals, std::monostate{}, {}, "normals"},
    {"Cs", ValueKind::Rgbs, std::monostate{}, {}, "colours"},
    {"map", ValueKind::Texture, std::monostate{}, {}, "a texture"},
    {"broken", ValueKind::Float, 3, {}, "a default of the wrong type (an int for a float)"},
};

const SourceLocation kStatement{"table.lrt", 2, 1};

// A parameter at line 2 of table.lrt, column `column`.
Parameter tableParameter(std::string name, ParameterType type, std::vector<double> numbers,
                         std::vector<std::string> strings = {}, int column = 12) {
    return {std::move(name), type, std::move(numbers), std::move(strings),
            SourceLocation{"table.lrt", 2, column}};
}

ParameterList tableList(std::initializer_list<Parameter> parameters) {
    ParameterList list;
    for (const Parameter& p : parameters)
        list.add(p);
    return list;
}

// Constructing Parameters over `p` must fail at p (table.lrt:2:column) with `message`.
void expectRejected(const Parameter& p, const std::string& message) {
    const ParameterList list = tableList({p});
    INFO("parameter '" << p.name << "' (" << parameterTypeName(p.type) << ") with "
                       << p.numbers.size() << " numbers, " << p.strings.size() << " strings"
                       << (p.numbers.empty() ? "" : ", first " + std::to_string(p.numbers[0])));
    try {
        Parameters(list, kTable, "Shape \"thing\"", kStatement);
        FAIL("accepted");
    } catch (const SceneError& e) {
        INFO("error: " << e.what());
        CHECK(e.where().file == "table.lrt");
        CHECK(e.where().line == 2);
        CHECK(e.where().column == p.where.column);
        CHECK(e.diagnostic().message == message);
    }
}

void expectAccepted(const Parameter& p) {
    const ParameterList list = tableList({p});
    INFO("parameter '" << p.name << "'"
                       << (p.numbers.empty() ? "" : " = " + std::to_string(p.numbers[0])));
    CHECK_NOTHROW(Parameters(list, kTable, "Shape \"thing\"", kStatement));
}

} // namespace

TEST_CASE("an unknown parameter is rejected at its location, naming the statement",
          "[parameters][table]") {
    expectRejected(tableParameter("bogus", ParameterType::Float, {1}, {}, 20),
                   "unknown parameter 'bogus' for Shape \"thing\"");
    // Names are case-sensitive, and the message suggests the near miss.
    expectRejected(tableParameter("Radius", ParameterType::Float, {1}, {}, 31),
                   "unknown parameter 'Radius' for Shape \"thing\"; did you mean 'radius'?");
    expectRejected(tableParameter("raduis", ParameterType::Float, {1}, {}, 31),
                   "unknown parameter 'raduis' for Shape \"thing\"; did you mean 'radius'?");
    CHECK_THROWS_WITH(Parameters(tableList({tableParameter("x", ParameterType::Unspecified, {1})}),
                                 kTable, "Surface \"matte\"", kStatement),
                      "table.lrt:2:12: error: unknown parameter 'x' for Surface \"matte\"\n");
}

TEST_CASE("a string with a set of choices takes only those, with one message",
          "[parameters][table]") {
    expectAccepted(tableParameter("mode", ParameterType::String, {}, {"slow"}));
    expectAccepted(tableParameter("mode", ParameterType::String, {}, {"exact"}));
    // Case matters, as for names; the message lists the choices and suggests the near miss.
    expectRejected(tableParameter("mode", ParameterType::String, {}, {"Fast"}, 17),
                   "unknown mode 'Fast' for Shape \"thing\" (expected one of \"fast\", \"slow\" or "
                   "\"exact\"); did you mean 'fast'?");
    expectRejected(
        tableParameter("mode", ParameterType::String, {}, {"quick"}),
        "unknown mode 'quick' for Shape \"thing\" (expected one of \"fast\", \"slow\" or "
        "\"exact\")");
    // A string without choices takes anything.
    expectAccepted(tableParameter("label", ParameterType::String, {}, {"quick"}));
    // The docs' domain column: the choices, in the table's order.
    CHECK(kTable[4].domainText() == "\"fast\", \"slow\", \"exact\"");
    CHECK(kTable[5].domainText().empty());
}

TEST_CASE("values are checked against their kind when Parameters is made", "[parameters][table]") {
    expectRejected(tableParameter("radius", ParameterType::Unspecified, {}, {"big"}),
                   "parameter 'radius' must be one number, not a string");
    expectRejected(tableParameter("radius", ParameterType::Float, {1, 2}),
                   "parameter 'radius' must be one number: found 2");
    expectRejected(tableParameter("count", ParameterType::Integer, {2.5}),
                   "parameter 'count' must be integers: found 2.5");
    expectRejected(tableParameter("count", ParameterType::Float, {3}),
                   "parameter 'count' is declared float but must be integers");
    expectRejected(tableParameter("mode", ParameterType::Unspecified, {1}),
                   "parameter 'mode' must be one string");
    expectRejected(tableParameter("tint", ParameterType::Color, {1, 1}),
                   "parameter 'tint' must be a colour [r g b]: found 2 numbers");
    expectRejected(tableParameter("origin", ParameterType::Point, {1, 1, 1, 1, 1, 1}),
                   "parameter 'origin' must be one point [x y z]: found 6 numbers");
    expectRejected(tableParameter("st", ParameterType::Unspecified, {}, {"s"}),
                   "parameter 'st' must be numbers, not a string");
    expectRejected(tableParameter("indices", ParameterType::Integer, {0, 1.5}),
                   "parameter 'indices' must be integers: found 1.5");
    expectRejected(tableParameter("P", ParameterType::Point, {0, 0}),
                   "parameter 'P' must be a list of [x y z] triples: found 2 numbers");
    expectRejected(tableParameter("N", ParameterType::Float, {0, 0, 1}),
                   "parameter 'N' is declared float but must be a list of [x y z] triples");
    expectRejected(tableParameter("map", ParameterType::Unspecified, {1, 2}),
                   "parameter 'map' must be a colour [r g b]: found 2 numbers");
}

// A parameter given twice ("Kd" [0.5] "Kd" "oops") is an error at the second: reading by name
// finds the first, so the second would go unchecked and unused.
TEST_CASE("a parameter given twice is an error at its second occurrence", "[parameters][table]") {
    const auto error = [](const ParameterList& list) -> std::optional<slvm::Diagnostic> {
        try {
            Parameters(list, kTable, "Shape \"thing\"", kStatement);
        } catch (const SceneError& e) {
            return e.diagnostic();
        }
        return std::nullopt;
    };
    for (const std::vector<Parameter>& twice :
         {std::vector<Parameter>{tableParameter("radius", ParameterType::Float, {2}, {}, 3),
                                 tableParameter("radius", ParameterType::Unspecified, {}, {"big"})},
          std::vector<Parameter>{tableParameter("gain", ParameterType::Float, {2}, {}, 3),
                                 tableParameter("gain", ParameterType::Float, {-1})},
          std::vector<Parameter>{tableParameter("gain", ParameterType::Float, {2}, {}, 3),
                                 tableParameter("gain", ParameterType::Float, {2})}}) {
        ParameterList list;
        for (const Parameter& p : twice)
            list.add(p);
        INFO(twice[0].name << " at column 3, then again at column 12");
        const auto e = error(list);
        REQUIRE(e.has_value());
        CHECK(e->where.column == 12);
        CHECK(e->message ==
              "parameter '" + twice[0].name + "' is given twice (first at line 2, column 3)");
    }
}

TEST_CASE("domains: positive, non-negative and between, with their messages",
          "[parameters][table]") {
    const std::string of = " of Shape \"thing\" is ";
    expectRejected(tableParameter("radius", ParameterType::Float, {0}),
                   "radius" + of + "0, outside its domain: a real > 0");
    expectRejected(tableParameter("radius", ParameterType::Float, {-1}),
                   "radius" + of + "-1, outside its domain: a real > 0");
    expectAccepted(tableParameter("radius", ParameterType::Float, {1e-6}));
    expectRejected(tableParameter("gain", ParameterType::Float, {-0.5}),
                   "gain" + of + "-0.5, outside its domain: a real >= 0");
    expectAccepted(tableParameter("gain", ParameterType::Float, {0}));
    expectRejected(tableParameter("count", ParameterType::Integer, {0}),
                   "count" + of + "0, outside its domain: an integer in [1, 1000]");
    expectRejected(tableParameter("count", ParameterType::Integer, {1001}),
                   "count" + of + "1001, outside its domain: an integer in [1, 1000]");
    expectAccepted(tableParameter("count", ParameterType::Integer, {1}));
    expectAccepted(tableParameter("count", ParameterType::Integer, {1000}));
    expectAccepted(tableParameter("offset", ParameterType::Float, {-1e30}));
    // A colour's domain holds for each component.
    expectAccepted(tableParameter("albedo", ParameterType::Color, {0, 0.5, 1}));
    expectRejected(tableParameter("albedo", ParameterType::Color, {0.5, 1.5, 0}),
                   "a component of albedo" + of + "1.5, outside its domain: a real in [0, 1]");
    CHECK(kTable[7].domainText() == "each component a real in [0, 1]");
    CHECK(kTable[6].domainText().empty());
    // Beyond float's range is outside every domain, "any real" included.
    expectRejected(tableParameter("offset", ParameterType::Float, {1e39}),
                   "offset" + of + "1e+39, outside its domain: any real");
}

TEST_CASE("getters return the given value, or the table's default", "[parameters][table]") {
    const ParameterList empty;
    const Parameters defaults(empty, kTable, "Shape \"thing\"", kStatement);
    CHECK(defaults.getFloat("radius") == 1.0f);
    CHECK(defaults.getFloat("gain") == 0.5f);
    CHECK(defaults.getFloat("offset") == -2.0f);
    CHECK(defaults.getInteger("count") == 4);
    CHECK(defaults.getString("mode") == "fast");
    CHECK(defaults.getString("label") == ""); // no default: "not given"
    CHECK(defaults.getColor("tint") == Color{1, 0.5f, 0.25f});
    CHECK(defaults.getPoint("origin") == Vec3{0, 1, -2});
    CHECK(defaults.getFloats("st").empty());
    CHECK(defaults.getIntegers("indices").empty());
    CHECK(defaults.getTriples("P").empty());
    CHECK(defaults.getTriples("N").empty());
    CHECK(defaults.getTriples("Cs").empty());
    CHECK_FALSE(defaults.getTexture("map").has_value());
    CHECK_FALSE(defaults.has("radius"));
    CHECK(defaults.statement().line == 2);
    // Where an absent parameter "was given": the statement.
    CHECK(defaults.where("radius").line == kStatement.line);
    CHECK(defaults.where("radius").column == kStatement.column);

    const ParameterList list = tableList({
        tableParameter("radius", ParameterType::Float, {2.5}, {}, 10),
        tableParameter("count", ParameterType::Integer, {9}, {}, 20),
        tableParameter("mode", ParameterType::String, {}, {"slow"}, 30),
        tableParameter("label", ParameterType::String, {}, {"hi"}, 40),
        tableParameter("tint", ParameterType::Color, {0, 0.5, 1}, {}, 50),
        tableParameter("origin", ParameterType::Point, {3, 2, 1}, {}, 60),
        tableParameter("st", ParameterType::Float, {0, 1}, {}, 70),
        tableParameter("indices", ParameterType::Integer, {2, 1, 0}, {}, 80),
        tableParameter("P", ParameterType::Point, {0, 0, 0, 1, 1, 1}, {}, 90),
        tableParameter("map", ParameterType::String, {}, {"wood.png"}, 100),
    });
    const Parameters given(list, kTable, "Shape \"thing\"", kStatement);
    CHECK(given.has("radius"));
    CHECK(given.getFloat("radius") == 2.5f);
    CHECK(given.getFloat("gain") == 0.5f); // still the default
    CHECK(given.getInteger("count") == 9);
    CHECK(given.getString("mode") == "slow");
    CHECK(given.getString("label") == "hi");
    CHECK(given.getColor("tint") == Color{0, 0.5f, 1});
    CHECK(given.getPoint("origin") == Vec3{3, 2, 1});
    CHECK(given.getFloats("st") == std::vector<float>{0, 1});
    CHECK(given.getIntegers("indices") == std::vector<int>{2, 1, 0});
    REQUIRE(given.getTriples("P").size() == 2);
    CHECK(given.getTriples("P")[1] == Vec3{1, 1, 1});
    const auto map = given.getTexture("map");
    REQUIRE(map.has_value());
    CHECK(std::get<std::string>(*map) == "wood.png");
    CHECK(given.where("count").column == 20);
    CHECK(given.where("gain").column == kStatement.column);
    CHECK(&given.list() == &list);
}

TEST_CASE("asking for a name the table lacks, or as the wrong kind, is a logic error",
          "[parameters][table]") {
    const ParameterList empty;
    const Parameters p(empty, kTable, "Shape \"thing\"", kStatement);
    CHECK_THROWS_AS(p.getFloat("nope"), std::logic_error);
    CHECK_THROWS_AS(p.getFloat("count"), std::logic_error); // an Integer
    CHECK_THROWS_AS(p.getInteger("radius"), std::logic_error);
    CHECK_THROWS_AS(p.getString("radius"), std::logic_error);
    CHECK_THROWS_AS(p.getColor("origin"), std::logic_error);
    CHECK_THROWS_AS(p.getPoint("tint"), std::logic_error);
    CHECK_THROWS_AS(p.getFloats("indices"), std::logic_error);
    CHECK_THROWS_AS(p.getIntegers("st"), std::logic_error);
    CHECK_THROWS_AS(p.getTriples("radius"), std::logic_error);
    CHECK_THROWS_AS(p.getTriples("nope"), std::logic_error);
    CHECK_THROWS_AS(p.getTexture("tint"), std::logic_error);
    // Not a scene error: the scene did nothing wrong.
    try {
        p.getFloat("nope");
    } catch (const SceneError&) {
        FAIL("a SceneError for lrt's own mistake");
    } catch (const std::logic_error& e) {
        CHECK_THAT(std::string(e.what()), Catch::Contains("nope"));
    }
    // A default of another type than the kind read is lrt's mistake too.
    CHECK_THROWS_AS(p.getFloat("broken"), std::logic_error);
}

TEST_CASE("defaultText spells defaults as the docs show them", "[parameters][table]") {
    CHECK(defaultText(std::monostate{}) == "none");
    CHECK(defaultText(0.5f) == "0.5");
    CHECK(defaultText(1.0f) == "1");
    CHECK(defaultText(0.1f) == "0.1");
    CHECK(defaultText(4) == "4");
    CHECK(defaultText(-3) == "-3");
    CHECK(defaultText(Color{1, 1, 1}) == "[1 1 1]");
    CHECK(defaultText(Color{0.5f, 0.25f, 0}) == "[0.5 0.25 0]");
    CHECK(defaultText(Vec3{0, 1, -2}) == "[0 1 -2]");
    CHECK(defaultText(std::string_view("mis")) == "\"mis\"");
    CHECK(defaultText(std::string_view("")) == "\"\"");
}

TEST_CASE("value kind names", "[parameters][table]") {
    // The scalar kinds by their RIB type names; lists with [].
    CHECK(valueKindName(ValueKind::Float) == "float");
    CHECK(valueKindName(ValueKind::Integer) == "integer");
    CHECK(valueKindName(ValueKind::String) == "string");
    CHECK(valueKindName(ValueKind::Rgb) == "color");
    CHECK(valueKindName(ValueKind::Point) == "point");
    CHECK(valueKindName(ValueKind::Floats) == "float[]");
    CHECK(valueKindName(ValueKind::Integers) == "integer[]");
    CHECK(valueKindName(ValueKind::Points) == "point[]");
    CHECK(valueKindName(ValueKind::Normals) == "normal[]");
    CHECK(valueKindName(ValueKind::Rgbs) == "color[]");
    CHECK(valueKindName(ValueKind::Texture) == "texture");
}

TEST_CASE("quotedList joins names with commas and a final or", "[parameters][table]") {
    CHECK(quotedList({}) == "");
    CHECK(quotedList({"a"}) == "\"a\"");
    CHECK(quotedList({"a", "b"}) == "\"a\" or \"b\"");
    CHECK(quotedList({"a", "b", "c"}) == "\"a\", \"b\" or \"c\"");
    CHECK(quotedList({"box", "triangle", "gaussian", "mitchell"}) ==
          "\"box\", \"triangle\", \"gaussian\" or \"mitchell\"");
}
