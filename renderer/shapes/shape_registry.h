// Every shape lrt can create, by name: the one place that maps a shape statement to the class that
// makes it. Each entry lives beside its class (Sphere::registryEntry, ...) with the table of its
// arguments and parameters; the parser checks statements against these tables and the scene
// builder creates shapes through them. Adding a shape means adding its class and one line here.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
#include "renderer/core/scene_error.h"
#include "renderer/core/transform.h"
#include "renderer/description/file_material.h"
#include "renderer/description/mesh_data.h"
#include "renderer/description/mesh_file.h"
#include "renderer/description/scene_vocabulary.h"
#include "renderer/shapes/shape.h"
#include "slvm/jit/native_code.h"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

namespace lrt {

// Where and how a shape is made: its placement and the attributes that shape it.
struct ShapeContext {
    Transform objectToScene;
    bool flipNormals = false;        // ReverseOrientation
    bool oneSided = false;           // Sides 1
    std::filesystem::path directory; // files are named relative to the statement's file
    SourceLocation where;            // the statement
    // Shape "gltf" of a glTF scene: the file as the scene's reader parsed it, so that it is read
    // once; null otherwise (the shape reads its "filename").
    std::shared_ptr<const MeshFileContents> meshFile = nullptr;
    // Called with each file the shape reads (a mesh, a card and what it includes), before reading
    // it; may be empty.
    std::function<void(const std::filesystem::path&)> onFileRead = {};
    // What runs the shape's programs (Shape "sdf"'s card).
    slvm::jit::ExecutionChoice execution = {};
    // Called with the fraction of a big mesh file read so far (Shape "plymesh"), from any thread,
    // one call at a time; may be empty.
    std::function<void(double)> onReadProgress = {};
};

// One surface a shape statement makes: a finished shape, or a mesh that the scene builder runs
// through the bound vertex program (if any) before it becomes a TriangleMesh. Mesh files (OBJ,
// glTF) make one per part and material, and name that material.
struct ShapeSurface {
    std::variant<std::unique_ptr<Shape>, MeshData> geometry;
    std::optional<std::size_t> material; // index into ShapeSurfaces::materials; none: Surface's
};

struct ShapeSurfaces {
    std::vector<ShapeSurface> surfaces;
    std::vector<FileMaterial> materials; // the materials a mesh file describes
    // What the file asked for that lrt leaves out (a glTF primitive of points, say), for warnings.
    std::vector<std::string> notes;
};

// The one surface a statement makes of a finished shape.
ShapeSurfaces singleSurface(std::unique_ptr<Shape> shape);

// What a mesh-file shape (Shape "obj", "plymesh", "gltf" named `shape`) reads: `load` of the file
// its "filename" names, relative to the statement's file. A missing name is an error at the
// statement, a file `load` refuses (std::runtime_error) an error at the name.
template <typename Load>
auto loadShapeFile(const Parameters& p, const ShapeContext& c, std::string_view shape, Load load) {
    const std::string filename = p.getString("filename");
    if (filename.empty())
        throw SceneError(c.where, "Shape \"" + std::string(shape) + "\" needs a \"filename\"");
    if (c.onFileRead)
        c.onFileRead(c.directory / filename);
    try {
        return load(c.directory / filename);
    } catch (const std::runtime_error& e) {
        throw SceneError(p.where("filename"), e.what());
    }
}

// A mesh file's meshes (each with `data` and the index of its `material` in `materials`, -1 for
// none) as the statement's surfaces.
template <typename Mesh>
ShapeSurfaces meshFileSurfaces(std::vector<Mesh>& meshes, std::vector<FileMaterial> materials) {
    ShapeSurfaces made;
    for (Mesh& mesh : meshes)
        made.surfaces.push_back(
            {std::move(mesh.data), mesh.material < 0
                                       ? std::nullopt
                                       : std::optional(static_cast<std::size_t>(mesh.material))});
    made.materials = std::move(materials);
    return made;
}

// `arguments` are the statement's positional numbers: Number arguments in order; IntegerArray
// arguments as the lengths of every array but the last, then every array's elements.
using CreateShape = ShapeSurfaces (*)(std::span<const double> arguments,
                                      const Parameters& parameters, const ShapeContext& context);

// A shape's syntax (name, statement, arguments, parameters) and how to make it.
struct ShapeEntry : ShapeSyntax {
    CreateShape create;
};

const Registry<ShapeEntry>& shapeRegistry();

} // namespace lrt
