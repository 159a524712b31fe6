// Smoke test of the three pillars the renderer stands on: Embree, oneTBB and OpenImageIO.
#include "renderer/embree/device.h"
#include "renderer/image/image_file.h"
#include "tests/scratch_directory.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <oneapi/tbb/parallel_for.h>
#include <vector>

namespace fs = std::filesystem;

TEST_CASE("Embree device reports errors through its callback", "[smoke]") {
    lrt::EmbreeDevice device;
    REQUIRE(device.get() != nullptr);
    CHECK(device.errorCount() == 0);
    // An invalid property is a documented RTC_ERROR_INVALID_ARGUMENT.
    rtcGetDeviceProperty(device.get(), static_cast<RTCDeviceProperty>(0x7fff));
    CHECK(device.errorCount() == 1);
    CHECK(device.lastError().find("Embree error 2") == 0);
}

TEST_CASE("Embree intersects a triangle", "[smoke]") {
    lrt::EmbreeDevice device;
    RTCScene scene = rtcNewScene(device.get());
    RTCGeometry geometry = rtcNewGeometry(device.get(), RTC_GEOMETRY_TYPE_TRIANGLE);
    auto* vertices = static_cast<float*>(rtcSetNewGeometryBuffer(
        geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float), 3));
    const float triangle[9] = {-1, -1, 2, 1, -1, 2, 0, 1, 2};
    std::copy(triangle, triangle + 9, vertices);
    auto* indices = static_cast<unsigned*>(rtcSetNewGeometryBuffer(
        geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(unsigned), 1));
    indices[0] = 0, indices[1] = 1, indices[2] = 2;
    rtcCommitGeometry(geometry);
    rtcAttachGeometry(scene, geometry);
    rtcReleaseGeometry(geometry);
    rtcCommitScene(scene);

    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRayHit hit{};
    hit.ray.dir_z = 1.0f;
    hit.ray.tfar = 100.0f;
    hit.ray.mask = 0xffffffffu;
    hit.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(scene, &context, &hit);
    rtcReleaseScene(scene);
    CHECK(hit.hit.geomID == 0);
    CHECK(hit.ray.tfar == Approx(2.0f));
    CHECK(device.errorCount() == 0);
}

TEST_CASE("TBB parallel_for visits every index once", "[smoke]") {
    std::vector<std::atomic<int>> visits(10000);
    tbb::parallel_for(std::size_t{0}, visits.size(),
                      [&](std::size_t i) { visits[i].fetch_add(1); });
    for (const auto& v : visits)
        REQUIRE(v.load() == 1);
}

TEST_CASE("An EXR written through OIIO reads back with the same pixels", "[smoke]") {
    const lrt::testing::ScratchDirectory scratch("lrt_smoke_test_");
    const fs::path path = scratch / "smoke.exr";
    lrt::Image image{3, 2, 3, {}};
    for (int i = 0; i < 18; ++i)
        image.pixels.push_back(0.25f * static_cast<float>(i) - 1.0f); // negative and > 1 values too
    lrt::writeImage(path, image, {{"lrt:command", "smoke test"}});
    const lrt::Image back = lrt::readImage(path);
    REQUIRE(back.width == 3);
    REQUIRE(back.height == 2);
    REQUIRE(back.channels == 3);
    CHECK(back.pixels == image.pixels);
    CHECK(back.at(2, 1, 2) == 3.25f);
}

TEST_CASE("Writing to an unwritable place fails cleanly and leaves nothing", "[smoke]") {
    const fs::path path = "/nonexistent-dir/lrt.exr";
    lrt::Image image{1, 1, 3, {0, 0, 0}};
    CHECK_THROWS_WITH(lrt::writeImage(path, image), Catch::Contains("/nonexistent-dir/lrt.exr"));
    CHECK(!fs::exists(path));
}
