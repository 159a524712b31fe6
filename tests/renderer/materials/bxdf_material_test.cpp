// pbrt-v4's scattering models as lrt's built-in surfaces, rendered: a white furnace for each at
// three roughnesses (never brighter than the light, and how much a single-scattering microfacet
// model loses), light through a diffusely transmitting sheet against its closed form in both
// integrators, and images that do not depend on threads, tiles or crops.
#include "../render_test_support.h"
#include "tests/renderer/determinism.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>
#include <numbers>
#include <string>

using namespace lrt;

namespace {

struct PixelStatistics {
    double mean, standardError;
};

PixelStatistics statisticsOf(const Image& image) {
    double sum = 0, sumSquares = 0;
    const int n = image.width * image.height;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const double v = image.at(x, y, 1);
            sum += v;
            sumSquares += v * v;
        }
    const double mean = sum / n;
    return {mean, std::sqrt(std::max(0.0, sumSquares / n - mean * mean) / n)};
}

} // namespace

TEST_CASE("no built-in model reflects more than a white furnace gives it", "[bsdf][furnace]") {
    for (const char* roughness : {"0.05", "0.3", "0.8"}) {
        const std::string r = fmt::format("\"roughness\" [{}]", roughness);
        for (const std::string& surface :
             {std::string("\"dielectric\" ") + r, "\"dielectric\" \"eta\" [1.33] " + r,
              "\"conductor\" \"reflectance\" [1 1 1] " + r,
              std::string("\"coateddiffuse\" \"reflectance\" [1 1 1] ") + r,
              std::string("\"coatedconductor\" \"reflectance\" [1 1 1] \"interface.") +
                  r.substr(1) + " \"conductor." + r.substr(1),
              std::string("\"metallicroughness\" \"metallic\" [1] ") + r,
              std::string("\"metallicroughness\" \"metallic\" [1] \"sheencolor\" [1 1 1] "
                          "\"sheenroughness\" [") +
                  roughness + "] " + r,
              std::string("\"metallicroughness\" \"metallic\" [0] \"transmission\" [1] ") + r,
              std::string("\"diffusetransmission\" \"reflectance\" [0.5 0.5 0.5] "
                          "\"transmittance\" [0.5 0.5 0.5]")}) {
            const PixelStatistics s =
                statisticsOf(testing::renderText(testing::whiteFurnace(surface, 100)));
            INFO("Surface " << surface << ": " << s.mean << " +- " << s.standardError
                            << " (render testing::whiteFurnace(surface, 100) to see it)");
            CHECK(s.mean <= 1 + 3 * s.standardError);
            // Single-scattering GGX loses energy to its long tail and to masking, more with
            // roughness, and a coat compounds its own loss with its base's and the slab's
            // absorption (docs/performance.md has the figures): never all of it.
            CHECK(s.mean >= 0.1);
        }
    }
    // Smooth and lossless: the furnace shows exactly 1 (up to noise).
    for (const char* surface :
         {"\"dielectric\"", "\"thindielectric\"", "\"conductor\" \"reflectance\" [1 1 1]"}) {
        INFO("Surface " << surface);
        CHECK(statisticsOf(testing::renderText(testing::whiteFurnace(surface, 100))).mean ==
              Approx(1.0).margin(0.005));
    }
}

TEST_CASE("light crosses a diffusely transmitting sheet as T E / pi", "[bsdf][transmission]") {
    // A distant light of irradiance E = 2 falls on the back of a sheet at normal incidence; the
    // camera in front sees T E / pi, and nothing of the reflectance.
    for (const char* integrator : {"\"whitted\"", "\"path\" \"maxdepth\" [1]"}) {
        const Image image = testing::renderText(fmt::format(R"(Format 8 8 1
Projection "orthographic"
SurfaceIntegrator {}
WorldBegin
LightSource "distantlight" "from" [0 0 10] "to" [0 0 0] "intensity" [2]
Surface "diffusetransmission" "reflectance" [0.9 0.9 0.9] "transmittance" [0.3 0.6 0.2]
Translate 0 0 3
Polygon "P" [-5 -5 0  5 -5 0  5 5 0  -5 5 0]
WorldEnd
)",
                                                            integrator));
        INFO("integrator " << integrator);
        const double inversePi = std::numbers::inv_pi;
        CHECK(image.at(4, 4, 0) == Approx(0.3 * 2 * inversePi).epsilon(1e-4));
        CHECK(image.at(4, 4, 1) == Approx(0.6 * 2 * inversePi).epsilon(1e-4));
        CHECK(image.at(4, 4, 2) == Approx(0.2 * 2 * inversePi).epsilon(1e-4));
    }
}

TEST_CASE("images of the new models do not depend on threads, tiles or crops",
          "[bsdf][determinism]") {
    const testing::LoadedScene loaded = testing::loadScene(R"(Format 24 16 1
Projection "perspective" "fov" [40]
SurfaceIntegrator "path" "maxdepth" [6]
LookAt 0 1 -4  0 0 0  0 1 0
WorldBegin
LightSource "infinite" "intensity" [0.5]
AttributeBegin
  AreaLightSource "arealight" "intensity" [4]
  Translate 0 2 0
  Rotate 90 1 0 0
  Disk 0 0.5 360
AttributeEnd
Surface "diffusetransmission"
Polygon "P" [-3 0 -3  3 0 -3  3 0 3  -3 0 3]
AttributeBegin
  Surface "dielectric" "roughness" [0.2]
  Translate -0.8 0.5 0
  Sphere 0.5 -0.5 0.5 360
AttributeEnd
AttributeBegin
  Surface "conductor" "uroughness" [0.05] "vroughness" [0.4]
  Translate 0.8 0.5 0
  Sphere 0.5 -0.5 0.5 360
AttributeEnd
AttributeBegin
  Surface "thindielectric"
  Translate 0 0.5 1
  Disk 0 0.4 360
AttributeEnd
WorldEnd
)");
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    testing::checkDeterministic(*loaded.scene, settings);
}

TEST_CASE("the new surfaces' parameters are checked at their place", "[bsdf][errors]") {
    // Each error is at the parameter (line 3 of the scene, the column where it is written).
    struct Bad {
        const char* surface;
        const char* parameter; // the parameter the error points at
        const char* message;
    };
    const Bad cases[] = {
        {"\"conductor\" \"reflectance\" [1.5 0 0]", "reflectance",
         "a component of reflectance of Surface \"conductor\" is 1.5, outside its domain: a real "
         "in [0, 1]"},
        {"\"conductor\" \"reflectance\" [0.5 0.5 0.5] \"k\" [1 1 1]", "reflectance",
         "give \"reflectance\" or \"eta\" and \"k\", not both"},
        {"\"conductor\" \"eta\" [0 1 1]", "eta",
         "a component of eta of Surface \"conductor\" is 0, outside its domain: a real > 0"},
        {"\"dielectric\" \"roughness\" [-0.1]", "roughness",
         "roughness of Surface \"dielectric\" is -0.1, outside its domain: a real >= 0"},
        {"\"thindielectric\" \"eta\" [0]", "eta",
         "eta of Surface \"thindielectric\" is 0, outside its domain: a real > 0"},
        {"\"coateddiffuse\" \"g\" [1]", "g",
         "g of Surface \"coateddiffuse\" is 1, outside its domain: a real in (-1, 1)"},
        {"\"coateddiffuse\" \"maxdepth\" [0]", "maxdepth",
         "maxdepth of Surface \"coateddiffuse\" is 0, outside its domain: an integer in [1, 1000]"},
        {"\"coatedconductor\" \"reflectance\" [0.9 0.9 0.9] \"conductor.eta\" [1 1 1]",
         "reflectance", "give \"reflectance\" or \"conductor.eta\" and \"conductor.k\", not both"},
        {"\"diffusetransmission\" \"transmittance\" [0.5 -1 0]", "transmittance",
         "a component of transmittance of Surface \"diffusetransmission\" is -1, outside its "
         "domain: a real in [0, 1]"},
        {"\"metallicroughness\" \"metallic\" [2]", "metallic",
         "metallic of Surface \"metallicroughness\" is 2, outside its domain: a real in [0, 1]"},
        {"\"metallicroughness\" \"ior\" [0.5]", "ior",
         "ior of Surface \"metallicroughness\" is 0.5, outside its domain: a real >= 1"},
        {"\"metallicroughness\" \"sheencolor\" [0.5 1.5 0]", "sheencolor",
         "a component of sheencolor of Surface \"metallicroughness\" is 1.5, outside its "
         "domain: a real in [0, 1]"},
        {"\"metallicroughness\" \"sheenroughness\" [-1]", "sheenroughness",
         "sheenroughness of Surface \"metallicroughness\" is -1, outside its domain: a real in "
         "[0, 1]"},
        {"\"conductor\" \"remaproughness\" [2]", "remaproughness",
         "remaproughness of Surface \"conductor\" is 2, outside its domain: an integer in [0, 1]"},
    };
    for (const Bad& bad : cases) {
        const std::string line = std::string("Surface ") + bad.surface;
        INFO("scene line 3: " << line);
        try {
            testing::loadScene("Format 4 4 1\nWorldBegin\n" + line +
                               "\nSphere 1 -1 1 360\nWorldEnd\n");
            FAIL("built without error");
        } catch (const SceneError& e) {
            INFO("error: " << e.what());
            CHECK(e.where().line == 3);
            CHECK(e.where().column ==
                  static_cast<int>(line.find(std::string("\"") + bad.parameter + "\"")) + 1);
            CHECK_THAT(e.what(), Catch::Contains(bad.message));
        }
    }
}
