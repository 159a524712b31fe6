// Statement-by-statement interpretation of the scene format (docs/scene-format.md) over a
// graphics-state stack: the dispatch, the frame structure (FrameBegin, WorldBegin and their ends)
// and the transform statements. Each statement is read as its name followed by items (strings,
// numbers, [arrays]) up to the next statement name; handlers take their positional items and then
// the parameter pairs.
#include "renderer/parser/parser.h"

#include "renderer/core/parameter_problems.h"
#include "renderer/parser/scene_parser.h"
#include "renderer/parser/statement_arguments.h"
#include "renderer/parser/transform_statements.h"
#include "slvm/common/suggestion.h"

#include <cmath>
#include <fmt/format.h>

namespace lrt {

const std::map<std::string, SceneParser::HandlerEntry>& SceneParser::handlers() {
    using P = SceneParser;
    static const std::map<std::string, HandlerEntry> table = {
        {"Format", {&P::format, Block::Options}},
        {"FrameAspectRatio", {&P::frameAspectRatio, Block::Options}},
        {"ScreenWindow", {&P::screenWindow, Block::Options}},
        {"CropWindow", {&P::cropWindow, Block::Options}},
        {"Projection", {&P::projection, Block::Options}},
        {"Clipping", {&P::clipping, Block::Options}},
        {"DepthOfField", {&P::depthOfField, Block::Options}},
        {"PixelSamples", {&P::pixelSamples, Block::Options}},
        {"PixelFilter", {&P::pixelFilter, Block::Options}},
        {"Exposure", {&P::exposure, Block::Options}},
        {"Display", {&P::display, Block::Options}},
        {"Option", {&P::option, Block::Options}},
        {"SurfaceIntegrator", {&P::surfaceIntegrator, Block::Options}},
        {"Imager", {&P::imager, Block::Options}},
        {"Identity", {&P::transformStatement, Block::Anywhere}},
        {"Transform", {&P::transformStatement, Block::Anywhere}},
        {"ConcatTransform", {&P::transformStatement, Block::Anywhere}},
        {"Translate", {&P::transformStatement, Block::Anywhere}},
        {"Rotate", {&P::transformStatement, Block::Anywhere}},
        {"Scale", {&P::transformStatement, Block::Anywhere}},
        {"LookAt", {&P::transformStatement, Block::Anywhere}},
        {"CoordinateSystem", {&P::coordinateSystem, Block::Anywhere}},
        {"CoordSysTransform", {&P::coordSysTransform, Block::Anywhere}},
        {"TransformBegin", {&P::transformBegin, Block::Anywhere}},
        {"TransformEnd", {&P::transformEnd, Block::Anywhere}},
        {"Declare", {&P::declare, Block::Anywhere}},
        {"version", {&P::version, Block::Options}},
        {"FrameBegin", {&P::frameBegin, Block::Options}},
        {"FrameEnd", {&P::frameEnd, Block::Options}},
        {"WorldBegin", {&P::worldBegin, Block::Options}},
        {"WorldEnd", {&P::worldEnd, Block::World}},
        {"AttributeBegin", {&P::attributeBegin, Block::World}},
        {"AttributeEnd", {&P::attributeEnd, Block::World}},
        {"Attribute", {&P::attribute, Block::World}},
        {"Color", {&P::color, Block::World}},
        {"Opacity", {&P::opacity, Block::World}},
        {"Surface", {&P::surface, Block::World}},
        {"Texture", {&P::texture, Block::World}},
        {"MakeNamedSurface", {&P::makeNamedSurface, Block::World}},
        {"NamedSurface", {&P::namedSurface, Block::World}},
        {"LightSource", {&P::lightSource, Block::World}},
        {"AreaLightSource", {&P::areaLightSource, Block::World}},
        {"Illuminate", {&P::illuminate, Block::World}},
        {"Sides", {&P::sides, Block::World}},
        {"ReverseOrientation", {&P::reverseOrientation, Block::World}},
        {"Shape", {&P::shape, Block::World}},
        {"ObjectBegin", {&P::objectBegin, Block::World}},
        {"ObjectEnd", {&P::objectEnd, Block::World}},
        {"ObjectInstance", {&P::objectInstance, Block::World}},
        {"VertexProgram", {&P::vertexProgram, Block::World}},
    };
    return table;
}

std::vector<std::string_view> SceneParser::statementNames() const {
    std::vector<std::string_view> names = {"Include"};
    for (const auto& [name, entry] : handlers())
        names.push_back(name);
    for (const ShapeSyntax* shape : vocabulary_.shapes)
        if (!shape->statement.empty())
            names.push_back(shape->statement);
    return names;
}

// Errors are collected rather than thrown at once, so that one run reports every independent error
// (a statement that fails is skipped, and the parser goes on); text that is no scene at all stops
// after kMaxSceneErrors. The end-of-scene checks run only on an otherwise clean scene: after an
// error they mostly repeat it (a misspelt WorldEnd is also a missing one).
void SceneParser::checkParameters(const ParameterList& list, ParameterTable table, std::string what,
                                  const SourceLocation& where) {
    for (Diagnostic& diagnostic : parameterProblems(list, table, std::move(what), where))
        parameterProblems_.push_back({readerErrors_, std::move(diagnostic)});
}

std::vector<FrameDescription> SceneParser::parse(StatementReader& reader) {
    while (reader.errors().size() < kMaxSceneErrors) {
        const auto statement = reader.next();
        if (!statement)
            break;
        readerErrors_ = reader.errors().size();
        try {
            dispatch(*statement, reader);
        } catch (const SceneError& e) {
            reader.report(e);
        }
    }
    if (!reader.errors().empty()) {
        // The parameter problems go in among the others, in reading order.
        std::vector<Diagnostic> errors;
        std::size_t next = 0;
        for (std::size_t i = 0; i <= reader.errors().size(); ++i) {
            for (; next < parameterProblems_.size() && parameterProblems_[next].after == i; ++next)
                errors.push_back(parameterProblems_[next].diagnostic);
            if (i < reader.errors().size())
                errors.push_back(reader.errors()[i]);
        }
        if (errors.size() >= kMaxSceneErrors)
            errors.emplace_back(slvm::Severity::Note, SourceLocation{},
                                fmt::format("stopped after {} errors", kMaxSceneErrors));
        throw SceneError(std::move(errors));
    }
    if (inWorld_)
        throw SceneError(lastWhere_, "missing WorldEnd at the end of the scene");
    if (frameOpen_)
        throw SceneError(lastWhere_, "missing FrameEnd at the end of the scene");
    if (frames_.empty())
        throw SceneError({fileName_, 1, 1},
                         "the scene has no WorldBegin ... WorldEnd block: nothing to render");
    for (FrameDescription& frame : frames_)
        frame.sources = reader.sources();
    return std::move(frames_);
}

void SceneParser::dispatch(const Statement& s, StatementReader& reader) {
    lastWhere_ = s.where;
    if (s.name == "Include") {
        s.expectCount(1);
        const std::filesystem::path path = s.directory / s.stringAt(0);
        reader.push(readSceneFile(path, s.items[0].where, "included file"), path.string(),
                    path.parent_path(), s.where);
        return;
    }
    // The shapes RIB names by statement (Sphere, PointsPolygons...) come from the vocabulary.
    const auto it = handlers().find(s.name);
    const ShapeSyntax* shapeEntry =
        it == handlers().end() ? vocabulary_.shapeStatement(s.name) : nullptr;
    if (it == handlers().end() && !shapeEntry)
        throw SceneError(s.where, fmt::format("unknown statement '{}'{}", s.name,
                                              slvm::didYouMean(s.name, statementNames())));
    const Block block = shapeEntry ? Block::World : it->second.block;
    if (block == Block::World && !inWorld_) {
        // Once per stretch outside the world: the statements after the first misplaced one are
        // misplaced for the same reason (a missing or misspelt WorldBegin).
        if (std::exchange(misplacedInWorldReported_, true))
            return;
        throw SceneError(s.where,
                         fmt::format("{} belongs between WorldBegin and WorldEnd", s.name));
    }
    if (block == Block::Options && inWorld_)
        throw SceneError(s.where, fmt::format("{} must come before WorldBegin", s.name));
    if (shapeEntry)
        shapeStatement(s, *shapeEntry);
    else
        (this->*it->second.handler)(s);
}

// ---- transforms ---------------------------------------------------------------------------------

void SceneParser::transformStatement(const Statement& s) {
    std::vector<double> n;
    if (transformStatementNumbers(s.name) == 0)
        s.expectCount(0);
    else
        n = s.exactArguments(argumentsOf(s.name));
    setTransform(s, afterTransformStatement(s, n, state_.transform()));
}

void SceneParser::setTransform(const Statement& s, const Transform& t) {
    state_.transform() = t;
    if (!inWorld_)
        shapesCamera(s, true);
}

// One entry per role: each option statement is its own, every transform statement shares one.
void SceneParser::shapesCamera(const Statement& s, bool isTransform) {
    const std::string transformRole = "transform ";
    auto& shapedBy = options_.camera.shapedBy;
    std::erase_if(shapedBy, [&](const auto& entry) {
        return isTransform ? entry.first.starts_with(transformRole) : entry.first == s.name;
    });
    shapedBy.emplace_back(isTransform ? transformRole + s.name : s.name, s.where);
}

void SceneParser::coordinateSystem(const Statement& s) {
    s.expectCount(1);
    state_.nameCoordinateSystem(s.stringAt(0));
}
void SceneParser::coordSysTransform(const Statement& s) {
    s.expectCount(1);
    setTransform(s, state_.coordinateSystem(s.stringAt(0), s.items[0].where));
}
void SceneParser::transformBegin(const Statement& s) {
    s.expectCount(0);
    state_.pushTransform(s.where);
}
void SceneParser::transformEnd(const Statement& s) {
    s.expectCount(0);
    state_.popTransform(s.name, s.where);
}

void SceneParser::declare(const Statement& s) {
    s.expectCount(2);
    const std::string name = s.stringAt(0);
    const auto type = parseParameterType(s.stringAt(1));
    if (!type)
        throw SceneError(s.items[1].where,
                         fmt::format("unknown type '{}' in Declare", s.stringAt(1)));
    declarations_.declare(name, *type);
}

// RIB files begin with the version of the RenderMan Interface they were written for; lrt reads
// them whatever it says.
void SceneParser::version(const Statement& s) {
    std::size_t next = 0;
    s.numbersAt(0, 1, next);
    s.expectCount(1);
}

// ---- frames and world ---------------------------------------------------------------------------

void SceneParser::frameBegin(const Statement& s) {
    if (frameOpen_)
        throw SceneError(s.where, "FrameBegin inside a frame: missing FrameEnd");
    frameNumber_ = s.items.empty()
                       ? frameNumber_ + 1
                       : static_cast<int>(s.exactArguments(argumentsOf("FrameBegin"))[0]);
    frameOpen_ = true;
    savedOptions_ = options_;
    savedTransform_ = state_.transform();
}

void SceneParser::frameEnd(const Statement& s) {
    s.expectCount(0);
    if (!frameOpen_)
        throw SceneError(s.where, "FrameEnd without FrameBegin");
    frameOpen_ = false;
    options_ = savedOptions_;
    state_.transform() = savedTransform_;
}

void SceneParser::worldBegin(const Statement& s) {
    s.expectCount(0);
    state_.requireNoOpenBlock(s.name, s.where);
    inWorld_ = true;
    misplacedInWorldReported_ = false;
    options_.camera.worldToCamera = state_.transform();
    options_.camera.where = s.where;
    state_.beginWorld(options_.camera.worldToCamera);
    world_ = WorldDescription{};
    world_.background = background_;
    currentObject_.reset();
    objectIndex_.clear();
    lightHandles_.clear();
    textures_.clear();
    namedSurfaces_.clear();
    worldDirectory_ = s.directory;
}

void SceneParser::worldEnd(const Statement& s) {
    s.expectCount(0);
    if (currentObject_)
        throw SceneError(s.where,
                         fmt::format("WorldEnd inside ObjectBegin \"{}\": missing ObjectEnd",
                                     currentObject_->name));
    state_.requireNoOpenBlock(s.name, s.where, ": missing its End");
    inWorld_ = false;
    misplacedInWorldReported_ = false;
    state_.transform() = options_.camera.worldToCamera;
    FrameDescription frame;
    frame.number = frameNumber_;
    frame.numbered = frameOpen_;
    frame.options = options_;
    frame.world = std::move(world_);
    frame.sceneDirectory = worldDirectory_.string();
    frames_.push_back(std::move(frame));
    if (!frameOpen_)
        ++frameNumber_;
}

// ---- entry points -------------------------------------------------------------------------------

std::vector<FrameDescription> parseSceneString(const std::string& text, const std::string& fileName,
                                               const SceneVocabulary& vocabulary,
                                               const std::filesystem::path& directory) {
    StatementReader reader;
    reader.push(text, fileName, directory, {});
    return SceneParser(fileName, vocabulary).parse(reader);
}

std::vector<FrameDescription> parseSceneFile(const std::filesystem::path& path,
                                             const SceneVocabulary& vocabulary) {
    const std::string text = readSceneFile(path, {path.string(), 0, 0}, "scene file");
    return parseSceneString(text, path.string(), vocabulary,
                            path.parent_path().empty() ? "." : path.parent_path());
}

} // namespace lrt
