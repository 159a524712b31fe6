// The statement handlers of the .lrt parser (private to renderer/parser/): each checks its
// statement's arguments and records what it says in the graphics state or the frame being read.
// parser.cpp has the dispatch and the frame structure, option_statements.cpp the statements
// before WorldBegin, world_statements.cpp those between WorldBegin and WorldEnd.
#pragma once

#include "renderer/description/scene_description.h"
#include "renderer/parser/graphics_state.h"
#include "renderer/parser/statement_reader.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

// The parameters of Attribute "identifier" (world_statements.cpp).
ParameterTable attributeParameterTable();

class SceneParser {
public:
    SceneParser(std::string fileName, const SceneVocabulary& vocabulary)
        : fileName_(std::move(fileName)), vocabulary_(vocabulary), declarations_(vocabulary) {
        learnStatementParameters(declarations_);
    }
    std::vector<FrameDescription> parse(StatementReader& reader);

private:
    // The types of the parameters of the statements the parser records itself (Option,
    // Attribute, Imager), for Declarations.
    static void learnStatementParameters(Declarations& declarations);

    using Handler = void (SceneParser::*)(const Statement&);
    // Where in the file structure a statement may appear.
    enum class Block { Options, World, Anywhere };
    struct HandlerEntry {
        Handler handler;
        Block block;
    };
    static const std::map<std::string, HandlerEntry>& handlers();
    // Every statement name: Include, the handlers' and the vocabulary's shapes', for suggestions.
    std::vector<std::string_view> statementNames() const;
    void dispatch(const Statement& s, StatementReader& reader);
    ParameterList parameters(const Statement& s, std::size_t first) const {
        return parametersOf(s, first, declarations_);
    }

    // option_statements.cpp
    void format(const Statement& s);
    void frameAspectRatio(const Statement& s);
    void screenWindow(const Statement& s);
    void cropWindow(const Statement& s);
    void projection(const Statement& s);
    void clipping(const Statement& s);
    void depthOfField(const Statement& s);
    void pixelSamples(const Statement& s);
    void pixelFilter(const Statement& s);
    void exposure(const Statement& s);
    void display(const Statement& s);
    void option(const Statement& s);
    void surfaceIntegrator(const Statement& s);
    void imager(const Statement& s);

    // parser.cpp: transforms, frames and the world block
    // Makes t, which must be finite, the current transform; before WorldBegin, it shapes the
    // camera.
    void setTransform(const Statement& s, const Transform& t);
    // Records that `s` shaped the camera (CameraDescription::shapedBy), in place of the earlier
    // statement of its role.
    void shapesCamera(const Statement& s, bool isTransform = false);
    // Identity, Translate, Scale, Rotate, LookAt, Transform, ConcatTransform: their numbers read
    // against the argument table, their meaning shared with pbrt-v4 (transform_statements.h).
    void transformStatement(const Statement& s);
    void coordinateSystem(const Statement& s);
    void coordSysTransform(const Statement& s);
    void transformBegin(const Statement& s);
    void transformEnd(const Statement& s);
    void frameBegin(const Statement& s);
    void frameEnd(const Statement& s);
    void worldBegin(const Statement& s);
    void worldEnd(const Statement& s);
    void declare(const Statement& s);
    void version(const Statement& s);

    // world_statements.cpp
    void attributeBegin(const Statement& s);
    void attributeEnd(const Statement& s);
    void attribute(const Statement& s);
    void color(const Statement& s);
    void opacity(const Statement& s);
    void sides(const Statement& s);
    void reverseOrientation(const Statement& s);
    void lightSource(const Statement& s);
    void areaLightSource(const Statement& s);
    void illuminate(const Statement& s);
    void shapeStatement(const Statement& s, const ShapeSyntax& syntax);
    void shape(const Statement& s);
    void objectBegin(const Statement& s);
    void objectEnd(const Statement& s);
    void objectInstance(const Statement& s);
    void vertexProgram(const Statement& s);
    // Reads `list` against its table as the builder will. A problem does not stop the statement:
    // it is kept, with the reader's error count when it was found, and reported with the scene's
    // other errors if the scene does not parse; if it does, the builder reports it together with
    // the build's own errors.
    void checkParameters(const ParameterList& list, ParameterTable table, std::string what,
                         const SourceLocation& where);
    int addLight(const Statement& s, const std::string& type);
    void addShape(const Statement& s, const ShapeSyntax& syntax, std::vector<double> arguments,
                  std::size_t parametersFrom);

    // surface_statements.cpp
    // A surface's look as Surface or MakeNamedSurface states it, and how deep a mix it is.
    struct NamedSurface {
        std::shared_ptr<const SurfaceAttributes> look;
        int mixDepth = 0;
    };
    void surface(const Statement& s);
    void texture(const Statement& s);
    void makeNamedSurface(const Statement& s);
    void namedSurface(const Statement& s);
    NamedSurface readSurface(const Statement& s, std::size_t at);
    void applyLook(const NamedSurface& named, bool color);
    void bindParameterTexture(SurfaceAttributes& look, const Parameter& p,
                              const EntitySyntax* entry, std::string_view what) const;
    void readCommonParameters(SurfaceAttributes& look, const ParameterList& common,
                              std::string_view what, const SourceLocation& where) const;
    int mixComponents(SurfaceAttributes& look, const Parameter& surfaces) const;
    std::shared_ptr<const TextureDescription> namedTexture(const Parameter& p,
                                                           std::string_view what) const;
    std::shared_ptr<const TextureDescription> textureInput(const Parameter& p,
                                                           std::string_view what) const;
    const NamedSurface& namedSurfaceAt(const std::string& name, const SourceLocation& where) const;

    std::string fileName_;
    const SceneVocabulary& vocabulary_;
    SourceLocation lastWhere_;
    Declarations declarations_;
    GraphicsState state_;

    // Options, and what FrameBegin saves of them for FrameEnd.
    FrameOptions options_;
    FrameOptions savedOptions_;
    Transform savedTransform_;
    Color background_;
    bool frameOpen_ = false;
    int frameNumber_ = 1;

    // The world being read.
    bool inWorld_ = false;
    bool misplacedInWorldReported_ = false; // since the last WorldBegin or WorldEnd
    std::filesystem::path worldDirectory_;
    WorldDescription world_;
    std::optional<ObjectDefinition> currentObject_;
    Transform objectBase_;
    std::map<std::string, int> objectIndex_;
    std::map<std::string, int> lightHandles_;
    // Texture and MakeNamedSurface: defined for the rest of the world block.
    std::map<std::string, std::shared_ptr<const TextureDescription>, std::less<>> textures_;
    std::map<std::string, NamedSurface, std::less<>> namedSurfaces_;
    std::vector<FrameDescription> frames_;
    // Parameter problems, each after the reader's first `count` errors.
    struct ParameterProblem {
        std::size_t after;
        Diagnostic diagnostic;
    };
    std::vector<ParameterProblem> parameterProblems_;
    std::size_t readerErrors_ = 0; // the reader's error count as of the statement being read
};

} // namespace lrt
