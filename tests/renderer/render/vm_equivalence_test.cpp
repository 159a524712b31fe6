// Every bundled scene renders the same bits whether its programs (SL shaders, vertex programs,
// cards) run compiled or interpreted, and with one thread or all. Reproduce a failure with
// `lrt render SCENE --spp 1 --vm jit -o a.exr` against `--vm interpreter -o b.exr` and
// `idiff -fail 0 a.exr b.exr` (the test renders a quarter of the resolution: pixelScale 4).
#include "renderer/import/scene_file.h"
#include "tests/renderer/determinism.h"
#include "tests/renderer/render_test_support.h"

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <filesystem>

namespace lrt {
namespace {

Image renderWith(const FrameDescription& frame, const EmbreeDevice& device, slvm::jit::VmKind vm,
                 int threads) {
    BuildOptions options = testing::bundledData();
    options.vm = vm;
    const auto scene = buildScene(frame, device.get(), options);
    CHECK(scene->statistics().vm == slvm::jit::vmName(slvm::jit::effectiveVm(vm)));
    return testing::renderQuarter(*scene, threads);
}

TEST_CASE("every bundled scene renders the same bits compiled and interpreted",
          "[render][jit][bundled]") {
    testing::forEachBundledFrame([](const FrameDescription& frame, const EmbreeDevice& device) {
        const Image interpreted = renderWith(frame, device, slvm::jit::VmKind::Interpreter, 0);
        CHECK(testing::sameBits(renderWith(frame, device, slvm::jit::VmKind::Jit, 0), interpreted));
        CHECK(testing::sameBits(renderWith(frame, device, slvm::jit::VmKind::Jit, 1), interpreted));
    });
}

} // namespace
} // namespace lrt
