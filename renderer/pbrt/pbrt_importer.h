// The pbrt-v4 importer's state and statement handlers (private to renderer/pbrt/).
// pbrt_importer.cpp has the dispatch, the graphics state and transforms, pbrt_options.cpp the
// statements before WorldBegin, pbrt_shapes.cpp shapes, pbrt_lights.cpp lights, and
// pbrt_materials.cpp materials and pbrt_textures.cpp textures.
#pragma once

#include "renderer/description/scene_description.h"
#include "renderer/parser/graphics_stack.h"
#include "renderer/parser/statement_reader.h"
#include "renderer/pbrt/pbrt_parameters.h"
#include "renderer/pbrt/spectra.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace lrt::pbrt {

class MaterialMapping;
class TextureMapping;

// A pbrt material as lrt renders it: a built-in surface, the colour it multiplies (Color), and a
// texture multiplying that colour.
struct ImportedMaterial {
    SceneEntity surface{"matte", {}, {}};
    Color color{1, 1, 1};
    std::shared_ptr<const TextureDescription> texture;
    std::shared_ptr<const TextureDescription> normalMap;
    // Float textures standing for parameters of the surface, by lrt's parameter name.
    std::map<std::string, TexturedParameter, std::less<>> parameterTextures;
    bool invisible = false; // "interface": a medium boundary, which lrt leaves out
    // A "mix": the two named materials it chooses between, and how deeply mixes nest in it.
    std::vector<std::shared_ptr<const ImportedMaterial>> mixed;
    int mixDepth = 0;
};

// Adds a parameter of lrt's to `list` (what the importer writes for lrt's registries).
void addNumbers(lrt::ParameterList& list, const char* name, std::vector<double> numbers,
                const SourceLocation& where);
void addColor(lrt::ParameterList& list, const char* name, Color c, const SourceLocation& where);
void addString(lrt::ParameterList& list, const char* name, std::string value,
               const SourceLocation& where);

class Importer {
public:
    // The material mapping of pbrt_materials.cpp reads parameters through the importer.
    friend class MaterialMapping;
    friend class TextureMapping;
    // Relative file names are resolved against `directory`.
    explicit Importer(std::filesystem::path directory);
    FrameDescription import(StatementReader& reader);

private:
    using Handler = void (Importer::*)(const Statement&);
    enum class Block { Options, World, Anywhere };
    struct HandlerEntry {
        Handler handler;
        Block block;
    };
    static const std::map<std::string, HandlerEntry>& handlers();
    void dispatch(const Statement& s, StatementReader& reader);

    // Warnings: what lrt substitutes, at the statement or parameter it concerns.
    void warn(const SourceLocation& where, std::string message);
    // The parameters of `s` from item `first`, with the Attribute defaults of `category`.
    ParameterList parameters(const Statement& s, std::size_t first,
                             const std::string& category = "") const;
    // Warns about each parameter no handler read: lrt does not use it.
    void reportUnused(const ParameterList& p, const std::string& what);
    // The RGB of parameter `name` (nullopt when absent), warning when it is approximate.
    std::optional<Color> rgb(const ParameterList& p, const std::string& name, SpectrumUse use);
    std::filesystem::path resolve(const std::string& file) const { return directory_ / file; }

    // pbrt_importer.cpp: the graphics state, blocks and transforms.
    // Identity, Translate, Scale, Rotate, LookAt, Transform, ConcatTransform, with the .lrt
    // reader's meaning (renderer/parser/transform_statements.h).
    void transformStatement(const Statement& s);
    // Makes t the current transform, unless ActiveTransform EndTime is ignoring transforms.
    void setTransform(const Statement& s, const Transform& t);
    void coordinateSystem(const Statement& s);
    void coordSysTransform(const Statement& s);
    void transformTimes(const Statement& s);
    void activeTransform(const Statement& s);
    void reverseOrientation(const Statement& s);
    void attributeBegin(const Statement& s);
    void attributeEnd(const Statement& s);
    void attribute(const Statement& s);
    void worldBegin(const Statement& s);
    void worldEnd(const Statement& s);
    void objectBegin(const Statement& s);
    void objectEnd(const Statement& s);
    void objectInstance(const Statement& s);

    // pbrt_options.cpp
    void camera(const Statement& s);
    void film(const Statement& s);
    void sampler(const Statement& s);
    void integrator(const Statement& s);
    void pixelFilter(const Statement& s);
    void colorSpace(const Statement& s);
    void option(const Statement& s);
    void accelerator(const Statement& s);
    void makeNamedMedium(const Statement& s);
    void mediumInterface(const Statement& s);

    // pbrt_shapes.cpp
    void shape(const Statement& s);
    // The lrt shape description(s) of a pbrt shape, or none when lrt leaves it out.
    std::vector<ShapeDescription> shapeDescriptions(const Statement& s, const std::string& type,
                                                    const ParameterList& p);
    // `alpha`: pbrt-v4's alpha of the shape (null when solid).
    void addShape(ShapeDescription d, bool isQuadric,
                  const std::shared_ptr<const TextureDescription>& alpha = nullptr);
    std::shared_ptr<const SurfaceAttributes>
    attributesFor(bool isQuadric, const std::shared_ptr<const TextureDescription>& alpha);
    // The surface, colour and textures of `m` (and of the materials it mixes), their textures
    // flipped for quadrics when `flipped`.
    std::shared_ptr<SurfaceAttributes> surfaceOf(const ImportedMaterial& m, bool flipped);

    // pbrt_lights.cpp
    void lightSource(const Statement& s);
    void areaLightSource(const Statement& s);

    // pbrt_materials.cpp
    void material(const Statement& s);
    void makeNamedMaterial(const Statement& s);
    void namedMaterial(const Statement& s);
    void texture(const Statement& s);
    std::shared_ptr<const ImportedMaterial>
    importMaterial(const Statement& s, const std::string& type, const ParameterList& p);
    std::shared_ptr<const ImportedMaterial> mixMaterial(const Statement& s, const ParameterList& p);
    // A texture input or colour parameter as a texture: the named texture, or a constant.
    std::shared_ptr<const TextureDescription>
    textureInput(const ParameterList& p, const std::string& name, Color fallback, SpectrumUse use);
    // `d` with each channel clamped to [0, high] (pbrt-v4's materials clamp their reflectances).
    std::shared_ptr<const TextureDescription>
    clamped(const std::shared_ptr<const TextureDescription>& d, float high);
    // `d` as a quadric sees it: quadrics' t runs the other way to meshes' (docs/import.md).
    std::shared_ptr<const TextureDescription>
    forQuadrics(const std::shared_ptr<const TextureDescription>& d);

    // What pbrt-v4's attribute statements set; the transform is the graphics stack's.
    struct Attributes {
        bool reverseOrientation = false;
        std::shared_ptr<const ImportedMaterial> material;
        int areaLight = -1;                            // index into world_.lights
        std::map<std::string, ParameterList> defaults; // Attribute "shape" ... by category
    };
    std::filesystem::path directory_;
    std::vector<Diagnostic> warnings_;
    GraphicsStack<Attributes> stack_;
    bool inWorld_ = false;
    bool sawWorldBegin_ = false;
    bool motionWarned_ = false;
    bool ignoringTransforms_ = false; // ActiveTransform EndTime: lrt keeps the start transform
    float exposureTime_ = 1.0f;       // the camera's shutter, which the film's exposure uses
    std::optional<float> filmIso_;

    FrameOptions options_;
    WorldDescription world_;
    std::optional<ObjectDefinition> currentObject_;
    std::map<std::string, int> objectIndex_;
    std::map<std::string, std::shared_ptr<const ImportedMaterial>> namedMaterials_;
    // Every material made, kept alive so that attributes_'s keys stay unique.
    std::vector<std::shared_ptr<const ImportedMaterial>> materials_;
    std::map<std::string, std::shared_ptr<const TextureDescription>> spectrumTextures_;
    std::map<std::string, std::shared_ptr<const TextureDescription>> floatTextures_;
    std::map<const TextureDescription*, std::shared_ptr<const TextureDescription>> quadricTextures_;
    std::map<std::tuple<const ImportedMaterial*, bool, int, bool, const TextureDescription*>,
             std::shared_ptr<const SurfaceAttributes>>
        attributes_;
};

} // namespace lrt::pbrt
