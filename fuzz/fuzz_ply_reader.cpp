// Fuzzes the PLY reader with arbitrary bytes (PLY is mostly binary), and uses what reads: the mesh
// goes into an Embree scene as lrt builds one (non-finite triangles dropped), rays cross it through
// lrt's guarded queries, and points are sampled on it as an area light would. Every input must end
// in a mesh or a std::runtime_error; a crash, a hang or an absurd allocation is a bug.
#include "renderer/accel/embree_scene.h"
#include "renderer/embree/device.h"
#include "renderer/meshfiles/ply_file.h"
#include "renderer/shapes/triangle_mesh.h"

#include <algorithm>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    lrt::MeshData mesh;
    try {
        mesh = lrt::parsePly(std::string_view(reinterpret_cast<const char*>(data), size), "f.ply");
    } catch (const std::runtime_error&) {
        return 0;
    }
    lrt::dropNonFiniteTriangles(mesh, lrt::Transform());
    if (mesh.triangles.empty())
        return 0;
    const lrt::TriangleMesh shape(lrt::Transform(), false, false, std::move(mesh));
    const lrt::EmbreeDevice device;
    lrt::EmbreeScene scene(device.get());
    scene.attach(shape.createGeometry(device.get()));
    scene.commit(lrt::BvhBuild::Fast);
    std::atomic<std::uint64_t> refused = 0;
    for (const lrt::Vec3 direction : {lrt::Vec3{0, 0, 1}, lrt::Vec3{0.3f, -0.2f, 1}}) {
        lrt::RayHit hit;
        if (lrt::intersect(scene.get(), {{0.2f, 0.3f, -10}, direction}, hit, refused))
            shape.geometryAt({hit.primitive, hit.u, hit.v, {}, {}});
    }
    for (const float u : {0.0f, 0.5f, 0.999f})
        shape.sampleArea({u, 1 - u});
    // What a light sampler reads of an emissive mesh, triangle by triangle.
    for (unsigned t = 0; t < std::min<std::size_t>(shape.primitiveCount(), 8); ++t) {
        shape.sampleTriangle(t, {0.3f, 0.7f});
        shape.triangleFrontNormal(t);
        shape.triangleBounds(t);
        shape.triangleArea(t);
    }
    return 0;
}
