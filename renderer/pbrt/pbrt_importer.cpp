// The importer's frame: statement dispatch, the graphics state (pbrt-v4's AttributeBegin saves
// transform, material, area light, orientation and Attribute defaults), transforms, object
// instancing, and the entry points.
#include "renderer/pbrt/pbrt_importer.h"

#include "renderer/core/parameter_table.h"
#include "renderer/parser/transform_statements.h"
#include "renderer/pbrt/pbrt_scene.h"
#include "slvm/common/suggestion.h"

#include <fmt/format.h>

namespace lrt::pbrt {

void addNumbers(lrt::ParameterList& list, const char* name, std::vector<double> numbers,
                const SourceLocation& where) {
    list.add({name, ParameterType::Unspecified, std::move(numbers), {}, where});
}
void addColor(lrt::ParameterList& list, const char* name, Color c, const SourceLocation& where) {
    list.add({name, ParameterType::Color, {c.r, c.g, c.b}, {}, where});
}
void addString(lrt::ParameterList& list, const char* name, std::string value,
               const SourceLocation& where) {
    list.add({name, ParameterType::String, {}, {std::move(value)}, where});
}

Importer::Importer(std::filesystem::path directory) : directory_(std::move(directory)) {
    // pbrt-v4's defaults where they differ from lrt's: a 1280 x 720 film, 16 samples per pixel,
    // a gaussian of radius 1.5 and a path tracer of depth 5.
    FilmDescription& film = options_.film;
    film.xResolution = 1280;
    film.yResolution = 720;
    film.xSamples = film.ySamples = 4;
    film.filter = {"gaussian", std::array<float, 2>{3.0f, 3.0f}, {}};
    options_.integrator = {"path", {}, {}};
    addNumbers(options_.integrator.parameters, "maxdepth", {5.0}, {});
    // pbrt-v4's default material: diffuse, of reflectance 0.5.
    auto diffuse = std::make_shared<ImportedMaterial>();
    addNumbers(diffuse->surface.parameters, "Kd", {1.0}, {});
    diffuse->color = Color{0.5f, 0.5f, 0.5f};
    stack_.attributes().material = diffuse;
    materials_.push_back(std::move(diffuse));
}

const std::map<std::string, Importer::HandlerEntry>& Importer::handlers() {
    using I = Importer;
    static const std::map<std::string, HandlerEntry> table = {
        {"Identity", {&I::transformStatement, Block::Anywhere}},
        {"Translate", {&I::transformStatement, Block::Anywhere}},
        {"Scale", {&I::transformStatement, Block::Anywhere}},
        {"Rotate", {&I::transformStatement, Block::Anywhere}},
        {"LookAt", {&I::transformStatement, Block::Anywhere}},
        {"Transform", {&I::transformStatement, Block::Anywhere}},
        {"ConcatTransform", {&I::transformStatement, Block::Anywhere}},
        {"CoordinateSystem", {&I::coordinateSystem, Block::Anywhere}},
        {"CoordSysTransform", {&I::coordSysTransform, Block::Anywhere}},
        {"TransformTimes", {&I::transformTimes, Block::Options}},
        {"ActiveTransform", {&I::activeTransform, Block::Anywhere}},
        {"ReverseOrientation", {&I::reverseOrientation, Block::Anywhere}},
        {"AttributeBegin", {&I::attributeBegin, Block::Anywhere}},
        {"AttributeEnd", {&I::attributeEnd, Block::Anywhere}},
        {"TransformBegin", {&I::attributeBegin, Block::Anywhere}},
        {"TransformEnd", {&I::attributeEnd, Block::Anywhere}},
        {"Attribute", {&I::attribute, Block::Anywhere}},
        {"Option", {&I::option, Block::Anywhere}},
        {"ColorSpace", {&I::colorSpace, Block::Anywhere}},
        {"Camera", {&I::camera, Block::Options}},
        {"Film", {&I::film, Block::Options}},
        {"Sampler", {&I::sampler, Block::Options}},
        {"Integrator", {&I::integrator, Block::Options}},
        {"PixelFilter", {&I::pixelFilter, Block::Options}},
        {"Accelerator", {&I::accelerator, Block::Options}},
        {"MakeNamedMedium", {&I::makeNamedMedium, Block::Anywhere}},
        {"MediumInterface", {&I::mediumInterface, Block::Anywhere}},
        {"WorldBegin", {&I::worldBegin, Block::Options}},
        {"WorldEnd", {&I::worldEnd, Block::World}},
        {"Shape", {&I::shape, Block::World}},
        {"LightSource", {&I::lightSource, Block::World}},
        {"AreaLightSource", {&I::areaLightSource, Block::World}},
        {"Material", {&I::material, Block::World}},
        {"MakeNamedMaterial", {&I::makeNamedMaterial, Block::World}},
        {"NamedMaterial", {&I::namedMaterial, Block::World}},
        {"Texture", {&I::texture, Block::World}},
        {"ObjectBegin", {&I::objectBegin, Block::World}},
        {"ObjectEnd", {&I::objectEnd, Block::World}},
        {"ObjectInstance", {&I::objectInstance, Block::World}},
    };
    return table;
}

// Errors are collected as in the .lrt parser: a statement that fails is skipped and reading goes
// on, so one run reports every independent error.
FrameDescription Importer::import(StatementReader& reader) {
    SourceLocation last;
    while (reader.errors().size() < kMaxSceneErrors) {
        const auto statement = reader.next();
        if (!statement)
            break;
        last = statement->where;
        try {
            dispatch(*statement, reader);
        } catch (const SceneError& e) {
            reader.report(e);
        }
    }
    if (reader.errors().empty() && !sawWorldBegin_)
        reader.report(SceneError(last, "the scene has no WorldBegin: nothing to render"));
    if (reader.errors().empty() && currentObject_)
        reader.report(
            SceneError(currentObject_->where,
                       fmt::format("ObjectBegin \"{}\" has no ObjectEnd", currentObject_->name)));
    if (!reader.errors().empty())
        throw SceneError(reader.errors());
    FrameDescription frame;
    frame.number = 1;
    frame.options = options_;
    frame.options.film.gain *= exposureTime_ * filmIso_.value_or(100.0f) / 100.0f;
    frame.world = std::move(world_);
    frame.sceneDirectory = directory_.string();
    frame.sources = reader.sources();
    frame.warnings = std::move(warnings_);
    return frame;
}

void Importer::dispatch(const Statement& s, StatementReader& reader) {
    if (s.name == "Include" || s.name == "Import") {
        s.expectCount(1);
        const std::filesystem::path path = resolve(s.stringAt(0));
        reader.push(readSceneFile(path, s.items[0].where,
                                  s.name == "Include" ? "included file" : "imported file"),
                    path.string(), path.parent_path(), s.where);
        return;
    }
    const auto it = handlers().find(s.name);
    if (it == handlers().end()) {
        std::vector<std::string_view> names{"Include", "Import"};
        for (const auto& [name, entry] : handlers())
            names.push_back(name);
        throw SceneError(s.where, fmt::format("unknown pbrt-v4 statement '{}'{}", s.name,
                                              slvm::didYouMean(s.name, names)));
    }
    if (it->second.block == Block::World && !inWorld_)
        throw SceneError(s.where, fmt::format("{} belongs after WorldBegin", s.name));
    if (it->second.block == Block::Options && inWorld_)
        throw SceneError(s.where, fmt::format("{} must come before WorldBegin", s.name));
    (this->*it->second.handler)(s);
}

void Importer::warn(const SourceLocation& where, std::string message) {
    warnings_.emplace_back(slvm::Severity::Warning, where, std::move(message));
}

ParameterList Importer::parameters(const Statement& s, std::size_t first,
                                   const std::string& category) const {
    ParameterList p = ParameterList::read(s, first);
    if (const auto it = stack_.attributes().defaults.find(category);
        it != stack_.attributes().defaults.end())
        p.addDefaults(it->second);
    return p;
}

void Importer::reportUnused(const ParameterList& p, const std::string& what) {
    for (const Parameter* unused : p.unused())
        warn(unused->where, fmt::format("{}: parameter \"{} {}\" is not used by lrt", what,
                                        unused->type, unused->name));
}

std::optional<Color> Importer::rgb(const ParameterList& p, const std::string& name,
                                   SpectrumUse use) {
    const Parameter* parameter = p.find(name);
    if (!parameter)
        return std::nullopt;
    RgbValue value = rgbOf(*parameter, use);
    if (!value.approximation.empty())
        warn(parameter->where, value.approximation);
    return value.rgb;
}

// ---- transforms ---------------------------------------------------------------------------------

namespace {
std::vector<double> numbers(const Statement& s, std::size_t count) {
    std::size_t next = 0;
    auto n = s.numbersAt(0, count, next);
    if (next != s.items.size())
        throw SceneError(
            s.items[next].where,
            fmt::format("{} takes {} numbers; unexpected extra argument", s.name, count));
    return n;
}
} // namespace

void Importer::transformStatement(const Statement& s) {
    std::vector<double> n;
    if (transformStatementNumbers(s.name) == 0)
        s.expectCount(0);
    else
        n = numbers(s, transformStatementNumbers(s.name));
    setTransform(s, afterTransformStatement(s, n, stack_.transform()));
}

void Importer::setTransform(const Statement&, const Transform& t) {
    if (!ignoringTransforms_)
        stack_.transform() = t;
}

void Importer::coordinateSystem(const Statement& s) {
    s.expectCount(1);
    stack_.nameCoordinateSystem(s.stringAt(0), stack_.transform());
}
void Importer::coordSysTransform(const Statement& s) {
    s.expectCount(1);
    setTransform(s, stack_.coordinateSystem(s.stringAt(0), s.items[0].where));
}
void Importer::transformTimes(const Statement& s) {
    numbers(s, 2);
}
void Importer::activeTransform(const Statement& s) {
    s.expectCount(1);
    const std::string which = s.stringAt(0);
    expectChoice(which, {"All", "StartTime", "EndTime"}, "ActiveTransform", s.items[0].where);
    ignoringTransforms_ = which == "EndTime";
    if (ignoringTransforms_ && !std::exchange(motionWarned_, true))
        warn(s.where, "lrt has no motion blur: everything stays at its start transform");
}
void Importer::reverseOrientation(const Statement& s) {
    s.expectCount(0);
    stack_.attributes().reverseOrientation = !stack_.attributes().reverseOrientation;
}

// ---- blocks -------------------------------------------------------------------------------------

void Importer::attributeBegin(const Statement& s) {
    s.expectCount(0);
    stack_.push(s.name, s.where, s.name == "AttributeBegin");
}

void Importer::attributeEnd(const Statement& s) {
    s.expectCount(0);
    const std::string begin = s.name == "AttributeEnd" ? "AttributeBegin" : "TransformBegin";
    stack_.pop(s.name, begin, s.where);
}

void Importer::attribute(const Statement& s) {
    const std::string category = s.stringAt(0);
    expectChoice(category, {"shape", "light", "material", "medium", "texture"},
                 "Attribute category", s.items[0].where);
    ParameterList given = ParameterList::read(s, 1);
    ParameterList& defaults = stack_.attributes().defaults[category];
    given.addDefaults(defaults);
    defaults = std::move(given);
}

void Importer::worldBegin(const Statement& s) {
    s.expectCount(0);
    stack_.requireNoOpenBlock(s.name, s.where);
    inWorld_ = sawWorldBegin_ = true;
    if (options_.camera.where.line == 0) { // no Camera statement: pbrt-v4's default camera
        options_.camera.worldToCamera = stack_.transform();
        options_.camera.projection = {"perspective", {}, s.where};
        options_.camera.where = s.where;
    }
    options_.camera.shapedBy.emplace_back("WorldBegin", s.where);
    stack_.transform() = Transform();
    stack_.nameCoordinateSystem("world", Transform());
}

void Importer::worldEnd(const Statement& s) {
    s.expectCount(0); // pbrt-v3's end of the scene; pbrt-v4 ends at the end of the file
}

void Importer::objectBegin(const Statement& s) {
    s.expectCount(1);
    if (currentObject_)
        throw SceneError(
            s.where, fmt::format("ObjectBegin inside ObjectBegin \"{}\"", currentObject_->name));
    stack_.push("ObjectBegin", s.where, true);
    currentObject_ = ObjectDefinition{s.stringAt(0), {}, s.where};
}

void Importer::objectEnd(const Statement& s) {
    s.expectCount(0);
    if (!currentObject_)
        throw SceneError(s.where, "ObjectEnd without ObjectBegin");
    stack_.pop(s.name, "ObjectBegin", s.where);
    if (objectIndex_.contains(currentObject_->name))
        throw SceneError(s.where,
                         fmt::format("object \"{}\" is defined twice", currentObject_->name));
    objectIndex_[currentObject_->name] = static_cast<int>(world_.objects.size());
    world_.objects.push_back(std::move(*currentObject_));
    currentObject_.reset();
}

void Importer::objectInstance(const Statement& s) {
    s.expectCount(1);
    const std::string name = s.stringAt(0);
    if (currentObject_)
        throw SceneError(s.where, "ObjectInstance inside an object definition");
    const auto it = objectIndex_.find(name);
    if (it == objectIndex_.end())
        throw SceneError(s.items[0].where, fmt::format("unknown object \"{}\"", name));
    // pbrt-v4's object shapes keep the full transform they were declared under; the instance's
    // transform goes on top of it.
    world_.instances.push_back({it->second, stack_.transform(), s.where});
}

} // namespace lrt::pbrt

namespace lrt {

std::vector<FrameDescription> parsePbrtString(const std::string& text, const std::string& fileName,
                                              const std::filesystem::path& directory) {
    StatementReader reader({"true", "false", "All", "StartTime", "EndTime"});
    reader.push(text, fileName, directory, {});
    std::vector<FrameDescription> frames;
    frames.push_back(pbrt::Importer(directory).import(reader));
    return frames;
}

std::vector<FrameDescription> parsePbrtFile(const std::filesystem::path& path) {
    const std::string text = readSceneFile(path, {path.string(), 0, 0}, "scene file");
    return parsePbrtString(text, path.string(),
                           path.parent_path().empty() ? "." : path.parent_path());
}

} // namespace lrt
