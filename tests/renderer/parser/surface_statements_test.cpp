// The .lrt statements that say how surfaces look (docs/scene-format.md, "Textures" and "Named
// surfaces"): what Texture, texture-bound Surface parameters, Cs, alpha, MakeNamedSurface,
// NamedSurface and Surface "mix" record, and the error of each malformed use at its place.
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/parser/parser.h"

#include <catch2/catch.hpp>

using namespace lrt;

namespace {

FrameDescription parseInWorld(const std::string& body) {
    auto frames = parseSceneString("WorldBegin\n" + body + "\nSphere 1 -1 1 360\nWorldEnd\n",
                                   "test.lrt", registeredVocabulary());
    REQUIRE(frames.size() == 1);
    return std::move(frames[0]);
}

const SurfaceAttributes& firstShapeAttributes(const FrameDescription& frame) {
    return *frame.world.shapes.at(0).attributes;
}

// The constant colour of a "constant" texture description.
Color constantColourOf(const TextureDescription& d) {
    REQUIRE(d.type == "constant");
    return d.parameters.getColor("value", Color(-1));
}

// The first error of parsing `body` in a world block: its message with its place.
std::string firstParseError(const std::string& body) {
    try {
        parseInWorld(body);
    } catch (const SceneError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("Texture defines a texture with its parameters, inputs and space", "[scene][parser]") {
    const FrameDescription f = parseInWorld(R"(Texture "n" "fbm" "octaves" [4]
TransformBegin
  Translate 1 2 3
  Texture "c" "checkerboard" "uscale" [8] "texture tex1" "n" "tex2" [0.1 0.2 0.3]
TransformEnd
Surface "matte" "texture Cs" "c")");
    const auto& checks = firstShapeAttributes(f).colorTexture;
    REQUIRE(checks);
    CHECK(checks->type == "checkerboard");
    CHECK(checks->parameters.getFloat("uscale", 0) == 8);
    CHECK(checks->where.line == 5);
    // Inputs: a named texture, a colour; every slot filled.
    REQUIRE(checks->inputs.size() == 2);
    const auto& noise = *checks->inputs.at("tex1");
    CHECK(noise.type == "fbm");
    CHECK(noise.parameters.getInteger("octaves", 0) == 4);
    CHECK(constantColourOf(*checks->inputs.at("tex2")) == Color(0.1f, 0.2f, 0.3f));
    // Texture space is the inverse of the transform current at the statement.
    CHECK(checks->worldToTexture.point({1, 2, 3}).x == Approx(0).margin(1e-6));
    CHECK(checks->worldToTexture.point({1, 2, 3}).z == Approx(0).margin(1e-6));
    CHECK(noise.worldToTexture.point({1, 2, 3}).y == Approx(2));
}

TEST_CASE("a Texture's inputs not given hold their documented defaults", "[scene][parser]") {
    const FrameDescription f = parseInWorld(
        "Texture \"m\" \"mix\" \"amount\" 0.25\nSurface \"matte\" \"texture Cs\" \"m\"");
    const TextureDescription& mix = *firstShapeAttributes(f).colorTexture;
    CHECK(constantColourOf(*mix.inputs.at("tex1")) == Color(0));
    CHECK(constantColourOf(*mix.inputs.at("tex2")) == Color(1));
    CHECK(constantColourOf(*mix.inputs.at("amount")) == Color(0.25f));
}

TEST_CASE("a texture parameter of a Surface binds a texture to a float parameter",
          "[scene][parser]") {
    const FrameDescription f = parseInWorld(R"(Texture "r" "constant" "value" [0.3 0.3 0.3]
Surface "conductor" "texture roughness" "r" "uroughness" [0.1])");
    const SurfaceAttributes& a = firstShapeAttributes(f);
    CHECK(a.surface.name == "conductor");
    CHECK(a.surface.parameters.has("uroughness"));
    CHECK_FALSE(a.surface.parameters.has("roughness"));
    REQUIRE(a.parameterTextures.count("roughness") == 1);
    CHECK(a.parameterTextures.at("roughness").channel == 0);
    CHECK(a.parameterTextures.at("roughness").where.line == 3);
    CHECK(a.parameterTextures.at("roughness").where.column == 21);
}

TEST_CASE("alpha and alphacutoff cut a Surface's shapes", "[scene][parser]") {
    const FrameDescription halfFrame = parseInWorld("Surface \"matte\" \"alpha\" 0.5");
    const SurfaceAttributes& half = firstShapeAttributes(halfFrame);
    REQUIRE(half.alpha);
    CHECK(constantColourOf(*half.alpha) == Color(0.5f));
    CHECK(half.alphaCutoff < 0); // stochastic, as pbrt-v4's
    const FrameDescription masked = parseInWorld("Texture \"a\" \"constant\"\nSurface \"matte\" "
                                                 "\"texture alpha\" \"a\" \"alphacutoff\" 0.5");
    CHECK(firstShapeAttributes(masked).alpha->type == "constant");
    CHECK(firstShapeAttributes(masked).alphaCutoff == 0.5f);
    // Alpha 1 is a solid surface: nothing to test at every hit.
    CHECK_FALSE(firstShapeAttributes(parseInWorld("Surface \"matte\" \"alpha\" 1")).alpha);
    // A later Surface without alpha is solid again.
    CHECK_FALSE(
        firstShapeAttributes(parseInWorld("Surface \"matte\" \"alpha\" 0.5\nSurface \"matte\""))
            .alpha);
}

TEST_CASE("named surfaces keep their Color, and a mix chooses between two of them",
          "[scene][parser]") {
    const FrameDescription f = parseInWorld(R"(Color [1 0 0]
MakeNamedSurface "red" "matte" "Kd" [0.7]
Color [0 0 1]
MakeNamedSurface "blue" "plastic"
Color [0 1 0]
AttributeBegin
  NamedSurface "red"
  Sphere 1 -1 1 360
AttributeEnd
Surface "mix" "string surfaces" ["red" "blue"] "amount" [0.3])");
    const SurfaceAttributes& red = *f.world.shapes.at(0).attributes;
    CHECK(red.surface.name == "matte");
    CHECK(red.surface.parameters.getFloat("Kd", 0) == 0.7f);
    CHECK(red.color == Color(1, 0, 0));
    const SurfaceAttributes& mix = *f.world.shapes.at(1).attributes;
    CHECK(mix.surface.name == "mix");
    CHECK(mix.surface.parameters.getFloat("amount", 0) == 0.3f);
    CHECK(mix.color == Color(0, 1, 0));
    REQUIRE(mix.mixed.size() == 2);
    CHECK(mix.mixed[0]->color == Color(1, 0, 0));
    CHECK(mix.mixed[1]->surface.name == "plastic");
    CHECK(mix.mixed[1]->color == Color(0, 0, 1));
}

TEST_CASE("textures and named surfaces belong to their world block", "[scene][parser]") {
    const std::string frame = "FrameBegin 1\nWorldBegin\nTexture \"t\" \"constant\"\n"
                              "MakeNamedSurface \"s\" \"matte\"\nWorldEnd\nFrameEnd\n";
    CHECK_THROWS_WITH(parseSceneString(frame + "FrameBegin 2\nWorldBegin\nNamedSurface \"s\"\n"
                                               "WorldEnd\nFrameEnd\n",
                                       "test.lrt", registeredVocabulary()),
                      Catch::Contains("test.lrt:9:14") && Catch::Contains("unknown surface 's'"));
}

TEST_CASE("malformed textures and surface bindings are errors at their place",
          "[scene][parser][errors]") {
    struct Case {
        std::string body, where, message;
    };
    const std::string t = "Texture \"t\" \"constant\"\n"; // line 2; the case's text is line 3
    const Case cases[] = {
        {"Texture \"c\" \"checkerbord\"", "test.lrt:2:13",
         "unknown texture type 'checkerbord' (expected one of"},
        {"Texture \"c\" \"checkerboard\" \"texture tex1\" \"nope\"", "test.lrt:2:28",
         "parameter 'tex1' of Texture \"checkerboard\" names unknown texture 'nope'"},
        {t + "Texture \"t\" \"constant\"", "test.lrt:3:9",
         "texture 't' is already defined (at "
         "line 2, column 1)"},
        {t + "Texture \"f\" \"fbm\" \"texture octaves\" \"t\"", "test.lrt:3:19",
         "parameter 'octaves' of Texture \"fbm\" takes no texture (it has no inputs)"},
        {t + "Texture \"m\" \"mix\" \"texture tex3\" \"t\"", "test.lrt:3:19",
         "parameter 'tex3' of Texture \"mix\" takes no texture (only \"tex1\", \"tex2\" or "
         "\"amount\" do)"},
        {t + "Texture \"m\" \"mix\" \"tex1\" \"t\"", "test.lrt:3:19",
         "input 'tex1' of Texture \"mix\" takes a texture"},
        {t + "Texture \"m\" \"mix\" \"tex1\" [1 2]", "test.lrt:3:19",
         "input 'tex1' of Texture \"mix\" takes a texture"},
        {"Texture \"c\" \"checkerboard\" \"uscal\" [2]", "test.lrt:2:28",
         "unknown parameter 'uscal' for Texture \"checkerboard\"; did you mean 'uscale'?"},
        {t + "Surface \"matte\" \"texture Kdd\" \"t\"", "test.lrt:3:17",
         "unknown parameter 'Kdd' for Surface \"matte\"; did you mean 'Kd'?"},
        {t + "Surface \"conductor\" \"texture remaproughness\" \"t\"", "test.lrt:3:21",
         "parameter 'remaproughness' of Surface \"conductor\" is integer: only float and colour "
         "parameters take textures"},
        {t + "Surface \"conductor\" \"texture roughness\" \"t\" \"texture roughness\" \"t\"",
         "test.lrt:3:45", "parameter 'roughness' is given twice (first at line 3, column 21)"},
        {t + "Surface \"conductor\" \"roughness\" [0.1] \"texture roughness\" \"t\"",
         "test.lrt:3:39", "parameter 'roughness' is given twice (first at line 3, column 21)"},
        {t + "Surface \"matte\" \"texture Cs\" \"t\" \"texture Cs\" \"t\"", "test.lrt:3:34",
         "parameter 'Cs' is given twice"},
        {"Surface \"matte\" \"Cs\" [1 0 0]", "test.lrt:2:17",
         "parameter 'Cs' of a Surface is a "
         "texture"},
        {"Surface \"matte\" \"alpha\" 2", "test.lrt:2:17",
         "alpha of Surface \"matte\" is 2, outside its domain: a real in [0, 1]"},
        {"Surface \"matte\" \"alphacutoff\" 0.5", "test.lrt:2:17",
         "\"alphacutoff\" without \"alpha\""},
        {"Surface \"mix\" \"amount\" 0.5", "test.lrt:2:1",
         "Surface \"mix\" needs \"string "
         "surfaces\""},
        {"MakeNamedSurface \"a\" \"matte\"\nSurface \"mix\" \"string surfaces\" [\"a\"]",
         "test.lrt:3:15", "\"surfaces\" of Surface \"mix\" names two named surfaces"},
        {"MakeNamedSurface \"a\" \"matte\"\nSurface \"mix\" \"surfaces\" [\"a\" \"b\"]",
         "test.lrt:3:15", "unknown surface 'b'"},
        {"MakeNamedSurface \"a\" \"matte\"\nMakeNamedSurface \"a\" \"plastic\"", "test.lrt:3:18",
         "surface 'a' is already defined (at line 2, column 1)"},
        {"NamedSurface \"gold\"", "test.lrt:2:14", "unknown surface 'gold'"},
    };
    for (const Case& c : cases) {
        INFO("world block:\n" << c.body);
        const std::string error = firstParseError(c.body);
        CHECK_THAT(error, Catch::Contains(c.where + ": error: " + c.message));
    }
}

TEST_CASE("mixes of named surfaces nest at most 32 deep", "[scene][parser][errors]") {
    std::string body = "MakeNamedSurface \"m0\" \"matte\"\n";
    for (int i = 1; i <= 33; ++i)
        body += "MakeNamedSurface \"m" + std::to_string(i) + "\" \"mix\" \"surfaces\" [\"m" +
                std::to_string(i - 1) + "\" \"m0\"]\n";
    CHECK_THAT(firstParseError(body), Catch::Contains("test.lrt:35:") &&
                                          Catch::Contains("mixes nested more than 32 deep"));
    CHECK_NOTHROW(parseInWorld(body.substr(0, body.rfind("MakeNamedSurface"))));
}
