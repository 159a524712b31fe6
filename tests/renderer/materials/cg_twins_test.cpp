// Every bundled SL shader beyond the specification's four has a Cg twin (shaders/NAME.cg) that
// renders the same image: the shader gallery (scenes/shaders.lrt) rendered with the SL shaders
// and again with each Surface "NAME" replaced by "NAME.cg", its SL register parameters by the
// twin's named uniforms, agrees within 1e-4 in every pixel.
#include "../render_test_support.h"
#include "tests/file_bytes.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <regex>
#include <sstream>

using namespace lrt;

namespace {

// Each twin's uniforms, by the SL register whose role they take (their headers list them).
const std::map<std::string, std::map<std::string, std::string>> kTwins = {
    {"BlinnPlastic", {}},
    {"BrushedMetal", {}},
    {"Checker", {{"s0", "float squares"}, {"r0", "float3 secondColor"}}},
    {"Glass", {}},
    {"Gooch", {{"r0", "float3 warmTone"}, {"r1", "float3 coolTone"}}},
    {"Lambert", {}},
    {"Marble",
     {{"s0", "float veinFrequency"},
      {"s1", "float turbulenceStrength"},
      {"r0", "float3 veinColor"}}},
    {"Mirror", {}},
    {"NormalMap", {}},
    {"Stripes", {{"s0", "float stripes"}, {"s1", "float share"}, {"r0", "float3 secondColor"}}},
    {"TexturedDiffuse", {}},
    {"Toon", {}},
    {"Velvet", {{"r0", "float3 sheenColor"}, {"s0", "float sheenFalloff"}}},
    {"Wood",
     {{"s0", "float ringFrequency"},
      {"s1", "float turbulenceStrength"},
      {"r0", "float3 ringColor"}}},
};

// The gallery's Marble is its Cg twin (the one lrt preview's walkthrough edits); here it is the
// SL shader again, with the SL registers for the twin's uniforms.
std::string withSlMarble(std::string scene) {
    const std::string twin =
        R"(Surface "Marble.cg" "float veinFrequency" [2] "float turbulenceStrength" [4]
      "float3 veinColor" [0.25 0.25 0.3] "Kd" [0.9])";
    const std::size_t at = scene.find(twin);
    REQUIRE(at != std::string::npos);
    return scene.replace(at, twin.size(),
                         R"(Surface "Marble" "s0" [2] "s1" [4] "r0" [0.25 0.25 0.3] "Kd" [0.9])");
}

// The gallery small and with one sample a pixel: what matters is every shader's every branch.
std::string smallGallery() {
    std::string scene =
        withSlMarble(testing_files::requiredFileBytes(LRT_SOURCE_DIR "/scenes/shaders.lrt"));
    scene = std::regex_replace(scene, std::regex("Format 960 600 1"), "Format 192 120 1");
    scene = std::regex_replace(scene, std::regex("PixelSamples 3 3"), "PixelSamples 1 1");
    return scene;
}

// The gallery with the twins: Surface "NAME" ... becomes Surface "NAME.cg" with named uniforms.
std::string withTwins(const std::string& scene, int& replaced) {
    std::istringstream lines(scene);
    std::string line, out;
    const std::regex surface(R"re(^(\s*Surface ")(\w+)(".*)$)re");
    while (std::getline(lines, line)) {
        std::smatch match;
        if (std::regex_match(line, match, surface) && kTwins.count(match[2])) {
            std::string parameters = match[3];
            for (const auto& [reg, uniform] : kTwins.at(match[2]))
                parameters = std::regex_replace(parameters, std::regex("\"" + reg + "\""),
                                                "\"" + uniform + "\"");
            line = std::string(match[1]) + std::string(match[2]) + ".cg" + parameters;
            ++replaced;
        }
        out += line + "\n";
    }
    return out;
}

} // namespace

TEST_CASE("the Cg twins of the bundled shaders render the gallery as the SL shaders do",
          "[cg][materials]") {
    const std::string scene = smallGallery();
    int replaced = 0;
    const std::string twins = withTwins(scene, replaced);
    CHECK(replaced >= static_cast<int>(kTwins.size()));
    const std::string directory = LRT_SOURCE_DIR "/scenes";
    const testing::LoadedScene sl = testing::loadScene(scene, directory);
    const testing::LoadedScene cg = testing::loadScene(twins, directory);
    const Image a = render(*sl.scene, {}).image;
    const Image b = render(*cg.scene, {}).image;
    REQUIRE(a.width == b.width);
    int differing = 0;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x)
            for (int c = 0; c < 3; ++c) {
                const float difference = std::fabs(a.at(x, y, c) - b.at(x, y, c));
                if (difference > 1e-4f && ++differing <= 5)
                    FAIL_CHECK("scenes/shaders.lrt at 192x120, 1 sample: pixel ("
                               << x << ", " << y << ") channel " << c << ": SL " << a.at(x, y, c)
                               << ", Cg " << b.at(x, y, c));
            }
    CHECK(differing == 0);
}
