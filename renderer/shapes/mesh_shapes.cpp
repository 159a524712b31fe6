// Vertex data of the mesh statements, checked against each other (per-vertex counts, index
// ranges), and their polygons triangulated.
#include "renderer/shapes/mesh_shapes.h"

#include "renderer/core/scene_error.h"
#include "renderer/shapes/polygon_triangulation.h"

#include <fmt/format.h>

namespace lrt {

namespace {

using enum ValueKind;
using enum ArgumentSpec::Kind;

// The per-vertex data every mesh statement takes; trianglemesh adds its "indices".
//   name     value     default  domain  meaning
#define LRT_VERTEX_PARAMETERS                                                                      \
    {"P", Points, {}, {}, "vertex positions (required)"},                                          \
        {"N", Normals, {}, {}, "vertex normals, for smooth shading"},                              \
        {"st", Floats, {}, {}, "texture coordinates, two per vertex"},                             \
        {"uv", Floats, {}, {}, "the same as st"}, {                                                \
        "Cs", Rgbs, {}, {}, "vertex colours, replacing Color"                                      \
    }

const ParameterSpec kPolygonParameters[] = {LRT_VERTEX_PARAMETERS};
const ParameterSpec kTriangleMeshParameters[] = {
    {"indices", Integers, {}, {}, "three vertex indices per triangle (required)"},
    LRT_VERTEX_PARAMETERS};
#undef LRT_VERTEX_PARAMETERS

// The vertex data of a statement, each per-vertex array checked against the positions.
MeshData vertexData(const Parameters& p, std::string_view statement) {
    MeshData mesh;
    mesh.positions = p.getTriples("P");
    if (mesh.positions.empty())
        throw SceneError(p.statement(), fmt::format("{} needs vertex positions \"P\"", statement));
    const std::size_t count = mesh.positions.size();
    auto perVertex = [&](const char* name, std::size_t components) {
        const Parameter* parameter = p.list().find(name);
        if (parameter && parameter->numbers.size() != count * components)
            throw SceneError(parameter->where,
                             fmt::format("\"{}\" must have {} values per vertex: {} for {} "
                                         "vertices, found {}",
                                         name, components, count * components, count,
                                         parameter->numbers.size()));
        return parameter != nullptr;
    };
    if (perVertex("N", 3))
        mesh.normals = p.getTriples("N");
    for (const char* st : {"st", "uv"})
        if (perVertex(st, 2)) {
            const auto values = p.getFloats(st);
            for (std::size_t i = 0; i < count; ++i)
                mesh.st.push_back({values[2 * i], values[2 * i + 1]});
        }
    if (perVertex("Cs", 3))
        for (const Vec3 c : p.getTriples("Cs"))
            mesh.colors.push_back({c.x, c.y, c.z});
    return mesh;
}

// Vertex `value` of `mesh`, checked against its vertex count.
int vertexIndex(double value, const MeshData& mesh, std::string_view statement,
                const SourceLocation& where) {
    if (value < 0 || value >= static_cast<double>(mesh.positions.size()))
        throw SceneError(where, fmt::format("vertex index {} is out of range: {} has {} vertices",
                                            value, statement, mesh.positions.size()));
    return static_cast<int>(value);
}

void addPolygon(MeshData& mesh, const std::vector<std::vector<int>>& loops,
                std::string_view statement, const SourceLocation& where) {
    std::string error;
    const auto triangles = triangulatePolygon(mesh.positions, loops, error);
    if (!triangles)
        throw SceneError(where, fmt::format("{}: {}", statement, error));
    mesh.triangles.insert(mesh.triangles.end(), triangles->begin(), triangles->end());
}

ShapeSurfaces meshSurface(MeshData mesh) {
    ShapeSurfaces made;
    made.surfaces.emplace_back().geometry = std::move(mesh);
    return made;
}

ShapeSurfaces createTriangleMesh(std::span<const double>, const Parameters& p,
                                 const ShapeContext&) {
    MeshData mesh = vertexData(p, "trianglemesh");
    const Parameter* indices = p.list().find("indices");
    if (!indices)
        throw SceneError(p.statement(), "trianglemesh needs \"indices\"");
    const auto values = p.getIntegers("indices");
    if (values.size() % 3 != 0)
        throw SceneError(
            indices->where,
            fmt::format("trianglemesh \"indices\" must come in threes, found {}", values.size()));
    for (std::size_t i = 0; i < values.size(); i += 3) {
        std::array<int, 3> triangle{};
        for (std::size_t k = 0; k < 3; ++k) {
            if (values[i + k] < 0)
                throw SceneError(indices->where, "vertex indices must not be negative");
            triangle[k] = vertexIndex(values[i + k], mesh, "trianglemesh", indices->where);
        }
        mesh.triangles.push_back(triangle);
    }
    return meshSurface(std::move(mesh));
}

ShapeSurfaces createPolygon(std::span<const double>, const Parameters& p, const ShapeContext& c) {
    MeshData mesh = vertexData(p, "polygon");
    std::vector<int> loop(mesh.positions.size());
    for (std::size_t i = 0; i < loop.size(); ++i)
        loop[i] = static_cast<int>(i);
    addPolygon(mesh, {loop}, "polygon", c.where);
    return meshSurface(std::move(mesh));
}

// n: the polygon count, then each polygon's vertex count, then the vertex indices.
ShapeSurfaces createPointsPolygons(std::span<const double> n, const Parameters& p,
                                   const ShapeContext& c) {
    constexpr std::string_view kName = "pointspolygons";
    MeshData mesh = vertexData(p, kName);
    const auto polygons = static_cast<std::size_t>(n[0]);
    std::size_t next = 1 + polygons;
    for (std::size_t i = 0; i < polygons; ++i) {
        std::vector<int> loop;
        for (std::size_t k = 0; k < static_cast<std::size_t>(n[1 + i]); ++k, ++next) {
            if (next >= n.size())
                throw SceneError(c.where, "PointsPolygons has fewer vertex indices than its "
                                          "vertex counts add up to");
            loop.push_back(vertexIndex(n[next], mesh, kName, c.where));
        }
        addPolygon(mesh, {loop}, kName, c.where);
    }
    if (next != n.size())
        throw SceneError(c.where,
                         "PointsPolygons has more vertex indices than its vertex counts add up to");
    return meshSurface(std::move(mesh));
}

// n: the polygon and loop counts, each polygon's loop count, each loop's vertex count, then the
// vertex indices.
ShapeSurfaces createPointsGeneralPolygons(std::span<const double> n, const Parameters& p,
                                          const ShapeContext& c) {
    constexpr std::string_view kName = "pointsgeneralpolygons";
    MeshData mesh = vertexData(p, kName);
    const auto polygons = static_cast<std::size_t>(n[0]),
               loopTotal = static_cast<std::size_t>(n[1]);
    std::size_t loopCursor = 2 + polygons, next = 2 + polygons + loopTotal, loopsUsed = 0;
    for (std::size_t i = 0; i < polygons; ++i) {
        std::vector<std::vector<int>> loops;
        for (std::size_t l = 0; l < static_cast<std::size_t>(n[2 + i]);
             ++l, ++loopCursor, ++loopsUsed) {
            if (loopsUsed >= loopTotal)
                throw SceneError(c.where, "PointsGeneralPolygons has fewer loop sizes than its "
                                          "loop counts add up to");
            std::vector<int> loop;
            for (std::size_t k = 0; k < static_cast<std::size_t>(n[loopCursor]); ++k, ++next) {
                if (next >= n.size())
                    throw SceneError(c.where, "PointsGeneralPolygons has fewer vertex indices "
                                              "than its loop sizes add up to");
                loop.push_back(vertexIndex(n[next], mesh, kName, c.where));
            }
            loops.push_back(std::move(loop));
        }
        if (!loops.empty())
            addPolygon(mesh, loops, kName, c.where);
    }
    if (loopsUsed != loopTotal || next != n.size())
        throw SceneError(c.where, "PointsGeneralPolygons' counts do not match its index list");
    return meshSurface(std::move(mesh));
}

constexpr ArgumentSpec kPointsPolygonsArguments[] = {
    {"nvertices", IntegerArray, "each polygon's vertex count", kInteger.atLeast(0)},
    {"vertices", IntegerArray, "vertex indices, polygon after polygon", kInteger.atLeast(0)},
};
constexpr ArgumentSpec kPointsGeneralPolygonsArguments[] = {
    {"nloops", IntegerArray, "each polygon's loop count: its outline, then its holes",
     kInteger.atLeast(0)},
    {"nvertices", IntegerArray, "each loop's vertex count", kInteger.atLeast(0)},
    {"vertices", IntegerArray, "vertex indices, loop after loop", kInteger.atLeast(0)},
};

} // namespace

const ShapeEntry TriangleMeshStatement::registryEntry{
    {"trianglemesh", "", {}, kTriangleMeshParameters}, &createTriangleMesh};
const ShapeEntry PolygonStatement::registryEntry{{"polygon", "Polygon", {}, kPolygonParameters},
                                                 &createPolygon};
const ShapeEntry PointsPolygonsStatement::registryEntry{
    {"pointspolygons", "PointsPolygons", kPointsPolygonsArguments, kPolygonParameters},
    &createPointsPolygons};
const ShapeEntry PointsGeneralPolygonsStatement::registryEntry{
    {"pointsgeneralpolygons", "PointsGeneralPolygons", kPointsGeneralPolygonsArguments,
     kPolygonParameters},
    &createPointsGeneralPolygons};

} // namespace lrt
