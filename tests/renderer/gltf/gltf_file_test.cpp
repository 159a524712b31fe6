// glTF files as meshes: node transforms (and the winding a mirroring one reverses), embedded
// images, primitives lrt leaves out, Shape "gltf" in a .lrt scene; and hostile files (cyclic node
// graphs, accessors past their buffers, indices past their vertices) refused with the JSON path.
#include "renderer/gltf/gltf_file.h"
#include "tests/file_bytes.h"
#include "tests/renderer/gltf_test_support.h"
#include "tests/renderer/png_test_support.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <OpenImageIO/imageio.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <tuple>

using namespace lrt;

namespace {

const std::vector<float> kQuadPositions = {-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0};
const std::vector<std::uint32_t> kQuadIndices = {0, 1, 2, 0, 2, 3};

// A quad of kQuadPositions with texture coordinates from (0, 0) to (1, 1), of material 0, as the
// mesh of `w`'s one node.
void addTexturedQuad(testing::GltfWriter& w) {
    w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices, 0)}});
    w.json()["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] =
        w.floats({0, 0, 1, 0, 1, 1, 0, 1}, "VEC2", 2);
}

// An 8 x 1 PNG in the scratch folder, red (255) on its left half and blue on its right.
std::filesystem::path redAndBlueHalves(const std::string& name) {
    const auto png = testing::scratchFile(name);
    testing::writePng(png, 8, 1, [](int x, int) {
        return x < 4 ? std::array<unsigned char, 3>{255, 0, 0}
                     : std::array<unsigned char, 3>{0, 0, 255};
    });
    return png;
}

std::string gltfErrorOf(const std::string& text) {
    try {
        parseGltf(text, "x.gltf", ".");
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("glTF node transforms place meshes and a mirroring one keeps faces in front",
          "[shapes][gltf]") {
    testing::GltfWriter w;
    const int mesh = w.mesh(kQuadPositions, kQuadIndices);
    w.root({{"mesh", mesh}, {"translation", {0, 0, -5}}, {"children", {1}}});
    w.json()["nodes"].push_back({{"mesh", mesh}, {"scale", {-1, 1, 1}}}); // a child, mirrored
    const GltfFile file = parseGltf(w.text(), "x.gltf", ".");
    REQUIRE(file.meshes.size() == 2);
    CHECK(file.meshes[0].data.positions[2].z == -5);
    CHECK(file.meshes[1].data.positions[1].x == -1); // (1 -1 0) mirrored, then moved
    CHECK(file.meshes[1].data.positions[1].z == -5);
    // The reader keeps the spare elements that let Embree share the arrays.
    CHECK(file.meshes[0].data.positionsSharable());
    CHECK(file.meshes[0].data.trianglesSharable());
    // Counter-clockwise seen from +z before the mirror; after it, the order is reversed so that
    // the face's normal, cross(p1 - p0, p2 - p0), still points to +z (glTF 2.0, 3.7.2.1).
    const auto normal = [](const MeshData& m) {
        const auto& t = m.triangles[0];
        const Vec3 p0 = m.positions[static_cast<std::size_t>(t[0])],
                   p1 = m.positions[static_cast<std::size_t>(t[1])],
                   p2 = m.positions[static_cast<std::size_t>(t[2])];
        return cross(p1 - p0, p2 - p0);
    };
    CHECK(normal(file.meshes[0].data).z > 0);
    CHECK(normal(file.meshes[1].data).z > 0);
}

TEST_CASE("glTF primitives lrt does not render are noted and left out", "[shapes][gltf]") {
    testing::GltfWriter w;
    w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices)}});
    w.json()["meshes"][0]["primitives"][0]["mode"] = 0; // points
    const GltfFile file = parseGltf(w.text(), "x.gltf", ".");
    CHECK(file.meshes.empty());
    REQUIRE(file.notes.size() == 1);
    CHECK(file.notes[0] == "meshes[0].primitives[0], made of points or lines");
}

TEST_CASE("hostile glTF files are refused with the JSON path and the reason", "[shapes][gltf]") {
    SECTION("a cyclic node graph") {
        testing::GltfWriter w;
        w.root({{"children", {1}}});
        w.json()["nodes"].push_back({{"children", {0}}});
        CHECK(gltfErrorOf(w.text()) ==
              "x.gltf: nodes[0]: the node graph has a cycle through this node");
    }
    SECTION("an accessor past the end of its buffer view") {
        testing::GltfWriter w;
        w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices)}});
        w.json()["accessors"][0]["count"] = 1000000000;
        CHECK(gltfErrorOf(w.text()) == "x.gltf: accessors[0]: 1000000000 elements of 12 bytes run "
                                       "past the end of buffer view 0");
    }
    SECTION("a buffer view past the end of its buffer") {
        testing::GltfWriter w;
        w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices)}});
        w.json()["bufferViews"][0]["byteOffset"] = 4000000000u;
        CHECK(gltfErrorOf(w.text()) ==
              "x.gltf: bufferViews[0]: the view does not fit in its buffer");
    }
    SECTION("an index past the vertices") {
        testing::GltfWriter w;
        w.root({{"mesh", w.mesh(kQuadPositions, {0, 1, 7})}});
        CHECK(gltfErrorOf(w.text()) ==
              "x.gltf: meshes[0].primitives[0].indices: index 7 is outside the 4 vertices");
    }
    SECTION("indices of a signed type (glTF allows only unsigned ones)") {
        for (const int signedType : {5120, 5122}) { // BYTE, SHORT
            testing::GltfWriter w;
            w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices)}});
            w.json()["accessors"][1]["componentType"] = signedType;
            CHECK(gltfErrorOf(w.text()) == "x.gltf: meshes[0].primitives[0].indices: accessor 1 is "
                                           "not a list of unsigned integer indices");
        }
    }
    SECTION("a primitive without positions, a missing mesh or material") {
        testing::GltfWriter w;
        w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices)}});
        w.json()["meshes"][0]["primitives"][0]["attributes"].erase("POSITION");
        CHECK(gltfErrorOf(w.text()) ==
              "x.gltf: meshes[0].primitives[0]: a primitive without POSITION");
        testing::GltfWriter v;
        v.root({{"mesh", 3}});
        CHECK(gltfErrorOf(v.text()) == "x.gltf: meshes[3]: mesh 3 does not exist");
        testing::GltfWriter u;
        u.root({{"mesh", u.mesh(kQuadPositions, kQuadIndices, 2)}});
        CHECK(gltfErrorOf(u.text()) ==
              "x.gltf: meshes[0].primitives[0]: material 2 does not exist");
    }
    SECTION("every independent error of the file, in one read") {
        testing::GltfWriter w;
        w.root({{"mesh", w.mesh(kQuadPositions, {0, 1, 9})}});
        w.root({{"mesh", 5}});
        w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices, 3)}});
        CHECK(gltfErrorOf(w.text()) ==
              "x.gltf: meshes[0].primitives[0].indices: index 9 is outside the 4 vertices\n"
              "x.gltf: meshes[5]: mesh 5 does not exist\n"
              "x.gltf: meshes[1].primitives[0]: material 3 does not exist");
    }
    SECTION("texture coordinates of the wrong shape") {
        testing::GltfWriter w;
        w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices)}});
        w.json()["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = 0; // VEC3 positions
        CHECK(gltfErrorOf(w.text()) ==
              "x.gltf: meshes[0].primitives[0].TEXCOORD_0: accessor 0 has 3 "
              "components per element");
    }
    SECTION("text that is no glTF") {
        CHECK_THAT(gltfErrorOf("{ \"asset\": "),
                   Catch::StartsWith("cannot read glTF file 'x.gltf'"));
        CHECK_THAT(gltfErrorOf("glTF\x02\0\0\0garbage"),
                   Catch::StartsWith("cannot read glTF file"));
    }
}

TEST_CASE("a glTF image embedded as a data URI colours its material", "[shapes][gltf]") {
    // A 2 x 2 PNG of one colour, written by OpenImageIO, embedded in the file.
    const auto png = testing::scratchFile("colour.png");
    testing::writePng(png, 2, 2, [](int, int) { return std::array<unsigned char, 3>{255, 0, 0}; });
    const std::string bytes = testing_files::requiredFileBytes(png);

    testing::GltfWriter w;
    addTexturedQuad(w);
    w.json()["materials"] = {
        {{"name", "painted"},
         {"pbrMetallicRoughness",
          {{"baseColorTexture", {{"index", 0}}}, {"metallicFactor", 0}, {"roughnessFactor", 1}}}}};
    w.json()["textures"] = {{{"source", 0}}};
    w.json()["images"] = {{{"uri", "data:image/png;base64," + testing::base64(bytes)}}};
    const auto gltf = testing::scratchFile("painted.gltf");
    std::ofstream(gltf) << w.text();
    const GltfFile file = loadGltfFile(gltf);
    REQUIRE(file.materials.size() == 1);
    CHECK(file.materials[0].diffuseMap.embedded);
    CHECK(file.materials[0].diffuseMap.file == gltf.string() + "#image0.png");
    // In a .lrt scene, lit head-on by a distant light of irradiance pi: the red of the image
    // (sRGB 255 is 1) under a rough plastic coat, whose highlight adds a little to every channel.
    const Image image = testing::renderText(
        "Format 8 8 1\nPixelSamples 2 2\nProjection \"orthographic\"\nTranslate 0 0 5\n"
        "WorldBegin\nLightSource \"distantlight\" \"from\" [0 0 -1] \"to\" [0 0 0] "
        "\"intensity\" 3.14159265\nShape \"gltf\" \"filename\" \"" +
        gltf.string() + "\"\nWorldEnd\n");
    const Color c = testing::pixel(image, 4, 4);
    CHECK(c.r > 0.9f);
    CHECK(c.g < 0.1f);
    CHECK(c.g == Approx(c.b));
}

TEST_CASE("KHR_texture_transform's offset and scale place a glTF texture", "[shapes][gltf]") {
    testing::GltfWriter w;
    w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices, 0)}});
    w.json()["materials"] = {
        {{"pbrMetallicRoughness",
          {{"baseColorTexture",
            {{"index", 0},
             {"extensions",
              {{"KHR_texture_transform", {{"offset", {0.5, 0.25}}, {"scale", {2, 3}}}}}}}}}}}};
    w.json()["textures"] = {{{"source", 0}}};
    w.json()["images"] = {{{"uri", "wood%20grain.png"}}};
    const GltfFile file = parseGltf(w.text(), "x.gltf", "/scenes");
    const TextureMap& map = file.materials.at(0).diffuseMap;
    CHECK(map.file == "/scenes/wood grain.png"); // the URI's %20 decoded
    CHECK(map.uscale == 2);
    CHECK(map.vscale == 3);
    CHECK(map.udelta == 0.5f);
    CHECK(map.vdelta == 0.25f);
    CHECK(file.materials.at(0).unsupported.empty());
}

TEST_CASE("metallicRoughnessTexture textures roughness (green) and metallic (blue)",
          "[shapes][gltf][textures]") {
    // An 8 x 1 PNG: its left half a rough dielectric (G 255, B 0), its right half a smooth
    // metal (G 0, B 255). Factors of 1 leave the texels as they are.
    const auto png = testing::scratchFile("metallic_roughness.png");
    testing::writePng(png, 8, 1, [](int x, int) {
        return std::array<unsigned char, 3>{0, static_cast<unsigned char>(x < 4 ? 255 : 0),
                                            static_cast<unsigned char>(x < 4 ? 0 : 255)};
    });

    testing::GltfWriter w;
    addTexturedQuad(w);
    w.json()["materials"] = {
        {{"name", "half metal"},
         {"pbrMetallicRoughness",
          {{"baseColorFactor", {1, 0, 0, 1}},
           {"metallicRoughnessTexture", {{"index", 0}}},
           {"metallicFactor", 1},
           {"roughnessFactor", 1}}},
         {"extensions",
          {{"KHR_materials_clearcoat",
            {{"clearcoatFactor", 0.5}, {"clearcoatTexture", {{"index", 0}}}}},
           {"KHR_materials_transmission",
            {{"transmissionFactor", 0}, {"transmissionTexture", {{"index", 0}}}}}}}}};
    w.json()["textures"] = {{{"source", 0}}};
    w.json()["images"] = {{{"uri", png.filename().string()}}};
    const auto gltf = testing::scratchFile("metallic_roughness.gltf");
    std::ofstream(gltf) << w.text();

    const GltfFile file = loadGltfFile(gltf);
    REQUIRE(file.materials.size() == 1);
    const auto& maps = file.materials[0].floatMaps;
    CHECK(file.materials[0].unsupported.empty());
    std::vector<std::tuple<std::string, int, float>> read;
    for (const FloatMap& m : maps)
        read.emplace_back(m.parameter, m.channel, m.factor);
    std::sort(read.begin(), read.end());
    CHECK(read == std::vector<std::tuple<std::string, int, float>>{{"clearcoat", 0, 0.5f},
                                                                   {"metallic", 2, 1.0f},
                                                                   {"roughness", 1, 1.0f},
                                                                   {"transmission", 0, 0.0f}});

    // Lit head-on by a distant light: the rough dielectric half shows its red diffuse; the smooth
    // metal half reflects the light (a direction) only back along itself, which no pixel sees.
    const Image image = testing::renderText(
        "Format 8 8 1\nPixelSamples 2 2\nProjection \"orthographic\"\nTranslate 0 0 5\n"
        "WorldBegin\nLightSource \"distantlight\" \"from\" [0 0 -1] \"to\" [0 0 0] "
        "\"intensity\" 3.14159265\nShape \"gltf\" \"filename\" \"" +
        gltf.string() + "\"\nWorldEnd\n");
    const float left = testing::pixel(image, 1, 4).r, right = testing::pixel(image, 6, 4).r;
    INFO("red at x = 1: " << left << ", at x = 6: " << right);
    CHECK(std::max(left, right) > 0.3f);
    CHECK(std::min(left, right) < 0.02f);
}

TEST_CASE("KHR_materials_sheen's colour and roughness, and its roughness texture's alpha",
          "[shapes][gltf]") {
    testing::GltfWriter w;
    w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices, 0)}});
    w.json()["materials"] = {{{"name", "velvet"},
                              {"extensions",
                               {{"KHR_materials_sheen",
                                 {{"sheenColorFactor", {0.9, 2.0, 0.1}},
                                  {"sheenRoughnessFactor", 0.4},
                                  {"sheenRoughnessTexture", {{"index", 0}}}}}}}}};
    w.json()["textures"] = {{{"source", 0}}};
    w.json()["images"] = {{{"uri", "fuzz.png"}}};
    const GltfFile file = parseGltf(w.text(), "x.gltf", "/scenes");
    const FileMaterial& m = file.materials.at(0);
    CHECK(m.sheenColor == Color(0.9f, 1.0f, 0.1f)); // clamped to [0, 1]
    CHECK(m.sheenRoughness == 0.4f);
    REQUIRE(m.floatMaps.size() == 1);
    CHECK(m.floatMaps[0].parameter == "sheenroughness");
    CHECK(m.floatMaps[0].channel == 3); // the texture's alpha
    CHECK(m.floatMaps[0].factor == 0.4f);
    CHECK(m.unsupported.empty());
}

TEST_CASE("an emissiveTexture colours the light a glTF surface emits, seen and sampled",
          "[shapes][gltf][lights]") {
    // Red on the left half and blue on the right, times an emissiveFactor of 1.
    const auto png = redAndBlueHalves("emission.png");
    testing::GltfWriter w;
    addTexturedQuad(w);
    w.json()["materials"] = {{{"name", "sign"},
                              {"emissiveFactor", {1, 1, 1}},
                              {"emissiveTexture", {{"index", 0}}},
                              {"pbrMetallicRoughness", {{"baseColorFactor", {0, 0, 0, 1}}}}}};
    w.json()["textures"] = {{{"source", 0}}};
    w.json()["images"] = {{{"uri", png.filename().string()}}};
    const auto gltf = testing::scratchFile("emission.gltf");
    std::ofstream(gltf) << w.text();
    REQUIRE(loadGltfFile(gltf).materials.at(0).unsupported.empty());

    // Seen head-on: each half shows its colour (sRGB 255 is 1), and nothing green.
    const Image seen = testing::renderText(
        "Format 8 8 1\nPixelSamples 2 2\nProjection \"orthographic\"\nTranslate 0 0 5\n"
        "WorldBegin\nShape \"gltf\" \"filename\" \"" +
        gltf.string() + "\"\nWorldEnd\n");
    const Color left = testing::pixel(seen, 1, 4), right = testing::pixel(seen, 6, 4);
    CHECK(left.g == 0);
    CHECK(right.g == 0);
    CHECK(std::max(left.r, right.r) == Approx(1.0f).epsilon(0.02));
    CHECK(std::max(left.b, right.b) == Approx(1.0f).epsilon(0.02));
    CHECK(std::min(left.r, right.r) < 0.02f);

    // Lighting a white wall from behind the camera (which sees only the wall): light sampling
    // takes the texture too, so the wall is lit red and blue in equal parts, and not green.
    const Image lit = testing::renderText(
        "Format 8 8 1\nPixelSamples 4 4\nProjection \"perspective\" \"fov\" [30]\n"
        "SurfaceIntegrator \"path\" \"maxdepth\" [1]\nTranslate 0 0 5\nWorldBegin\n"
        "AttributeBegin\nTranslate 0 0 -6\nShape \"gltf\" \"filename\" \"" +
        gltf.string() +
        "\"\nAttributeEnd\nSurface \"matte\" \"Kd\" [1]\n"
        "Polygon \"P\" [-3 -3 0  3 -3 0  3 3 0  -3 3 0]\nWorldEnd\n");
    double red = 0, green = 0, blue = 0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            const Color c = testing::pixel(lit, x, y);
            red += c.r, green += c.g, blue += c.b;
        }
    CHECK(green == 0);
    CHECK(red > 0);
    CHECK(red == Approx(blue).epsilon(0.15));
}

TEST_CASE("a texture standing for two parameters is read once, its notes said once",
          "[shapes][gltf]") {
    testing::GltfWriter w;
    w.root({{"mesh", w.mesh(kQuadPositions, kQuadIndices, 0)}});
    w.json()["materials"] = {{{"pbrMetallicRoughness",
                               {{"metallicRoughnessTexture", {{"index", 0}, {"texCoord", 1}}}}}}};
    w.json()["textures"] = {{{"source", 0}}};
    w.json()["images"] = {{{"uri", "mr.png"}}};
    const FileMaterial m = parseGltf(w.text(), "x.gltf", "/scenes").materials.at(0);
    CHECK(m.floatMaps.size() == 2); // roughness and metallic
    CHECK(m.unsupported == std::vector<std::string>{"texture 0 on TEXCOORD_1"});
}

TEST_CASE("sheenColorTexture and KHR_materials_specular's textures colour what they stand for",
          "[shapes][gltf][textures]") {
    // Red on the left half and blue on the right, as each extension's colour texture (and,
    // without alpha, a specularTexture of strength 1), on a black smooth dielectric.
    const auto png = redAndBlueHalves("halves.png");
    const auto quad = [&](const std::string& name, const nlohmann::json& extensions) {
        testing::GltfWriter w;
        addTexturedQuad(w);
        w.json()["materials"] = {
            {{"name", name},
             {"pbrMetallicRoughness",
              {{"baseColorFactor", {0, 0, 0, 1}}, {"metallicFactor", 0}, {"roughnessFactor", 0}}},
             {"extensions", extensions}}};
        w.json()["textures"] = {{{"source", 0}}};
        w.json()["images"] = {{{"uri", png.filename().string()}}};
        const auto gltf = testing::scratchFile(name + ".gltf");
        std::ofstream(gltf) << w.text();
        return gltf;
    };
    // Under a uniform sky of 1, seen head-on through one bounce.
    const auto render = [](const std::filesystem::path& gltf) {
        const Image image = testing::renderText(
            "Format 8 8 1\nPixelSamples 4 4\nProjection \"orthographic\"\n"
            "SurfaceIntegrator \"path\" \"maxdepth\" [1]\nTranslate 0 0 5\nWorldBegin\n"
            "LightSource \"infinite\" \"intensity\" [1]\nShape \"gltf\" \"filename\" \"" +
            gltf.string() + "\"\nWorldEnd\n");
        return std::pair{testing::pixel(image, 1, 4), testing::pixel(image, 6, 4)};
    };

    const auto specular = quad("specular", {{"KHR_materials_specular",
                                             {{"specularColorFactor", {10, 10, 10}},
                                              {"specularColorTexture", {{"index", 0}}},
                                              {"specularTexture", {{"index", 0}}}}}});
    const FileMaterial tinted = loadGltfFile(specular).materials.at(0);
    CHECK(tinted.unsupported.empty());
    REQUIRE(tinted.colorMaps.size() == 1);
    CHECK(tinted.colorMaps[0].parameter == "specularcolor");
    CHECK(tinted.colorMaps[0].factor == Color(10, 10, 10));
    REQUIRE(tinted.floatMaps.size() == 1);
    CHECK(tinted.floatMaps[0].parameter == "specular");
    CHECK(tinted.floatMaps[0].channel == 3);
    // Head-on, the mirror reflects the sky times F0 = min(0.04 specularColor, 1): 0.4 red on the
    // left, 0.4 blue on the right, and nothing else (the base is black).
    const auto [left, right] = render(specular);
    CHECK(left.r == Approx(0.4f).epsilon(0.03));
    CHECK(left.g < 1e-3f);
    CHECK(left.b < 1e-3f);
    CHECK(right.b == Approx(0.4f).epsilon(0.03));
    CHECK(right.r < 1e-3f);

    const auto sheen = quad("sheen", {{"KHR_materials_sheen",
                                       {{"sheenColorFactor", {1, 1, 1}},
                                        {"sheenRoughnessFactor", 0.5},
                                        {"sheenColorTexture", {{"index", 0}}}}}});
    const FileMaterial velvet = loadGltfFile(sheen).materials.at(0);
    CHECK(velvet.unsupported.empty());
    REQUIRE(velvet.colorMaps.size() == 1);
    CHECK(velvet.colorMaps[0].parameter == "sheencolor");
    // The white highlight of the dielectric under the sheen is in every channel; the sheen adds
    // red on the left only and blue on the right only.
    const auto [sheenLeft, sheenRight] = render(sheen);
    CHECK(sheenLeft.r - sheenLeft.g > 0.01f);
    CHECK(sheenLeft.b == Approx(sheenLeft.g).margin(1e-4));
    CHECK(sheenRight.b - sheenRight.g > 0.01f);
    CHECK(sheenRight.r == Approx(sheenRight.g).margin(1e-4));
}
