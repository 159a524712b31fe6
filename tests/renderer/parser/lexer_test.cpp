// The .lrt lexer (tokens, locations, strings, numbers, comments, errors) and the scene reader's
// treatment of Unicode white space, CR LF or CR line ends and a byte-order mark.
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/parser/lexer.h"
#include "renderer/parser/parser.h"
#include "tests/unicode_text.h"

#include <catch2/catch.hpp>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace lrt;

using namespace unicode_text;

namespace {

const char* typeName(Token::Type type) {
    switch (type) {
    case Token::Type::Identifier:
        return "Identifier";
    case Token::Type::String:
        return "String";
    case Token::Type::Number:
        return "Number";
    case Token::Type::LeftBracket:
        return "LeftBracket";
    case Token::Type::RightBracket:
        return "RightBracket";
    case Token::Type::End:
        return "End";
    }
    return "?";
}

// Every token of `text`, the End token included.
std::vector<Token> lexAll(const std::string& text, const std::string& name = "lex.lrt") {
    const slvm::SourceText source(name, text);
    Lexer lexer(source);
    std::vector<Token> tokens;
    do {
        tokens.push_back(lexer.next());
    } while (tokens.back().type != Token::Type::End && tokens.size() < 1000);
    for (Token& t : tokens)
        t.where.file = {}; // the SourceText dies here: keep lines and columns only
    return tokens;
}

std::string show(const Token& t) {
    std::ostringstream o;
    o << typeName(t.type) << " '" << t.text << "' " << std::setprecision(17) << t.number << " at "
      << t.where.line << ":" << t.where.column;
    return o.str();
}

struct Expected {
    Token::Type type;
    std::string text;
    int line, column;
};

void checkTokens(const std::string& text, const std::vector<Expected>& expected) {
    INFO("text: " << text);
    const std::vector<Token> tokens = lexAll(text);
    std::string all;
    for (const Token& t : tokens)
        all += show(t) + "\n";
    INFO("tokens:\n" << all);
    REQUIRE(tokens.size() == expected.size());
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        INFO("token " << i);
        CHECK(tokens[i].type == expected[i].type);
        CHECK(tokens[i].text == expected[i].text);
        CHECK(tokens[i].where.line == expected[i].line);
        CHECK(tokens[i].where.column == expected[i].column);
    }
}

// The error lexing `text` stops with.
slvm::Diagnostic lexError(const std::string& text) {
    const slvm::SourceText source("bad.lrt", text);
    Lexer lexer(source);
    try {
        for (int i = 0; i < 1000; ++i)
            if (lexer.next().type == Token::Type::End)
                break;
    } catch (const SceneError& e) {
        return e.diagnostic();
    }
    FAIL("lexed without error: " << text);
    return {};
}

void checkError(const std::string& text, int line, int column, const std::string& message) {
    INFO("text: " << text);
    const slvm::Diagnostic d = lexError(text);
    INFO("error: " << slvm::formatDiagnostic(d));
    CHECK(d.where.file == "bad.lrt");
    CHECK(d.where.line == line);
    CHECK(d.where.column == column);
    CHECK(d.message == message);
}

// The one number `text` lexes to.
Token number(const std::string& text) {
    const auto tokens = lexAll(text);
    REQUIRE(tokens.size() == 2);
    REQUIRE(tokens[0].type == Token::Type::Number);
    return tokens[0];
}

// ---- whole scenes ---------------------------------------------------------------------------

std::string dump(const ParameterList& list) {
    std::ostringstream o;
    o << std::setprecision(9);
    for (const Parameter& p : list.all()) {
        o << " {" << p.name << " " << parameterTypeName(p.type) << " [";
        for (const double v : p.numbers)
            o << " " << v;
        for (const std::string& s : p.strings)
            o << " \"" << s << "\"";
        o << " ] at " << p.where.line << ":" << p.where.column << "}";
    }
    return o.str();
}

std::string dump(const Transform& t) {
    std::ostringstream o;
    o << std::setprecision(9);
    for (const auto& row : t.matrix())
        for (const float v : row)
            o << v << " ";
    return o.str();
}

std::string at(const slvm::SourceLocation& where) {
    return std::to_string(where.line) + ":" + std::to_string(where.column);
}

// What a parsed scene says, with every location, as text to compare.
std::string dump(const std::vector<FrameDescription>& frames) {
    std::ostringstream o;
    o << std::setprecision(9);
    for (const FrameDescription& f : frames) {
        o << "frame " << f.number << " film " << f.options.film.xResolution << "x"
          << f.options.film.yResolution << " " << f.options.film.pixelAspectRatio << "\n";
        o << "  projection " << f.options.camera.projection.name
          << dump(f.options.camera.projection.parameters) << " at "
          << at(f.options.camera.projection.where) << "\n";
        o << "  world to camera " << dump(f.options.camera.worldToCamera) << "\n";
        o << "  integrator " << f.options.integrator.name << dump(f.options.integrator.parameters)
          << "\n";
        for (const LightDescription& l : f.world.lights)
            o << "  light " << l.type << dump(l.parameters) << " to world " << dump(l.lightToWorld)
              << " at " << at(l.where) << "\n";
        for (const ShapeDescription& s : f.world.shapes) {
            o << "  shape " << s.type << " (";
            for (const double a : s.arguments)
                o << " " << a;
            o << " )" << dump(s.parameters) << " to world " << dump(s.objectToWorld) << " at "
              << at(s.where) << "\n";
            o << "    surface " << s.attributes->surface.name
              << dump(s.attributes->surface.parameters) << " at " << at(s.attributes->surface.where)
              << " color " << s.attributes->color.r << " " << s.attributes->color.g << " "
              << s.attributes->color.b << "\n";
        }
    }
    return o.str();
}

// Line 1 is a comment, so that the BOM before it moves no location.
const char* kScene = R"(# A scene pasted from a manual.
Format 32 24 1
Projection "perspective" "fov" [40]
LookAt 0 2 -8  0 1 0  0 1 0
SurfaceIntegrator "path" "integer maxdepth" [3]
WorldBegin
  LightSource "pointlight" "from" [0 5 -5] "intensity" [40]
  AttributeBegin
    Surface "plastic" "Kd" [0.6] "roughness" [0.05]
    Color [0.8 0.2 0.1]
    Translate 1 2 3
    Sphere 1 -1 1 360
  AttributeEnd
  Shape "trianglemesh" "integer indices" [0 1 2] "point P" [0 0 0 1 0 0 0 1 0]
WorldEnd
)";

// The error parsing `text` stops with.
slvm::Diagnostic sceneError(const std::string& text) {
    try {
        parseSceneString(text, "bad.lrt", registeredVocabulary());
    } catch (const SceneError& e) {
        return e.diagnostic();
    }
    FAIL("parsed without error: " << text);
    return {};
}

} // namespace

TEST_CASE("each token type, with its location", "[scene][lexer]") {
    // S1 h2 a3 p4 e5 _6 "7..."14 _15 [16 _17 1 18 _19 -20 2 . 5 23 _24 ]25
    checkTokens("Shape \"sphere\" [ 1 -2.5 ]\nWorldEnd\n",
                {{Token::Type::Identifier, "Shape", 1, 1},
                 {Token::Type::String, "sphere", 1, 7},
                 {Token::Type::LeftBracket, "[", 1, 16},
                 {Token::Type::Number, "1", 1, 18},
                 {Token::Type::Number, "-2.5", 1, 20},
                 {Token::Type::RightBracket, "]", 1, 25},
                 {Token::Type::Identifier, "WorldEnd", 2, 1},
                 {Token::Type::End, "", 3, 1}});
    // Identifiers: a letter or '_', then letters, digits and '_'; brackets need no spaces.
    checkTokens("_a1 b_2[3]x", {{Token::Type::Identifier, "_a1", 1, 1},
                                {Token::Type::Identifier, "b_2", 1, 5},
                                {Token::Type::LeftBracket, "[", 1, 8},
                                {Token::Type::Number, "3", 1, 9},
                                {Token::Type::RightBracket, "]", 1, 10},
                                {Token::Type::Identifier, "x", 1, 11},
                                {Token::Type::End, "", 1, 12}});
    // A number ends at a quote; a string needs no space before a bracket.
    checkTokens("1\"a\"]", {{Token::Type::Number, "1", 1, 1},
                            {Token::Type::String, "a", 1, 2},
                            {Token::Type::RightBracket, "]", 1, 5},
                            {Token::Type::End, "", 1, 6}});
    // The location names the source.
    const slvm::SourceText source("named.lrt", "Sphere");
    Lexer lexer(source);
    const Token t = lexer.next();
    CHECK(t.where.file == "named.lrt");
    CHECK(t.where.line == 1);
    CHECK(t.where.column == 1);
}

TEST_CASE("strings: escapes, and multi-byte characters kept whole", "[scene][lexer]") {
    const auto one = [](const std::string& text) {
        const auto tokens = lexAll(text);
        REQUIRE(tokens.size() == 2);
        REQUIRE(tokens[0].type == Token::Type::String);
        return tokens[0].text;
    };
    CHECK(one("\"\"") == "");
    CHECK(one("\"a b\"") == "a b");
    CHECK(one(R"("q\"q")") == "q\"q");
    CHECK(one(R"("back\\slash")") == "back\\slash");
    CHECK(one(R"("line\nbreak")") == "line\nbreak");
    CHECK(one(R"("tab\tbed")") == "tab\tbed");
    CHECK(one(R"("\q")") == "q");    // any other escaped character is itself
    CHECK(one(R"("a#b")") == "a#b"); // no comment inside a string
    // No-break spaces and other characters inside strings are kept as written.
    CHECK(one("\"" + kEAcute + kNbsp + "x\"") == kEAcute + kNbsp + "x");
    CHECK(one("\"" + kIdeo + "\"") == kIdeo);
    // The location is the opening quote, in characters: U+3000 before it is one column.
    const auto tokens = lexAll(kIdeo + "\"s\"");
    CHECK(tokens[0].where.column == 2);
    CHECK(tokens[1].where.column == 5);
}

// An escaped multi-byte character is kept whole: "\é" is "é", valid UTF-8.
TEST_CASE("an escaped multi-byte character is kept whole", "[scene][lexer]") {
    const std::string text = "\"\\" + kEAcute + "\"";
    INFO("text: " << text);
    const auto tokens = lexAll(text);
    REQUIRE(tokens.size() == 2);
    CHECK(tokens[0].text == kEAcute);
}

TEST_CASE("comments run to the end of the line", "[scene][lexer]") {
    checkTokens("# c1\n# c2\r\nShape # trailing\n  [ # inside\n 1 ]#end",
                {{Token::Type::Identifier, "Shape", 3, 1},
                 {Token::Type::LeftBracket, "[", 4, 3},
                 {Token::Type::Number, "1", 5, 2},
                 {Token::Type::RightBracket, "]", 5, 4},
                 {Token::Type::End, "", 5, 9}});
    checkTokens("# only a comment", {{Token::Type::End, "", 1, 17}});
    // A lone CR ends a comment too.
    checkTokens("# old Mac\rSphere",
                {{Token::Type::Identifier, "Sphere", 2, 1}, {Token::Type::End, "", 2, 7}});
    // A '#' right after a token starts a comment.
    checkTokens("a#b\nc", {{Token::Type::Identifier, "a", 1, 1},
                           {Token::Type::Identifier, "c", 2, 1},
                           {Token::Type::End, "", 2, 2}});
}

TEST_CASE("numbers keep integers exact beyond float precision", "[scene][lexer]") {
    // 16777217 = 2^24 + 1 is the first integer a float cannot hold: as a float it reads
    // 16777216.
    CHECK(static_cast<float>(16777217) == 16777216.0f);
    CHECK(number("16777217").number == 16777217.0);
    CHECK(number("16777217").text == "16777217");
    CHECK(number("-16777219").number == -16777219.0);
    CHECK(number("2147483647").number == 2147483647.0);
    CHECK(number("-2147483648").number == -2147483648.0);
    CHECK(number("+7").number == 7.0);
    CHECK(number("0").number == 0.0);
    // Other numbers as C reads them.
    CHECK(number("0.5").number == 0.5);
    CHECK(number("-2.5e-1").number == -0.25);
    CHECK(number(".5").number == 0.5);
    CHECK(number("5.").number == 5.0);
    CHECK(number("1E3").number == 1000.0);
    CHECK(number("-.75").number == -0.75);
}

TEST_CASE("malformed numbers are errors at their first character", "[scene][lexer]") {
    for (const char* bad :
         {"1.2.3", "12abc", "-", "+", ".", "1e", "1e+", "0x10", "--1", "1e39", "3..", "2.5f"}) {
        checkError(std::string("Format ") + bad + " 1", 1, 8,
                   std::string("malformed number '") + bad + "'");
    }
    // On a later line, after NBSP indentation: columns in characters.
    checkError("Format\r\n" + kNbsp + kNbsp + "1.2.3", 2, 3, "malformed number '1.2.3'");
}

TEST_CASE("unterminated strings are errors at their opening quote", "[scene][lexer]") {
    const std::string message = "unterminated string: expected a closing '\"' on the same line";
    checkError("Name \"abc\ndef\"", 1, 6, message);   // closed on the next line
    checkError("Name \"abc\r\ndef\"", 1, 6, message); // CR LF
    checkError("Name \"abc\rdef\"", 1, 6, message);   // a lone CR
    checkError("\n  \"abc", 2, 3, message);           // at the end of the file
    checkError("\"abc\\\n\"", 1, 1, message);         // a backslash cannot escape the line end
    checkError("\"", 1, 1, message);
}

TEST_CASE("a stray character is named as the diagnostics name it", "[scene][lexer]") {
    checkError("@", 1, 1, "unexpected character '@'");
    checkError("Shape {", 1, 7, "unexpected character '{'");
    checkError("Shape " + kEAcute, 1, 7, "unexpected character U+00E9");
    // After U+00E9 in a string, a stray character is one column further per character.
    checkError("\"" + kEAcute + "\" ;", 1, 5, "unexpected character ';'");
    checkError("x \xFF", 1, 3, "unexpected character \\xFF");
    // U+200B is not white space.
    checkError("x\n\xE2\x80\x8B", 2, 1, "unexpected character U+200B");
    // A number stops before a multi-byte character, which is then stray.
    checkError("1" + kEAcute, 1, 2, "unexpected character U+00E9");
}

TEST_CASE("the End token is where the text ends", "[scene][lexer]") {
    checkTokens("", {{Token::Type::End, "", 1, 1}});
    checkTokens("Shape\n\n  ",
                {{Token::Type::Identifier, "Shape", 1, 1}, {Token::Type::End, "", 3, 3}});
    checkTokens("Shape\r\n",
                {{Token::Type::Identifier, "Shape", 1, 1}, {Token::Type::End, "", 2, 1}});
    checkTokens(" " + kNbsp + kIdeo, {{Token::Type::End, "", 1, 4}});
    // Asking again keeps answering End, at the same place.
    const slvm::SourceText source("end.lrt", "x ");
    Lexer lexer(source);
    CHECK(lexer.next().type == Token::Type::Identifier);
    for (int i = 0; i < 3; ++i) {
        const Token end = lexer.next();
        CHECK(end.type == Token::Type::End);
        CHECK(end.where.file == "end.lrt");
        CHECK(end.where.line == 1);
        CHECK(end.where.column == 3);
    }
}

TEST_CASE("Unicode white space separates tokens as ASCII does", "[scene][lexer][unicode]") {
    const std::string ascii = "Shape \"a b\" [ 1 -2.5 ]\n  Sphere 16777217\n";
    const auto plain = lexAll(ascii);
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             {"NBSP, CR LF", pasted(ascii, {kNbsp}, "\r\n", true)},
             {"NBSP, lone CR", pasted(ascii, {kNbsp}, "\r", true)},
             {"every listed space, CR LF", pasted(ascii, kAllSpaces, "\r\n", true)}}) {
        INFO("variant " << name << ": " << text);
        const auto tokens = lexAll(text);
        REQUIRE(tokens.size() == plain.size());
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            INFO("token " << i << ": " << show(tokens[i]) << " vs " << show(plain[i]));
            CHECK(tokens[i].type == plain[i].type);
            CHECK(tokens[i].text == plain[i].text);
            CHECK(tokens[i].number == plain[i].number);
            CHECK(tokens[i].where.line == plain[i].where.line);
            // The BOM is one more character on line 1.
            CHECK(tokens[i].where.column == plain[i].where.column + (plain[i].where.line == 1));
        }
    }
}

TEST_CASE("a scene with NBSPs, CR LF and a BOM parses as the ASCII scene does",
          "[scene][parser][unicode]") {
    const std::vector<FrameDescription> plain =
        parseSceneString(kScene, "pasted.lrt", registeredVocabulary());
    REQUIRE(plain.size() == 1);
    REQUIRE(plain[0].world.shapes.size() == 2);
    REQUIRE(plain[0].world.lights.size() == 1);
    const std::string expected = dump(plain);
    // A few facts of the ASCII scene by hand, so that the comparison compares something.
    CHECK(plain[0].options.film.xResolution == 32);
    CHECK(plain[0].world.shapes[0].type == "sphere");
    CHECK(plain[0].world.shapes[0].where.line == 12);
    CHECK(plain[0].world.shapes[0].where.column == 5);
    CHECK(plain[0].world.shapes[1].parameters.getIntegers("indices") == std::vector<int>{0, 1, 2});
    CHECK(plain[0].world.shapes[0].attributes->surface.name == "plastic");
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             {"NBSP, CR LF", pasted(kScene, {kNbsp}, "\r\n", true)},
             {"NBSP, lone CR", pasted(kScene, {kNbsp}, "\r", true)},
             {"every listed space, CR LF", pasted(kScene, kAllSpaces, "\r\n", true)},
             {"U+3000, LF", pasted(kScene, {kIdeo}, "\n", true)}}) {
        INFO("variant " << name << ":\n" << text);
        std::vector<FrameDescription> frames;
        try {
            frames = parseSceneString(text, "pasted.lrt", registeredVocabulary());
        } catch (const SceneError& e) {
            FAIL("scene error: " << e.what());
        }
        CHECK(dump(frames) == expected);
    }
}

// Inside a parameter's name string the inline type and the name are split at any white space, a
// no-break space pasted from a manual included ("integer<NBSP>indices"), as in Declare's types.
TEST_CASE("an inline type separated by a NBSP types the parameter", "[scene][parser][unicode]") {
    const auto parse = [](const std::string& body) -> std::optional<FrameDescription> {
        const std::string text = "WorldBegin\n" + body + "\nWorldEnd\n";
        INFO(text);
        try {
            auto frames = parseSceneString(text, "typed.lrt", registeredVocabulary());
            REQUIRE(frames.size() == 1);
            return std::move(frames[0]);
        } catch (const SceneError& e) {
            FAIL_CHECK("scene error: " << e.what());
        }
        return std::nullopt;
    };
    const auto shape = parse("Shape \"trianglemesh\" \"integer" + kNbsp + "indices\" [0 1 2] " +
                             "\"point" + kNbsp + "P\" [0 0 0 1 0 0 0 1 0]");
    if (shape) {
        REQUIRE(shape->world.shapes.size() == 1);
        const ParameterList& p = shape->world.shapes[0].parameters;
        INFO("parameters:" << dump(p));
        CHECK(p.find("indices") != nullptr);
        CHECK(p.find("P") != nullptr);
        if (p.find("indices") && p.find("P")) {
            CHECK(p.find("indices")->type == ParameterType::Integer);
            CHECK(p.find("P")->type == ParameterType::Point);
        }
    }
    const auto declared = parse("Declare \"gloss\" \"uniform" + kNbsp +
                                "float\"\nSurface \"Glossy\" \"gloss\" [1]\n"
                                "Sphere 1 -1 1 360");
    if (declared) {
        REQUIRE(declared->world.shapes.size() == 1);
        const Parameter* gloss =
            declared->world.shapes[0].attributes->surface.parameters.find("gloss");
        REQUIRE(gloss != nullptr);
        CHECK(gloss->type == ParameterType::Float);
    }
}

TEST_CASE("scene diagnostics after NBSPs count each as one column", "[scene][parser][unicode]") {
    // BOM 1, SurfaceIntegrator 2-18, NBSP 19, "whitted" 20-28, NBSP 29, "bogus" 30 (counting
    // bytes would give 34).
    const std::string integrator = pasted(
        "SurfaceIntegrator \"whitted\" \"bogus\"\nWorldBegin\nWorldEnd\n", {kNbsp}, "\r\n", true);
    INFO(integrator);
    const slvm::Diagnostic d = sceneError(integrator);
    INFO(slvm::formatDiagnostic(d));
    CHECK(d.where.file == "bad.lrt");
    CHECK(d.where.line == 1);
    CHECK(d.where.column == 30);
    CHECK_THAT(d.message, Catch::Contains("parameter 'bogus' has no value"));
    // On line 2, after two NBSPs and a CR LF: '@' is in column 3.
    const slvm::Diagnostic stray = sceneError("WorldBegin\r\n" + kNbsp + kNbsp + "@\r\nWorldEnd");
    CHECK(stray.where.line == 2);
    CHECK(stray.where.column == 3);
    CHECK(stray.message == "unexpected character '@'");
}
