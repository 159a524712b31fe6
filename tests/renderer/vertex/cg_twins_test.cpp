// Every bundled vertex program has a Cg twin (vertex/NAME.cg) that deforms and colours the same:
// the vertex-program gallery (scenes/vertex_gallery.lrt) rendered with the hand-written programs
// and again with each VertexProgram "NAME.vp" replaced by "NAME.cg" (compiled for VP2, bound
// with the same parameters) agrees within 1e-4 in every pixel.
#include "../render_test_support.h"
#include "tests/file_bytes.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <regex>

using namespace lrt;

namespace {} // namespace

TEST_CASE("the Cg twins of the bundled vertex programs render the vertex gallery as they do",
          "[cg][vertex]") {
    std::string scene =
        testing_files::requiredFileBytes(LRT_SOURCE_DIR "/scenes/vertex_gallery.lrt");
    scene = std::regex_replace(scene, std::regex("Format 960 600 1"), "Format 192 120 1");
    scene = std::regex_replace(scene, std::regex("PixelSamples 3 3"), "PixelSamples 1 1");
    // The twins take the same c[] bindings, but normals.cg needs none: its 0.5 is a literal.
    std::string twins = std::regex_replace(
        scene, std::regex(R"re("normals\.vp" "c\[0\]" \[0\.5 0 0 0\])re"), "\"normals.cg\"");
    twins = std::regex_replace(twins, std::regex(R"re(VertexProgram "(\w+)\.vp")re"),
                               "VertexProgram \"$1.cg\"");
    CHECK(twins.find(".vp\"") == std::string::npos);
    CHECK(twins.find("normals.cg") != std::string::npos);
    const std::string directory = LRT_SOURCE_DIR "/scenes";
    const testing::LoadedScene handWritten = testing::loadScene(scene, directory);
    const testing::LoadedScene compiled = testing::loadScene(twins, directory);
    const Image a = render(*handWritten.scene, {}).image;
    const Image b = render(*compiled.scene, {}).image;
    REQUIRE(a.width == b.width);
    int differing = 0;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x)
            for (int c = 0; c < 3; ++c)
                if (std::fabs(a.at(x, y, c) - b.at(x, y, c)) > 1e-4f && ++differing <= 5)
                    FAIL_CHECK("scenes/vertex_gallery.lrt at 192x120, 1 sample: pixel ("
                               << x << ", " << y << ") channel " << c << ": .vp " << a.at(x, y, c)
                               << ", .cg " << b.at(x, y, c));
    CHECK(differing == 0);
}
