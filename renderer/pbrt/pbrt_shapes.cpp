// pbrt-v4's shapes as lrt's: quadrics by their arguments, meshes as triangle meshes (bilinear
// patches split or tessellated, Loop subdivision surfaces refined here), PLY files by lrt's reader.
#include "renderer/pbrt/loop_subdivision.h"
#include "renderer/pbrt/pbrt_importer.h"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt::pbrt {

namespace {

// Patches that are not flat are tessellated into kPatchGrid x kPatchGrid quads.
constexpr int kPatchGrid = 8;

// Mesh data as lrt's trianglemesh parameters take it. Texture coordinates follow lrt's meshes (t
// runs down the image, t = 1 - v) so that pbrt's image lookups and lrt's agree on meshes; quadrics
// keep t = v, and their textures are flipped instead (Importer::forQuadrics).
struct MeshArrays {
    std::vector<double> positions, normals, st;
    std::vector<double> indices;

    void addVertex(Vec3 p, const std::optional<Vec3>& n, const std::optional<Vec2>& uv) {
        positions.insert(positions.end(), {p.x, p.y, p.z});
        if (n)
            normals.insert(normals.end(), {n->x, n->y, n->z});
        if (uv)
            st.insert(st.end(), {uv->x, 1.0 - uv->y});
    }
    lrt::ParameterList parameters(const SourceLocation& where) && {
        lrt::ParameterList list;
        list.add({"P", ParameterType::Point, std::move(positions), {}, where});
        list.add({"indices", ParameterType::Integer, std::move(indices), {}, where});
        if (!normals.empty())
            list.add({"N", ParameterType::Normal, std::move(normals), {}, where});
        if (!st.empty())
            list.add({"st", ParameterType::Unspecified, std::move(st), {}, where});
        return list;
    }
};

std::vector<Vec3> triples(const std::vector<double>& n) {
    std::vector<Vec3> out;
    for (std::size_t i = 0; i + 2 < n.size(); i += 3)
        out.push_back(
            {static_cast<float>(n[i]), static_cast<float>(n[i + 1]), static_cast<float>(n[i + 2])});
    return out;
}

std::vector<Vec2> pairs(const std::vector<double>& n) {
    std::vector<Vec2> out;
    for (std::size_t i = 0; i + 1 < n.size(); i += 2)
        out.push_back({static_cast<float>(n[i]), static_cast<float>(n[i + 1])});
    return out;
}

// The vertex data of a mesh statement: P, and N and uv with one entry per position; indices
// grouped by `perFace`, every one naming a position. Without indices, the positions themselves
// form one face when there are exactly `perFace` of them (as pbrt-v4 allows).
struct VertexData {
    std::vector<Vec3> positions, normals;
    std::vector<Vec2> uv;
    std::vector<int> indices;
};

VertexData vertexData(const Statement& s, const ParameterList& p, std::size_t perFace) {
    VertexData v;
    v.positions = triples(p.getNumbers("P", {"point3", "point"}));
    if (v.positions.empty())
        throw SceneError(s.where,
                         fmt::format("Shape \"{}\" needs positions \"point3 P\"", s.stringAt(0)));
    v.normals = triples(p.getNumbers("N", {"normal", "normal3"}));
    v.uv = pairs(p.getNumbers("uv", {"point2", "float"}));
    for (const auto& [name, count] :
         {std::pair{"N", v.normals.size()}, std::pair{"uv", v.uv.size()}})
        if (count != 0 && count != v.positions.size())
            throw SceneError(p.find(name)->where,
                             fmt::format("\"{}\" has {} entries for {} positions", name, count,
                                         v.positions.size()));
    for (const double i : p.getNumbers("indices", {"integer"}))
        v.indices.push_back(static_cast<int>(i));
    if (v.indices.empty() && v.positions.size() == perFace)
        for (std::size_t i = 0; i < perFace; ++i)
            v.indices.push_back(static_cast<int>(i));
    if (v.indices.empty() || v.indices.size() % perFace != 0)
        throw SceneError(p.find("indices") ? p.find("indices")->where : s.where,
                         fmt::format("\"integer indices\" must list {} vertices per face, found "
                                     "{} indices",
                                     perFace, v.indices.size()));
    for (const int i : v.indices)
        if (i < 0 || static_cast<std::size_t>(i) >= v.positions.size())
            throw SceneError(
                p.find("indices") ? p.find("indices")->where : s.where,
                fmt::format("index {} is outside the {} positions", i, v.positions.size()));
    return v;
}

// pbrt-v4's bilinear patches (vertices p00 p10 p01 p11, in that order) as triangles: a flat one is
// exactly its two triangles, any other is tessellated. Returns how many were tessellated.
std::size_t bilinearPatches(const VertexData& v, MeshArrays& mesh) {
    std::size_t curved = 0;
    for (std::size_t patch = 0; patch < v.indices.size(); patch += 4) {
        std::array<Vec3, 4> p;
        std::array<std::optional<Vec3>, 4> n;
        std::array<Vec2, 4> uv{Vec2{0, 0}, Vec2{1, 0}, Vec2{0, 1}, Vec2{1, 1}};
        for (std::size_t k = 0; k < 4; ++k) {
            const auto i = static_cast<std::size_t>(v.indices[patch + k]);
            p[k] = v.positions[i];
            if (!v.normals.empty())
                n[k] = v.normals[i];
            if (!v.uv.empty())
                uv[k] = v.uv[i];
        }
        const Vec3 across = cross(p[1] - p[0], p[2] - p[0]);
        const float size = length(p[1] - p[0]) + length(p[2] - p[0]) + length(p[3] - p[0]);
        const bool flat = std::fabs(dot(p[3] - p[0], across)) <= 1e-6f * length(across) * size;
        const int grid = flat ? 1 : kPatchGrid;
        curved += flat ? 0 : 1;
        const auto first = static_cast<double>(mesh.positions.size() / 3);
        for (int j = 0; j <= grid; ++j)
            for (int i = 0; i <= grid; ++i) {
                const float u = static_cast<float>(i) / static_cast<float>(grid),
                            w = static_cast<float>(j) / static_cast<float>(grid);
                const auto mix = [&](auto a, auto b, auto c, auto d) {
                    return (a * (1 - u) + b * u) * (1 - w) + (c * (1 - u) + d * u) * w;
                };
                std::optional<Vec3> normal;
                if (n[0])
                    normal = normalize(mix(*n[0], *n[1], *n[2], *n[3]));
                mesh.addVertex(mix(p[0], p[1], p[2], p[3]), normal,
                               Vec2{mix(uv[0].x, uv[1].x, uv[2].x, uv[3].x),
                                    mix(uv[0].y, uv[1].y, uv[2].y, uv[3].y)});
            }
        const auto at = [&](int i, int j) { return first + j * (grid + 1) + i; };
        for (int j = 0; j < grid; ++j)
            for (int i = 0; i < grid; ++i)
                mesh.indices.insert(mesh.indices.end(), {at(i, j), at(i + 1, j), at(i + 1, j + 1),
                                                         at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
    return curved;
}

} // namespace

void Importer::shape(const Statement& s) {
    const std::string type = s.stringAt(0);
    const ParameterList p = parameters(s, 1, "shape");
    const std::string what = fmt::format("Shape \"{}\"", type);
    auto descriptions = shapeDescriptions(s, type, p);
    if (stack_.attributes().material->invisible) {
        p.markAllUsed(); // a medium boundary: nothing lrt shows
        return;
    }
    // pbrt-v4's alpha: a float texture, or a number (1, the default, is solid).
    std::shared_ptr<const TextureDescription> alpha;
    if (const Parameter* given = p.find("alpha"); given && given->type == "texture") {
        alpha = textureInput(p, "alpha", Color(1), SpectrumUse::Reflectance);
    } else if (given) {
        const float a = *p.getFloat("alpha");
        if (a < 1)
            alpha = constantTexture(Color(a), given->where);
    }
    for (const char* displacement : {"displacement", "edgelength"})
        if (const Parameter* d = p.find(displacement))
            warn(d->where, "displacement is not supported: the mesh is rendered undisplaced");
    p.find("emissionfilename") ? warn(s.where, "image-textured emission is not supported") : void();
    reportUnused(p, what);
    const bool quadric = type == "sphere" || type == "cylinder" || type == "disk";
    for (ShapeDescription& d : descriptions)
        addShape(std::move(d), quadric, alpha);
}

// Reads every parameter of the shapes lrt renders; `shape` warns about the rest.
std::vector<ShapeDescription>
Importer::shapeDescriptions(const Statement& s, const std::string& type, const ParameterList& p) {
    ShapeDescription d;
    d.objectToWorld = stack_.transform();
    d.baseDirectory = directory_.string();
    d.where = s.where;
    const auto degrees = [&](const char* name) { return p.getFloat(name, 360.0f); };
    if (type == "sphere") {
        const float r = p.getFloat("radius", 1.0f);
        d.type = "sphere";
        d.arguments = {r, p.getFloat("zmin", -r), p.getFloat("zmax", r), degrees("phimax")};
    } else if (type == "cylinder") {
        d.type = "cylinder";
        d.arguments = {p.getFloat("radius", 1.0f), p.getFloat("zmin", -1.0f),
                       p.getFloat("zmax", 1.0f), degrees("phimax")};
    } else if (type == "disk") {
        if (p.getFloat("innerradius", 0.0f) != 0)
            warn(p.find("innerradius")->where,
                 "a disk with a hole (innerradius) is not supported: the whole disk stands in");
        d.type = "disk";
        d.arguments = {p.getFloat("height", 0.0f), p.getFloat("radius", 1.0f), degrees("phimax")};
    } else if (type == "plymesh") {
        const auto file = p.getString("filename");
        if (!file)
            throw SceneError(s.where, "Shape \"plymesh\" needs a \"string filename\"");
        d.type = "plymesh";
        addString(d.parameters, "filename", *file, p.find("filename")->where);
    } else if (type == "trianglemesh" || type == "bilinearmesh" || type == "loopsubdiv") {
        const VertexData v = vertexData(s, p, type == "bilinearmesh" ? 4 : 3);
        MeshArrays mesh;
        if (type == "trianglemesh") {
            for (std::size_t i = 0; i < v.positions.size(); ++i)
                mesh.addVertex(v.positions[i],
                               v.normals.empty() ? std::nullopt : std::optional(v.normals[i]),
                               v.uv.empty() ? std::nullopt : std::optional(v.uv[i]));
            mesh.indices.assign(v.indices.begin(), v.indices.end());
            p.find("S");           // tangents: only anisotropic BSDFs would read them
            p.find("faceIndices"); // per-face ids for ptex, which lrt does not read
        } else if (type == "bilinearmesh") {
            if (const std::size_t curved = bilinearPatches(v, mesh))
                warn(s.where,
                     fmt::format("{} of the {} bilinear patches are not flat: each is "
                                 "approximated by {} triangles",
                                 curved, v.indices.size() / 4, 2 * kPatchGrid * kPatchGrid));
        } else {
            std::vector<std::array<int, 3>> triangles;
            for (std::size_t i = 0; i < v.indices.size(); i += 3)
                triangles.push_back({v.indices[i], v.indices[i + 1], v.indices[i + 2]});
            MeshData refined;
            try {
                refined =
                    loopSubdivide(v.positions, std::move(triangles), p.getInteger("levels", 3));
            } catch (const std::invalid_argument& e) {
                throw SceneError(s.where, e.what());
            }
            for (std::size_t i = 0; i < refined.positions.size(); ++i)
                mesh.addVertex(refined.positions[i], refined.normals[i], std::nullopt);
            for (const auto& t : refined.triangles)
                mesh.indices.insert(mesh.indices.end(),
                                    {static_cast<double>(t[0]), static_cast<double>(t[1]),
                                     static_cast<double>(t[2])});
        }
        d.type = "trianglemesh";
        d.parameters = std::move(mesh).parameters(s.where);
    } else if (type == "curve" || type == "cone" || type == "paraboloid" || type == "hyperboloid" ||
               type == "nurbs") {
        warn(s.where, fmt::format("Shape \"{}\" is not supported: it is left out", type));
        p.markAllUsed();
        return {};
    } else {
        throw SceneError(s.items[0].where,
                         fmt::format("unknown Shape \"{}\" (pbrt-v4 has \"sphere\", "
                                     "\"cylinder\", \"disk\", \"trianglemesh\", \"plymesh\", "
                                     "\"bilinearmesh\", \"loopsubdiv\" and \"curve\")",
                                     type));
    }
    std::vector<ShapeDescription> out;
    out.push_back(std::move(d));
    return out;
}

void Importer::addShape(ShapeDescription d, bool isQuadric,
                        const std::shared_ptr<const TextureDescription>& alpha) {
    d.attributes = attributesFor(isQuadric, alpha);
    if (currentObject_)
        currentObject_->shapes.push_back(std::move(d));
    else
        world_.shapes.push_back(std::move(d));
}

std::shared_ptr<SurfaceAttributes> Importer::surfaceOf(const ImportedMaterial& m, bool flipped) {
    auto a = std::make_shared<SurfaceAttributes>();
    a->surface = m.surface;
    a->color = m.color;
    a->colorTexture = flipped && m.texture ? forQuadrics(m.texture) : m.texture;
    a->normalMap = flipped && m.normalMap ? forQuadrics(m.normalMap) : m.normalMap;
    a->parameterTextures = m.parameterTextures;
    if (flipped)
        for (auto& [name, bound] : a->parameterTextures)
            bound.texture = forQuadrics(bound.texture);
    for (const auto& component : m.mixed)
        a->mixed.push_back(surfaceOf(*component, flipped));
    return a;
}

std::shared_ptr<const SurfaceAttributes>
Importer::attributesFor(bool isQuadric, const std::shared_ptr<const TextureDescription>& alpha) {
    const ImportedMaterial& m = *stack_.attributes().material;
    // Flipping textures that have none is harmless: a mix's components may have some.
    const bool flipped = isQuadric && (m.texture || m.normalMap || alpha ||
                                       !m.parameterTextures.empty() || !m.mixed.empty());
    auto& shared = attributes_[{&m, stack_.attributes().reverseOrientation,
                                stack_.attributes().areaLight, flipped, alpha.get()}];
    if (!shared) {
        auto a = surfaceOf(m, flipped);
        a->alpha = flipped && alpha ? forQuadrics(alpha) : alpha;
        a->reverseOrientation = stack_.attributes().reverseOrientation;
        a->areaLight = stack_.attributes().areaLight;
        shared = std::move(a);
    }
    return shared;
}

} // namespace lrt::pbrt
