// MeshData's spare elements: what a reader reserves keeps one element past the mesh's arrays, so
// that Embree may share them, and a copy, which loses it, gets it back.
#include "renderer/description/mesh_data.h"

#include <catch2/catch.hpp>

using namespace lrt;

namespace {

// A strip of `quads` quads, its arrays reserved as a reader reserves them.
MeshData reservedStrip(int quads) {
    MeshData mesh;
    mesh.reservePositions(2 * static_cast<std::size_t>(quads) + 2);
    mesh.reserveTriangles(2 * static_cast<std::size_t>(quads));
    for (int i = 0; i <= quads; ++i) {
        mesh.positions.push_back({static_cast<float>(i), 0, 0});
        mesh.positions.push_back({static_cast<float>(i), 1, 0});
    }
    for (int i = 0; i < quads; ++i) {
        mesh.triangles.push_back({2 * i, 2 * i + 2, 2 * i + 3});
        mesh.triangles.push_back({2 * i, 2 * i + 3, 2 * i + 1});
    }
    return mesh;
}

} // namespace

TEST_CASE("a mesh reserved through MeshData owns a spare element Embree may read", "[mesh]") {
    const MeshData mesh = reservedStrip(5);
    REQUIRE(mesh.positions.size() == 12);
    REQUIRE(mesh.triangles.size() == 10);
    CHECK(mesh.positionsSharable());
    CHECK(mesh.trianglesSharable());
    // Embree's 16-byte load at the last element reads 4 bytes into the spare one.
    CHECK(mesh.positions.capacity() * sizeof(Vec3) >= mesh.positions.size() * sizeof(Vec3) + 4);
    CHECK(mesh.triangles.capacity() * sizeof(mesh.triangles[0]) >=
          mesh.triangles.size() * sizeof(mesh.triangles[0]) + 4);
}

TEST_CASE("a copied mesh gets its spare elements back", "[mesh]") {
    const MeshData reserved = reservedStrip(3);
    MeshData copy = reserved;
    copy.keepSpareElements();
    CHECK(copy.positionsSharable());
    CHECK(copy.trianglesSharable());
    CHECK(copy.positions.size() == reserved.positions.size());
    CHECK(copy.triangles == reserved.triangles);
    MeshData full;
    full.positions.assign(4, Vec3{0, 0, 0});
    full.triangles.assign(2, {0, 1, 2});
    full.positions.shrink_to_fit();
    full.triangles.shrink_to_fit();
    CHECK_FALSE(full.positionsSharable());
    CHECK_FALSE(full.trianglesSharable());
}
