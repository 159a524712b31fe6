// glTF scenes: one scene written in .lrt, pbrt-v4 and glTF renders bitwise the same; the files
// Blender's exporters write (tests/data/blender/, made by its export_scenes.py) import their
// camera, lights, materials and image, and Blender's OBJ and glTF exports of one scene render the
// same within noise.
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/gltf/gltf_scene.h"
#include "renderer/pbrt/pbrt_scene.h"
#include "tests/renderer/gltf_test_support.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <numbers>

using namespace lrt;

namespace {

const std::filesystem::path kBlender = LRT_SOURCE_DIR "/tests/data/blender";

Image renderFrame(FrameDescription frame, int width, int height, int samples) {
    frame.options.film.xResolution = width;
    frame.options.film.yResolution = height;
    EmbreeDevice device;
    const auto scene = buildScene(frame, device.get(), testing::bundledData());
    RenderSettings settings;
    settings.samplesPerPixel = samples;
    return render(*scene, settings).image;
}

// The mean over all pixels and channels of |a - b|.
double meanDifference(const Image& a, const Image& b) {
    double sum = 0;
    for (std::size_t i = 0; i < a.pixels.size(); ++i)
        sum += std::fabs(a.pixels[i] - b.pixels[i]);
    return sum / static_cast<double>(a.pixels.size());
}

double mean(const Image& image) {
    double sum = 0;
    for (const float v : image.pixels)
        sum += v;
    return sum / static_cast<double>(image.pixels.size());
}

} // namespace

TEST_CASE("one scene written in .lrt and pbrt-v4 and glTF renders bitwise the same", "[gltf]") {
    // A floor, a tetrahedron and an emitting square in front of a camera at the origin looking
    // down glTF's -z, lit by a point light of 6830 cd (10 W/sr at 683 lm/W) and the square.
    const std::vector<float> floor = {-3, -1, -2, 3, -1, -2, 3, -1, -8, -3, -1, -8};
    const std::vector<float> tetrahedron = {0, -1, -4, 1, -1, -5, -1, -1, -5, 0, 0.5f, -4.6f};
    const std::vector<float> lamp = {-0.5f, 1.5f, -4, 0.5f,  1.5f, -4,
                                     0.5f,  1.5f, -5, -0.5f, 1.5f, -5};
    const std::vector<std::uint32_t> quad = {0, 1, 2, 0, 2, 3};
    const std::vector<std::uint32_t> faces = {0, 1, 2, 0, 3, 1, 1, 3, 2, 2, 3, 0};
    const float yfov = 0.6981317f; // 40 degrees
    testing::GltfWriter gltf;
    auto& json = gltf.json();
    json["materials"] = {
        {{"pbrMetallicRoughness",
          {{"baseColorFactor", {0.8, 0.5, 0.3, 1}},
           {"metallicFactor", 0},
           {"roughnessFactor", 0.5}}}},
        {{"pbrMetallicRoughness",
          {{"baseColorFactor", {0, 0, 0, 1}}, {"metallicFactor", 0}, {"roughnessFactor", 0.5}}},
         {"emissiveFactor", {1, 1, 1}},
         {"extensions", {{"KHR_materials_emissive_strength", {{"emissiveStrength", 4}}}}}}};
    gltf.root({{"mesh", gltf.mesh(floor, quad, 0)}});
    gltf.root({{"mesh", gltf.mesh(tetrahedron, faces, 0)}});
    gltf.root({{"mesh", gltf.mesh(lamp, quad, 1)}});
    json["cameras"] = {
        {{"type", "perspective"},
         {"perspective", {{"yfov", yfov}, {"aspectRatio", 4.0 / 3}, {"znear", 0.001}}}}};
    gltf.root({{"camera", 0}});
    json["extensions"] = {
        {"KHR_lights_punctual", {{"lights", {{{"type", "point"}, {"intensity", 6830}}}}}}};
    gltf.root(
        {{"translation", {0, 2, -3}}, {"extensions", {{"KHR_lights_punctual", {{"light", 0}}}}}});
    const auto path = testing::scratchFile("triple.gltf");
    std::ofstream(path) << gltf.text();

    const auto list = [](const std::vector<float>& v) {
        std::string out;
        for (const float x : v)
            out += fmt::format("{} ", x);
        return out;
    };
    // The camera: glTF's looks down -z; lrt's and pbrt's down +z, so the world is mirrored in z.
    const std::string fov = fmt::format("{:.9g}", yfov * (180.0f / std::numbers::pi_v<float>));
    const std::string lrt = fmt::format(R"(Format 48 36 1
PixelSamples 4 4
Projection "perspective" "fov" {0}
SurfaceIntegrator "path"
Scale 1 1 -1
WorldBegin
LightSource "pointlight" "from" [0 2 -3] "intensity" 10
Surface "metallicroughness" "metallic" 0 "roughness" 0.5
Color [0.8 0.5 0.3]
Shape "trianglemesh" "P" [{1}] "indices" [0 1 2 0 2 3]
Shape "trianglemesh" "P" [{2}] "indices" [0 1 2 0 3 1 1 3 2 2 3 0]
AttributeBegin
  AreaLightSource "arealight" "lightcolor" [4 4 4]
  Color [0 0 0]
  Shape "trianglemesh" "P" [{3}] "indices" [0 1 2 0 2 3]
AttributeEnd
WorldEnd
)",
                                        fov, list(floor), list(tetrahedron), list(lamp));
    const std::string pbrt = fmt::format(R"(Scale 1 1 -1
Camera "perspective" "float fov" {0}
Film "rgb" "integer xresolution" 48 "integer yresolution" 36
Sampler "zsobol" "integer pixelsamples" 16
PixelFilter "gaussian" "float xradius" 1 "float yradius" 1
Integrator "path"
WorldBegin
LightSource "point" "point3 from" [0 2 -3] "rgb I" [10 10 10]
Material "coateddiffuse" "rgb reflectance" [0.8 0.5 0.3] "float roughness" 0.0625
Shape "trianglemesh" "point3 P" [{1}] "integer indices" [0 1 2 0 2 3]
Shape "trianglemesh" "point3 P" [{2}] "integer indices" [0 1 2 0 3 1 1 3 2 2 3 0]
AttributeBegin
  AreaLightSource "diffuse" "rgb L" [4 4 4] "bool twosided" true
  Material "coateddiffuse" "rgb reflectance" [0 0 0] "float roughness" 0.0625
  Shape "trianglemesh" "point3 P" [{3}] "integer indices" [0 1 2 0 2 3]
AttributeEnd
)",
                                         fov, list(floor), list(tetrahedron), list(lamp));
    const auto gltfFrames = parseGltfScene(path);
    REQUIRE(gltfFrames.at(0).warnings.empty());
    const Image fromGltf = renderFrame(gltfFrames.at(0), 48, 36, 16);
    const Image fromLrt =
        renderFrame(parseSceneString(lrt, "triple.lrt", registeredVocabulary()).at(0), 48, 36, 16);
    const Image fromPbrt = renderFrame(parsePbrtString(pbrt, "triple.pbrt").at(0), 48, 36, 16);
    CHECK(fromGltf.pixels == fromLrt.pixels);
    // pbrt-v4's coateddiffuse is lrt's coateddiffuse (roughness 0.0625 is GGX alpha 0.25).
    std::string coated = lrt;
    const std::string gltfSurface =
        "Surface \"metallicroughness\" \"metallic\" 0 \"roughness\" 0.5";
    coated.replace(coated.find(gltfSurface), gltfSurface.size(),
                   "Surface \"coateddiffuse\" \"reflectance\" [1 1 1] \"uroughness\" 0.25 "
                   "\"vroughness\" 0.25");
    const Image fromLrtCoated = renderFrame(
        parseSceneString(coated, "triple.lrt", registeredVocabulary()).at(0), 48, 36, 16);
    CHECK(fromPbrt.pixels == fromLrtCoated.pixels);
    CHECK(mean(fromLrt) > 0.01);
}

TEST_CASE("a Blender-exported glb brings its camera and lights and materials and image",
          "[gltf][blender]") {
    const auto frames = parseGltfScene(kBlender / "scene.glb");
    const FrameDescription& frame = frames.at(0);
    CHECK(frame.warnings.empty());
    // Blender's 640 x 480 camera: aspect 4:3, 42.18 degrees across the height (35 mm lens).
    CHECK(frame.options.film.xResolution == 960);
    CHECK(frame.options.film.yResolution == 720);
    const lrt::Parameter* fov = frame.options.camera.projection.parameters.find("fov");
    REQUIRE(fov);
    CHECK(fov->numbers.at(0) ==
          Approx(2 * std::atan(18.0 / 35 * 0.75) * 180 / std::numbers::pi).epsilon(1e-4));
    // The 300 W point light (300 / 4 pi W/sr) and the sun of 2 W/m^2.
    REQUIRE(frame.world.lights.size() == 2);
    CHECK(frame.world.lights[0].type == "pointlight");
    CHECK(frame.world.lights[0].parameters.find("intensity")->numbers.at(0) ==
          Approx(300 / (4 * std::numbers::pi)).epsilon(1e-5));
    CHECK(frame.world.lights[1].type == "distantlight");
    CHECK(frame.world.lights[1].parameters.find("intensity")->numbers.at(0) == Approx(2));

    EmbreeDevice device;
    FrameDescription small = frame;
    small.options.film.xResolution = 96;
    small.options.film.yResolution = 72;
    const auto scene = buildScene(small, device.get(), testing::bundledData());
    CHECK(scene->substitutions().empty());
    CHECK(scene->lights().size() == 3); // and the emissive panel
    RenderSettings settings;
    settings.samplesPerPixel = 16;
    const Image image = render(*scene, settings).image;
    // The floor's image: blue in front on the left, white in front on the right.
    const Color frontLeft = testing::pixel(image, 25, 50),
                frontRight = testing::pixel(image, 70, 50);
    CHECK(frontLeft.b > 2 * frontLeft.r);
    CHECK(frontRight.r == Approx(frontRight.b).epsilon(0.1));
    // The emissive panel, seen from below at the top edge of the picture (partly covering its
    // pixels): radiance 8 x (1 0.9 0.8).
    const Color panel = testing::pixel(image, 48, 0);
    CHECK(panel.r > 4);
    CHECK(panel.r / panel.b == Approx(1 / 0.8).epsilon(0.01));
}

TEST_CASE("Blender's OBJ and glTF exports of one scene render the same within noise",
          "[gltf][blender]") {
    const Image fromGltf = renderFrame(parseGltfScene(kBlender / "scene.glb").at(0), 96, 72, 16);
    const Image fromObj = renderFrame(
        parseSceneFile(kBlender / "scene_obj.lrt", registeredVocabulary()).at(0), 96, 72, 16);
    // The two exports map onto slightly different surfaces (the .mtl keeps Blender's Ks as the
    // highlight's colour; glTF gives dielectrics an F0 of 0.04), and the noise differs.
    INFO("mean " << mean(fromObj) << " and " << mean(fromGltf));
    CHECK(mean(fromObj) == Approx(mean(fromGltf)).epsilon(0.05));
    CHECK(meanDifference(fromObj, fromGltf) < 0.05);
    // Same silhouettes: the background is black in both, and only there.
    int disagreeing = 0;
    for (int y = 0; y < 72; ++y)
        for (int x = 0; x < 96; ++x)
            disagreeing += (testing::pixel(fromObj, x, y).isBlack() !=
                            testing::pixel(fromGltf, x, y).isBlack());
    CHECK(disagreeing < 10);
}

TEST_CASE("a glTF scene is read once: its Shape \"gltf\" takes the file its reader parsed",
          "[gltf][scene]") {
    // Issue 31: the file was read three times (the reader's sniff, the scene, the shape). Once
    // parsed, the file can go: building the frame reads nothing more.
    const std::filesystem::path copy = testing::scratchFile("read_once.glb");
    std::filesystem::copy_file(kBlender / "scene.glb", copy,
                               std::filesystem::copy_options::overwrite_existing);
    std::vector<FrameDescription> frames = parseGltfScene(copy);
    std::filesystem::remove(copy);
    REQUIRE(frames.size() == 1);
    const Image image = renderFrame(frames[0], 24, 18, 1);
    CHECK(std::any_of(image.pixels.begin(), image.pixels.end(), [](float v) { return v > 0.01f; }));
}

TEST_CASE("each warning of an approximated glTF material says one thing", "[gltf]") {
    // A half-metal, a rough glass, a clearcoat, a specular tint, a sheen and alpha masking render
    // as glTF defines them: no warning. What is left out (a volume) says so, in one sentence.
    testing::GltfWriter gltf;
    gltf.json()["materials"] = {
        {{"name", "half"}, {"pbrMetallicRoughness", {{"metallicFactor", 0.5}}}},
        {{"name", "frosted"},
         {"pbrMetallicRoughness", {{"metallicFactor", 0}, {"roughnessFactor", 0.5}}},
         {"extensions", {{"KHR_materials_transmission", {{"transmissionFactor", 1}}}}}},
        {{"name", "coated"},
         {"alphaMode", "MASK"},
         {"extensions",
          {{"KHR_materials_clearcoat", {{"clearcoatFactor", 1}}},
           {"KHR_materials_specular",
            {{"specularFactor", 0.5}, {"specularColorFactor", {1, 0.5, 0.2}}}},
           {"KHR_materials_sheen", {{"sheenRoughnessFactor", 0.5}}},
           {"KHR_materials_volume", {{"thicknessFactor", 1}}}}}},
    };
    const std::vector<float> triangle = {0, 0, -2, 1, 0, -2, 0, 1, -2};
    for (int material = 0; material < 3; ++material)
        gltf.root({{"mesh", gltf.mesh(triangle, {0, 1, 2}, material)}});
    const std::filesystem::path path = testing::scratchFile("approximated.gltf");
    std::ofstream(path) << gltf.text();
    FrameDescription frame = parseGltfScene(path).at(0);
    frame.options.film.xResolution = frame.options.film.yResolution = 4;
    EmbreeDevice device;
    const auto scene = buildScene(frame, device.get(), testing::bundledData());
    std::vector<std::string> messages;
    for (const auto& d : scene->substitutions())
        messages.push_back(d.message);
    std::sort(messages.begin(), messages.end());
    CHECK(messages == std::vector<std::string>{
                          "glTF material \"coated\": KHR_materials_volume is not rendered",
                      });
}

TEST_CASE("the material extensions and textures Blender 3.4 exports are read and rendered",
          "[gltf][blender]") {
    // tests/data/blender/extensions.glb, written by Blender 3.4's exporter (export_scenes.py):
    // rough glass, a clear coat, a specular tint, an alpha-clipped leaf and metallic and roughness
    // from an image, each on a quad.
    const GltfFile file = loadGltfFile(kBlender / "extensions.glb");
    const auto named = [&](const std::string& name) -> const FileMaterial& {
        for (const FileMaterial& m : file.materials)
            if (m.name == name)
                return m;
        FAIL("no material " << name);
        return file.materials.front();
    };
    for (const FileMaterial& m : file.materials) {
        INFO("material " << m.name);
        CHECK(m.unsupported.empty());
    }
    const FileMaterial& glass = named("Frosted");
    CHECK(glass.transmission == 1.0f);
    CHECK(glass.ior == Approx(1.6f));
    CHECK(glass.roughness == Approx(0.3f));
    const FileMaterial& coated = named("Coated");
    CHECK(coated.clearcoat == 1.0f);
    CHECK(coated.clearcoatRoughness == Approx(0.2f));
    // Blender writes its Specular 0.8 and Specular Tint 0.5 as a colour factor of 1.897.
    CHECK(named("Tinted").specularColorFactor.g == Approx(1.897f).epsilon(1e-3));
    const FileMaterial& leaf = named("Leaf");
    CHECK(leaf.alphaCutoff == Approx(0.4f));
    CHECK_FALSE(leaf.diffuseMap.empty());
    const FileMaterial& mapped = named("Mapped");
    std::vector<std::pair<std::string, int>> maps;
    for (const FloatMap& m : mapped.floatMaps)
        maps.emplace_back(m.parameter, m.channel);
    std::sort(maps.begin(), maps.end());
    CHECK(maps == std::vector<std::pair<std::string, int>>{{"metallic", 2}, {"roughness", 1}});

    // The scene builds with nothing substituted (the sky standing in for its missing lights is
    // the frame's warning, not a material's) and renders every material, the leaf's cut-out
    // through its embedded image's alpha among them, to finite colours.
    FrameDescription frame = parseGltfScene(kBlender / "extensions.glb").at(0);
    frame.options.film.xResolution = 40;
    frame.options.film.yResolution = 8;
    EmbreeDevice device;
    const auto scene = buildScene(frame, device.get(), testing::bundledData());
    for (const auto& d : scene->substitutions())
        FAIL_CHECK(d.message);
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    const Image image = render(*scene, settings).image;
    CHECK(std::all_of(image.pixels.begin(), image.pixels.end(),
                      [](float v) { return std::isfinite(v) && v >= 0; }));
}
