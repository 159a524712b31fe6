// glTF to meshes: tinygltf parses the JSON and loads the buffers; lrt walks the default scene's
// nodes, reads each triangle primitive's accessors (checked against their buffer views and
// buffers before a byte is read), and keeps materials, cameras and lights as the file gives them.
#include "renderer/gltf/gltf_file.h"

#include "renderer/core/scene_error.h"
#include "renderer/gltf/gltf_material.h"
#include "slvm/common/file_contents.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <set>
#include <stdexcept>
#include <tiny_gltf.h>

namespace lrt {

namespace {

// Deeper node hierarchies than this are refused (a hostile file would exhaust the stack).
constexpr int kMaxNodeDepth = 1024;

// tinygltf hands every image's bytes here instead of decoding them: OpenImageIO reads images.
// External files are opened by name later, so only embedded bytes are kept.
bool keepImageBytes(tinygltf::Image* image, const int, std::string*, std::string*, int, int,
                    const unsigned char* bytes, int size, void*) {
    if (image->uri.empty() && size > 0)
        image->image.assign(bytes, bytes + size);
    return true;
}

std::size_t componentBytes(int type) {
    switch (type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
        return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
        return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
        return 4;
    default:
        return 0;
    }
}

// One component as a float: floats as they are, integers normalised as glTF defines when the
// accessor says so, else their value.
float component(const unsigned char* p, int type, bool normalized) {
    switch (type) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
        float v;
        std::memcpy(&v, p, 4);
        return v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
        return normalized ? static_cast<float>(*p) / 255.0f : static_cast<float>(*p);
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
        const auto v = static_cast<float>(static_cast<std::int8_t>(*p));
        return normalized ? std::max(v / 127.0f, -1.0f) : v;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        return normalized ? static_cast<float>(v) / 65535.0f : static_cast<float>(v);
    }
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
        std::int16_t v;
        std::memcpy(&v, p, 2);
        return normalized ? std::max(static_cast<float>(v) / 32767.0f, -1.0f)
                          : static_cast<float>(v);
    }
    default: {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return static_cast<float>(v);
    }
    }
}

class Reader {
public:
    Reader(const tinygltf::Model& model, std::string file)
        : model_(model), file_(std::move(file)) {}

    // The `count` x `components` numbers of accessor `index`; `where` is the JSON path of what
    // refers to it.
    std::vector<float> numbers(int index, const std::vector<int>& components,
                               const std::string& where, int& componentsRead) const {
        const tinygltf::Accessor& a = accessor(index, where);
        const int n = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type));
        if (std::find(components.begin(), components.end(), n) == components.end())
            fail(where, fmt::format("accessor {} has {} components per element", index, n));
        componentsRead = n;
        std::vector<float> out;
        forEach(a, index, where, [&](const unsigned char* element, std::size_t size) {
            for (int c = 0; c < n; ++c)
                out.push_back(component(element + static_cast<std::size_t>(c) * size,
                                        a.componentType, a.normalized));
        });
        return out;
    }

    // Accessor `index` as vertex indices, each checked against `vertices`.
    std::vector<int> indices(int index, std::size_t vertices, const std::string& where) const {
        const tinygltf::Accessor& a = accessor(index, where);
        // glTF 2.0 (3.7.2.1): indices are unsigned bytes, shorts or ints; a signed type would
        // give negative indices.
        if (a.type != TINYGLTF_TYPE_SCALAR ||
            (a.componentType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE &&
             a.componentType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
             a.componentType != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT))
            fail(where,
                 fmt::format("accessor {} is not a list of unsigned integer indices", index));
        std::vector<int> out;
        forEach(a, index, where, [&](const unsigned char* element, std::size_t) {
            const float v = component(element, a.componentType, false);
            if (!(v >= 0) || v >= static_cast<float>(vertices))
                fail(where, fmt::format("index {} is outside the {} vertices", v, vertices));
            out.push_back(static_cast<int>(v));
        });
        return out;
    }

    [[noreturn]] void fail(const std::string& where, const std::string& message) const {
        throw std::runtime_error(fmt::format("{}: {}: {}", file_, where, message));
    }

private:
    const tinygltf::Accessor& accessor(int index, const std::string& where) const {
        if (index < 0 || static_cast<std::size_t>(index) >= model_.accessors.size())
            fail(where, fmt::format("accessor {} does not exist", index));
        return model_.accessors[static_cast<std::size_t>(index)];
    }

    // Calls `visit` with each element's first byte and the component size, after checking that
    // every element lies inside its buffer view and the view inside its buffer.
    void forEach(const tinygltf::Accessor& a, int index, const std::string& where,
                 const std::function<void(const unsigned char*, std::size_t)>& visit) const {
        const std::string self = at("accessors", static_cast<std::size_t>(index));
        if (a.sparse.isSparse)
            fail(self, "sparse accessors are not supported");
        const std::size_t size = componentBytes(a.componentType);
        const int n = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type));
        if (size == 0 || n <= 0)
            fail(self, "unknown component type");
        if (a.bufferView < 0 || static_cast<std::size_t>(a.bufferView) >= model_.bufferViews.size())
            fail(self,
                 fmt::format("buffer view {} does not exist (used by {})", a.bufferView, where));
        const tinygltf::BufferView& view =
            model_.bufferViews[static_cast<std::size_t>(a.bufferView)];
        if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model_.buffers.size())
            fail(at("bufferViews", static_cast<std::size_t>(a.bufferView)),
                 fmt::format("buffer {} does not exist", view.buffer));
        const auto& data = model_.buffers[static_cast<std::size_t>(view.buffer)].data;
        const std::uint64_t element = size * static_cast<std::uint64_t>(n);
        const std::uint64_t stride = view.byteStride ? view.byteStride : element;
        const std::uint64_t count = a.count;
        if (stride < element || view.byteOffset > data.size() ||
            view.byteLength > data.size() - view.byteOffset)
            fail(at("bufferViews", static_cast<std::size_t>(a.bufferView)),
                 "the view does not fit in its buffer");
        // The last element must end inside the view: offset + (count - 1) stride + element.
        const std::uint64_t room = view.byteLength;
        if (count > 0 && (a.byteOffset > room || element > room - a.byteOffset ||
                          count - 1 > (room - a.byteOffset - element) / stride))
            fail(self, fmt::format("{} elements of {} bytes run past the end of buffer view {}",
                                   count, element, a.bufferView));
        const unsigned char* base = data.data() + view.byteOffset + a.byteOffset;
        for (std::uint64_t i = 0; i < count; ++i)
            visit(base + i * stride, size);
    }

    const tinygltf::Model& model_;
    std::string file_;
};

// The local transform of a node: its matrix, or translation x rotation x scale.
Matrix4 localMatrix(const tinygltf::Node& node) {
    Matrix4 m = identityMatrix();
    if (node.matrix.size() == 16) {
        // Column-major, as RenderMan's row-vector numbers: element (row j, column i) is i*4 + j.
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                m[j][i] = static_cast<float>(node.matrix[static_cast<std::size_t>(i * 4 + j)]);
        return m;
    }
    const auto& t = node.translation;
    const auto& r = node.rotation;
    const auto& s = node.scale;
    const double x = r.size() == 4 ? r[0] : 0, y = r.size() == 4 ? r[1] : 0,
                 z = r.size() == 4 ? r[2] : 0, w = r.size() == 4 ? r[3] : 1;
    const double rotation[3][3] = {
        {1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
        {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
        {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    for (int row = 0; row < 3; ++row) {
        for (int column = 0; column < 3; ++column)
            m[row][column] = static_cast<float>(
                rotation[row][column] * (s.size() == 3 ? s[static_cast<std::size_t>(column)] : 1));
        m[row][3] = static_cast<float>(t.size() == 3 ? t[static_cast<std::size_t>(row)] : 0);
    }
    return m;
}

// Walks the default scene's nodes, turning meshes, cameras and lights into the file's space. A
// broken mesh, camera, light or child node is left out and the walk goes on, so that one read
// reports every independent error of the file (up to kMaxErrors); then they are thrown together.
class Flattener {
public:
    Flattener(const tinygltf::Model& model, const Reader& reader, GltfFile& out)
        : model_(model), reader_(reader), out_(out) {}

    void scene() {
        std::vector<int> roots;
        if (!model_.scenes.empty()) {
            const auto s = static_cast<std::size_t>(std::max(model_.defaultScene, 0));
            if (s >= model_.scenes.size())
                reader_.fail("scene", fmt::format("scene {} does not exist", s));
            roots = model_.scenes[s].nodes;
        } else { // no scenes: every node no other node names as a child
            std::set<int> children;
            for (const tinygltf::Node& n : model_.nodes)
                children.insert(n.children.begin(), n.children.end());
            for (int i = 0; i < static_cast<int>(model_.nodes.size()); ++i)
                if (!children.contains(i))
                    roots.push_back(i);
        }
        for (const int root : roots)
            collect([&] { node(root, Transform(), 0); });
        if (!errors_.empty()) {
            std::string all;
            for (const std::string& e : errors_)
                all += (all.empty() ? "" : "\n") + e;
            throw std::runtime_error(all);
        }
    }

private:
    static constexpr std::size_t kMaxErrors = 20;

    void collect(const std::function<void()>& part) {
        try {
            part();
        } catch (const std::runtime_error& e) {
            if (errors_.size() < kMaxErrors)
                errors_.emplace_back(e.what());
        }
    }

    void node(int index, const Transform& parent, int depth) {
        const std::string where = at("nodes", static_cast<std::size_t>(std::max(index, 0)));
        if (index < 0 || static_cast<std::size_t>(index) >= model_.nodes.size())
            reader_.fail(where, fmt::format("node {} does not exist", index));
        if (depth > kMaxNodeDepth)
            reader_.fail(where, fmt::format("nodes nested more than {} deep", kMaxNodeDepth));
        if (!visiting_.insert(index).second)
            reader_.fail(where, "the node graph has a cycle through this node");
        const tinygltf::Node& n = model_.nodes[static_cast<std::size_t>(index)];
        const auto local = Transform::fromMatrix(localMatrix(n));
        if (!local || !local->isFinite()) {
            out_.notes.push_back(
                fmt::format("{}, whose transform is singular, and its children", where));
        } else {
            const Transform toFile = parent * *local;
            if (n.mesh >= 0)
                mesh(n.mesh, toFile);
            if (n.camera >= 0)
                collect([&] { camera(n, toFile); });
            if (const auto it = n.extensions.find("KHR_lights_punctual"); it != n.extensions.end())
                collect([&] {
                    light(static_cast<int>(gltfNumber(it->second, "light", -1)), toFile, where);
                });
            if (n.skin >= 0)
                out_.notes.push_back(
                    fmt::format("the skin of {} (the mesh is in its rest pose)", where));
            for (const int child : n.children)
                collect([&] { node(child, toFile, depth + 1); });
        }
        visiting_.erase(index);
    }

    void mesh(int index, const Transform& toFile) {
        const std::string where = at("meshes", static_cast<std::size_t>(std::max(index, 0)));
        if (static_cast<std::size_t>(index) >= model_.meshes.size()) {
            collect([&] { reader_.fail(where, fmt::format("mesh {} does not exist", index)); });
            return;
        }
        const auto& primitives = model_.meshes[static_cast<std::size_t>(index)].primitives;
        for (std::size_t p = 0; p < primitives.size(); ++p)
            collect([&] {
                primitive(primitives[p], toFile, fmt::format("{}.primitives[{}]", where, p));
            });
    }

    void primitive(const tinygltf::Primitive& p, const Transform& toFile,
                   const std::string& where) {
        const int mode = p.mode < 0 ? TINYGLTF_MODE_TRIANGLES : p.mode;
        if (mode != TINYGLTF_MODE_TRIANGLES && mode != TINYGLTF_MODE_TRIANGLE_STRIP &&
            mode != TINYGLTF_MODE_TRIANGLE_FAN) {
            out_.notes.push_back(fmt::format("{}, made of points or lines", where));
            return;
        }
        const auto position = p.attributes.find("POSITION");
        if (position == p.attributes.end())
            reader_.fail(where, "a primitive without POSITION");
        if (!p.targets.empty())
            out_.notes.push_back(fmt::format("the morph targets of {}", where));
        FileMesh mesh;
        mesh.material = p.material;
        if (p.material >= static_cast<int>(model_.materials.size()))
            reader_.fail(where, fmt::format("material {} does not exist", p.material));
        int n = 0;
        const auto positions = reader_.numbers(position->second, {3}, where + ".POSITION", n);
        mesh.data.reservePositions(positions.size() / 3);
        for (std::size_t i = 0; i < positions.size(); i += 3)
            mesh.data.positions.push_back(
                toFile.point({positions[i], positions[i + 1], positions[i + 2]}));
        const std::size_t vertices = mesh.data.positions.size();
        const auto attribute = [&](const char* name, const std::vector<int>& components) {
            const auto it = p.attributes.find(name);
            std::vector<float> values;
            if (it != p.attributes.end()) {
                values = reader_.numbers(it->second, components, where + "." + name, n);
                if (values.size() != vertices * static_cast<std::size_t>(n))
                    reader_.fail(where, fmt::format("{} has {} entries for {} vertices", name,
                                                    values.size() / static_cast<std::size_t>(n),
                                                    vertices));
            }
            return values;
        };
        const auto normals = attribute("NORMAL", {3});
        for (std::size_t i = 0; i < normals.size(); i += 3)
            mesh.data.normals.push_back(
                normalize(toFile.normal({normals[i], normals[i + 1], normals[i + 2]})));
        // glTF's texture coordinates run down the image, as lrt's t does.
        const auto uv = attribute("TEXCOORD_0", {2});
        for (std::size_t i = 0; i < uv.size(); i += 2)
            mesh.data.st.push_back({uv[i], uv[i + 1]});
        const auto colors = attribute("COLOR_0", {3, 4});
        for (std::size_t i = 0; i < colors.size(); i += static_cast<std::size_t>(n))
            mesh.data.colors.push_back({colors[i], colors[i + 1], colors[i + 2]});
        std::vector<int> indices;
        if (p.indices >= 0)
            indices = reader_.indices(p.indices, vertices, where + ".indices");
        else
            for (std::size_t i = 0; i < vertices; ++i)
                indices.push_back(static_cast<int>(i));
        triangles(mode, indices, mesh.data);
        // A transform that mirrors turns counter-clockwise faces clockwise (glTF 2.0, 3.7.2.1).
        if (toFile.swapsHandedness())
            for (auto& t : mesh.data.triangles)
                std::swap(t[1], t[2]);
        if (!mesh.data.triangles.empty())
            out_.meshes.push_back(std::move(mesh));
    }

    static void triangles(int mode, const std::vector<int>& i, MeshData& mesh) {
        mesh.reserveTriangles(mode == TINYGLTF_MODE_TRIANGLES ? i.size() / 3 : i.size());
        if (mode == TINYGLTF_MODE_TRIANGLES)
            for (std::size_t k = 0; k + 2 < i.size(); k += 3)
                mesh.triangles.push_back({i[k], i[k + 1], i[k + 2]});
        else if (mode == TINYGLTF_MODE_TRIANGLE_STRIP)
            for (std::size_t k = 0; k + 2 < i.size(); ++k)
                mesh.triangles.push_back(k % 2 == 0 ? std::array{i[k], i[k + 1], i[k + 2]}
                                                    : std::array{i[k + 1], i[k], i[k + 2]});
        else
            for (std::size_t k = 1; k + 1 < i.size(); ++k)
                mesh.triangles.push_back({i[0], i[k], i[k + 1]});
    }

    void camera(const tinygltf::Node& n, const Transform& toFile) {
        if (static_cast<std::size_t>(n.camera) >= model_.cameras.size())
            reader_.fail(at("cameras", static_cast<std::size_t>(n.camera)), "does not exist");
        const tinygltf::Camera& c = model_.cameras[static_cast<std::size_t>(n.camera)];
        GltfCamera camera;
        camera.name = c.name.empty() ? n.name : c.name;
        camera.cameraToFile = toFile;
        camera.perspective = c.type != "orthographic";
        camera.yfov = static_cast<float>(c.perspective.yfov);
        camera.aspectRatio = static_cast<float>(c.perspective.aspectRatio);
        camera.znear =
            static_cast<float>(camera.perspective ? c.perspective.znear : c.orthographic.znear);
        camera.zfar =
            static_cast<float>(camera.perspective ? c.perspective.zfar : c.orthographic.zfar);
        camera.xmag = static_cast<float>(c.orthographic.xmag);
        camera.ymag = static_cast<float>(c.orthographic.ymag);
        out_.cameras.push_back(camera);
    }

    void light(int index, const Transform& toFile, const std::string& where) {
        if (index < 0 || static_cast<std::size_t>(index) >= model_.lights.size())
            reader_.fail(where, fmt::format("KHR_lights_punctual light {} does not exist", index));
        const tinygltf::Light& l = model_.lights[static_cast<std::size_t>(index)];
        GltfLight light;
        light.name = l.name;
        light.type = l.type;
        if (l.color.size() == 3)
            light.color = Color{static_cast<float>(l.color[0]), static_cast<float>(l.color[1]),
                                static_cast<float>(l.color[2])};
        light.intensity = static_cast<float>(l.intensity);
        light.innerConeAngle = static_cast<float>(l.spot.innerConeAngle);
        light.outerConeAngle = static_cast<float>(l.spot.outerConeAngle);
        light.lightToFile = toFile;
        if (light.type != "point" && light.type != "spot" && light.type != "directional")
            reader_.fail(at("lights", static_cast<std::size_t>(index)),
                         fmt::format("unknown light type '{}'", l.type));
        out_.lights.push_back(light);
    }

    const tinygltf::Model& model_;
    const Reader& reader_;
    GltfFile& out_;
    std::set<int> visiting_;
    std::vector<std::string> errors_;
};

} // namespace

GltfFile parseGltf(const std::string& bytes, const std::string& name,
                   const std::filesystem::path& directory) {
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(&keepImageBytes, nullptr);
    tinygltf::Model model;
    std::string error, warning;
    if (bytes.size() > std::numeric_limits<unsigned int>::max())
        throw std::runtime_error(fmt::format("glTF file '{}' is larger than 4 GiB", name));
    const bool binary = bytes.starts_with("glTF");
    const bool ok =
        binary ? loader.LoadBinaryFromMemory(
                     &model, &error, &warning, reinterpret_cast<const unsigned char*>(bytes.data()),
                     static_cast<unsigned int>(bytes.size()), directory.string())
               : loader.LoadASCIIFromString(&model, &error, &warning, bytes.data(),
                                            static_cast<unsigned int>(bytes.size()),
                                            directory.string());
    if (!ok)
        throw std::runtime_error(fmt::format("cannot read glTF file '{}': {}", name,
                                             error.empty() ? "unknown error" : error));
    GltfFile file;
    for (std::size_t m = 0; m < model.materials.size(); ++m)
        file.materials.push_back(readMaterial(model, m, directory, name));
    const Reader reader(model, name);
    Flattener(model, reader, file).scene();
    return file;
}

GltfFile loadGltfFile(const std::filesystem::path& path) {
    const auto bytes = slvm::readFileContents(path);
    if (!bytes)
        throw std::runtime_error(fmt::format("cannot open glTF file '{}'", path.string()));
    return parseGltf(*bytes, path.string(), path.parent_path());
}

} // namespace lrt
