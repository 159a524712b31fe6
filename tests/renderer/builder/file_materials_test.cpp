// The materials of mesh files as the scene builder maps them (docs/import.md): an OBJ material's
// Ke makes its faces an area light (seen at its radiance), map_Kd textures them, d makes them
// translucent, the refracting illumination models become glass, and what lrt does not render
// (map_Ks, bump) is a substitution naming the material.
#include "renderer/materials/glass.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <OpenImageIO/imageio.h>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>

using namespace lrt;

namespace {

// Five unit squares side by side in z = 0, x from 0 to 5, one per material, with texture
// coordinates, and the .mtl file beside them.
std::filesystem::path writeObj() {
    std::ofstream(testing::scratchFile("things.mtl")) << R"(newmtl lamp
Kd 0 0 0
Ke 2 3 4
newmtl glass
illum 7
Ni 1.33
newmtl veil
Kd 1 1 1
d 0.25
newmtl painted
Kd 0.5 0.5 0.5
map_Kd green.png
newmtl shiny
Kd 0.5 0.5 0.5
Ks 1 1 1
Ns 250
map_Ks spec.png
bump bumps.png
)";
    std::ofstream obj(testing::scratchFile("things.obj"));
    obj << "mtllib things.mtl\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n";
    const char* names[] = {"lamp", "glass", "veil", "painted", "shiny"};
    for (int i = 0; i < 5; ++i) {
        obj << "v " << i << " 0 0\nv " << i + 1 << " 0 0\nv " << i + 1 << " 1 0\nv " << i
            << " 1 0\n";
        obj << "usemtl " << names[i] << "\nf " << 4 * i + 1 << "/1 " << 4 * i + 2 << "/2 "
            << 4 * i + 3 << "/3 " << 4 * i + 4 << "/4\n";
    }
    // A 4 x 4 PNG of sRGB (0, 255, 0).
    const auto png = testing::scratchFile("green.png");
    std::vector<unsigned char> pixels;
    for (int p = 0; p < 16; ++p)
        pixels.insert(pixels.end(), {0, 255, 0});
    auto out = OIIO::ImageOutput::create(png.string());
    out->open(png.string(), OIIO::ImageSpec(4, 4, 3, OIIO::TypeDesc::UINT8));
    out->write_image(OIIO::TypeDesc::UINT8, pixels.data());
    out->close();
    return testing::scratchFile("things.obj");
}

// An orthographic view of the squares from -z, each square's middle on a pixel's centre, lit
// head-on by a distant light of irradiance pi (and by the lamp, which lies in their plane).
std::string scene(const std::filesystem::path& obj, const std::string& around = "") {
    return "Format 5 1 1\nPixelSamples 2 2\nProjection \"orthographic\"\nScreenWindow 0 5 0 1\n"
           "PixelFilter \"box\" 1 1\n"
           // Every light, so that the expected values are exact rather than means.
           "SurfaceIntegrator \"path\" \"maxdepth\" 1 \"lightsampler\" \"all\"\n"
           "Translate 0 0 5\nWorldBegin\nLightSource \"distantlight\" \"from\" [0 0 -1] \"to\" "
           "[0 0 0] \"intensity\" 3.14159265\n" +
           around + "Shape \"obj\" \"filename\" \"" + obj.string() + "\"\n" +
           (around.empty() ? "" : "ObjectEnd\nObjectInstance \"things\"\n") + "WorldEnd\n";
}

} // namespace

TEST_CASE("OBJ materials become lights, glass, translucency and textures", "[builder][obj]") {
    const auto obj = writeObj();
    const testing::LoadedScene loaded = testing::loadScene(scene(obj));
    const Scene& built = *loaded.scene;
    // Ke: one more light than the scene declares, and the lamp is seen at its radiance.
    CHECK(built.lights().size() == 2);
    const Image image = render(built, {}).image;
    CHECK(testing::pixel(image, 0, 0).r == Approx(2.0f));
    CHECK(testing::pixel(image, 0, 0).b == Approx(4.0f));
    // illum 7: glass.
    CHECK(std::count_if(built.materials().begin(), built.materials().end(), [](const auto& m) {
              return dynamic_cast<const Glass*>(m.get()) != nullptr;
          }) == 1);
    // d 0.25: three quarters of what lies behind (black) shows through.
    CHECK(built.hasTranslucency());
    CHECK(testing::pixel(image, 2, 0).g == Approx(0.25f).epsilon(1e-4));
    // map_Kd replaces Kd: the image's green, lit by E = pi, is its reflectance, 1.
    CHECK(testing::pixel(image, 3, 0).g == Approx(1.0f).epsilon(1e-3));
    CHECK(testing::pixel(image, 3, 0).r == 0);
    // map_Ks and bump are said, with the material and the maps.
    std::vector<std::string> said;
    for (const Diagnostic& d : built.substitutions())
        said.push_back(d.message);
    CHECK(said ==
          std::vector<std::string>{"OBJ material \"shiny\": map_Ks spec.png is not rendered",
                                   "OBJ material \"shiny\": bump bumps.png is not rendered"});
}

TEST_CASE("an emissive OBJ material inside an object definition does not emit", "[builder][obj]") {
    const auto obj = writeObj();
    const testing::LoadedScene loaded = testing::loadScene(scene(obj, "ObjectBegin \"things\"\n"));
    CHECK(loaded.scene->lights().size() == 1);
    bool said = false;
    for (const Diagnostic& d : loaded.scene->substitutions())
        said = said || d.message == "an emissive material inside an object definition does not "
                                    "emit (area lights cannot be instanced)";
    CHECK(said);
}

TEST_CASE("a tangent-space normal map turns the shading normal towards +s and the image's up",
          "[builder][obj]") {
    // A constant texel of (sin 45, 0, cos 45): the shading normal leans 45 degrees from the face's
    // normal (+z) towards its tangent, +x, where s grows. Seen from the camera at -z, the surface
    // turns that normal to face it, -(sin 45, 0, cos 45): lit from (-1 0 -1) it faces the light,
    // from (1 0 -1) it is edge-on. A flat map sees both lights at 45 degrees.
    const auto write = [](const std::string& name, float r, float g, float b) {
        const auto path = testing::scratchFile(name);
        const std::vector<float> pixels = {r, g, b, r, g, b, r, g, b, r, g, b};
        auto out = OIIO::ImageOutput::create(path.string());
        out->open(path.string(), OIIO::ImageSpec(2, 2, 3, OIIO::TypeDesc::FLOAT));
        out->write_image(OIIO::TypeDesc::FLOAT, pixels.data());
        out->close();
    };
    const float lean = 0.5f + 0.5f * std::sqrt(0.5f);
    write("leaning.exr", lean, 0.5f, lean);
    write("flat.exr", 0.5f, 0.5f, 1.0f);
    std::ofstream(testing::scratchFile("mapped.mtl"))
        << "newmtl leaning\nKd 0.5 0.5 0.5\nnorm leaning.exr\n"
           "newmtl flat\nKd 0.5 0.5 0.5\nnorm flat.exr\n";
    for (const char* material : {"leaning", "flat"}) {
        std::ofstream(testing::scratchFile(std::string(material) + ".obj"))
            << "mtllib mapped.mtl\nv -1 -1 0\nv 1 -1 0\nv 1 1 0\nv -1 1 0\nvt 0 0\nvt 1 0\n"
               "vt 1 1\nvt 0 1\nusemtl "
            << material << "\nf 1/1 2/2 3/3 4/4\n";
    }
    const auto centre = [](const char* material, const char* from) {
        const Image image = testing::renderText(
            std::string("Format 3 3 1\nPixelSamples 1 1\nProjection \"orthographic\"\n"
                        "SurfaceIntegrator \"path\" \"maxdepth\" 1\nTranslate 0 0 5\nWorldBegin\n"
                        "LightSource \"distantlight\" \"from\" [") +
            from + "] \"to\" [0 0 0] \"intensity\" 3.14159265\nShape \"obj\" \"filename\" \"" +
            testing::scratchFile(std::string(material) + ".obj").string() + "\"\nWorldEnd\n");
        return testing::pixel(image, 1, 1).g;
    };
    // The face's own normal is +z, its tangent +x; seen from -z its shading normal is -(lean).
    CHECK(centre("leaning", "-1 0 -1") == Approx(0.5f).epsilon(1e-3));
    CHECK(centre("leaning", "1 0 -1") == Approx(0.0f).margin(1e-3));
    CHECK(centre("flat", "-1 0 -1") == Approx(0.5f * std::sqrt(0.5f)).epsilon(1e-3));
    CHECK(centre("flat", "1 0 -1") == Approx(0.5f * std::sqrt(0.5f)).epsilon(1e-3));
}
