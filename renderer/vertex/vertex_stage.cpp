// One VertexMachine per TBB chunk (each owns a copy of the parameters), outputs written to
// per-vertex slots, so the result does not depend on the thread count or scheduling.
#include "renderer/vertex/vertex_stage.h"

#include <atomic>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace lrt {

namespace vp2 = slvm::vp2;

VertexStageReport runVertexStage(const vp2::Program& program,
                                 std::span<const vp2::Vector4> parameters, Color surfaceColor,
                                 MeshData& mesh) {
    const std::size_t count = mesh.positions.size();
    const std::vector<Vec3> inputNormals =
        mesh.normals.empty() ? areaWeightedNormals(mesh) : mesh.normals;
    const bool deforms = !program.positionInvariant();
    const bool writesTex = program.writes(vp2::Result::TEX0);
    const bool writesColor = program.writes(vp2::Result::COL0);
    const bool writesBack = program.writes(vp2::Result::BFC0);
    std::uint8_t clipMask = 0;
    for (int plane = 0; plane < 6; ++plane)
        if (program.writes(static_cast<vp2::Result>(static_cast<int>(vp2::Result::CLP0) + plane)))
            clipMask |= static_cast<std::uint8_t>(1u << plane);

    std::vector<Vec3> positions = mesh.positions;
    std::vector<Vec2> st(writesTex ? count : 0);
    std::vector<Color> colors(writesColor ? count : 0), backColors(writesBack ? count : 0);
    std::vector<std::array<float, 6>> clip(clipMask ? count : 0);
    std::atomic<std::size_t> limited{0}, overflowed{0};
    std::atomic<std::size_t> badVertex{count};

    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 1024), [&](const auto& range) {
        vp2::VertexMachine machine(program, parameters);
        std::array<vp2::Vector4, vp2::kAttributeCount> v;
        v.fill({0, 0, 0, 1});
        std::size_t chunkLimited = 0, chunkOverflowed = 0;
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
            const Vec3 p = mesh.positions[i], n = inputNormals[i];
            const Color c = mesh.colors.empty() ? surfaceColor : mesh.colors[i];
            v[0] = {p.x, p.y, p.z, 1};
            v[2] = {n.x, n.y, n.z, 1};
            v[3] = {c.r, c.g, c.b, 1};
            v[8] = mesh.st.empty() ? vp2::Vector4{0, 0, 0, 1}
                                   : vp2::Vector4{mesh.st[i].x, mesh.st[i].y, 0, 1};
            const vp2::Status status = machine.run(v);
            chunkLimited += status == vp2::Status::Limit;
            chunkOverflowed += status == vp2::Status::Overflow;
            if (deforms) {
                const auto& h = machine.result(vp2::Result::HPOS);
                const Vec3 q = h[3] == 1 ? Vec3{h[0], h[1], h[2]}
                                         : Vec3{h[0] / h[3], h[1] / h[3], h[2] / h[3]};
                if (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z)) {
                    std::size_t expected = badVertex.load();
                    while (i < expected && !badVertex.compare_exchange_weak(expected, i)) {
                    }
                }
                positions[i] = q;
            }
            if (writesTex) {
                const auto& t = machine.result(vp2::Result::TEX0);
                st[i] = {t[0], t[1]};
            }
            if (writesColor) {
                const auto& col = machine.result(vp2::Result::COL0);
                colors[i] = {col[0], col[1], col[2]};
            }
            if (writesBack) {
                const auto& col = machine.result(vp2::Result::BFC0);
                backColors[i] = {col[0], col[1], col[2]};
            }
            for (int plane = 0; plane < 6 && clipMask; ++plane)
                clip[i][static_cast<std::size_t>(plane)] = machine.result(
                    static_cast<vp2::Result>(static_cast<int>(vp2::Result::CLP0) + plane))[0];
        }
        limited += chunkLimited;
        overflowed += chunkOverflowed;
    });

    if (badVertex.load() < count) {
        const std::size_t i = badVertex.load();
        throw std::runtime_error(fmt::format(
            "vertex program '{}' moved vertex {} (at {} {} {}) to a non-finite position (o[HPOS] "
            "is divided by its w)",
            program.name(), i, mesh.positions[i].x, mesh.positions[i].y, mesh.positions[i].z));
    }
    mesh.positions = std::move(positions);
    if (deforms && !mesh.normals.empty())
        mesh.normals = areaWeightedNormals(mesh);
    if (writesTex)
        mesh.st = std::move(st);
    if (writesColor)
        mesh.colors = std::move(colors);
    if (writesBack)
        mesh.backColors = std::move(backColors);
    if (clipMask) {
        mesh.clipDistances = std::move(clip);
        mesh.clipPlanes = clipMask;
    }
    return {count, limited.load(), overflowed.load()};
}

} // namespace lrt
