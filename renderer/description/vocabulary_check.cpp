// Checking a frame's entities against the vocabulary's names and tables.
#include "renderer/description/vocabulary_check.h"

#include "renderer/core/parameter_problems.h"
#include "renderer/core/scene_error.h"

#include <fmt/format.h>
#include <set>

namespace lrt {

namespace {

class FrameChecker {
public:
    explicit FrameChecker(const SceneVocabulary& vocabulary) : vocabulary_(vocabulary) {}

    void check(const FrameDescription& frame) {
        entity("SurfaceIntegrator", frame.options.integrator,
               vocabulary_.integratorWords().find(frame.options.integrator.name));
        entity("Projection", frame.options.camera.projection,
               vocabulary_.projectionWords().find(frame.options.camera.projection.name));
        for (const ShapeDescription& shape : frame.world.shapes)
            this->shape(shape);
        for (const ObjectDefinition& object : frame.world.objects)
            for (const ShapeDescription& shape : object.shapes)
                this->shape(shape);
        for (const LightDescription& light : frame.world.lights)
            this->light(light);
    }

    const std::vector<Diagnostic>& problems() const { return problems_; }

private:
    void parameters(const ParameterList& list, ParameterTable table, std::string what,
                    const SourceLocation& where) {
        const auto found = parameterProblems(list, table, std::move(what), where);
        problems_.insert(problems_.end(), found.begin(), found.end());
    }

    void entity(std::string_view statement, const SceneEntity& e, const EntitySyntax* syntax) {
        const std::string what = fmt::format("{} \"{}\"", statement, e.name);
        if (!syntax)
            problems_.emplace_back(slvm::Severity::Error, e.where, "unknown " + what);
        else
            parameters(e.parameters, syntax->parameters, what, e.where);
    }

    void shape(const ShapeDescription& d) {
        const ShapeSyntax* syntax = nullptr;
        for (const ShapeSyntax* s : vocabulary_.shapes)
            if (s->name == d.type)
                syntax = s;
        if (!syntax)
            problems_.emplace_back(slvm::Severity::Error, d.where,
                                   fmt::format("unknown shape '{}'", d.type));
        else
            parameters(d.parameters, syntax->parameters, shapeStatementName(*syntax), d.where);
        // Shapes share their attributes until a statement changes them: check each set once.
        if (d.attributes && checkedSurfaces_.insert(d.attributes.get()).second) {
            const SceneEntity& surface = d.attributes->surface;
            if (const EntitySyntax* material = vocabulary_.materialWords().find(surface.name))
                parameters(surface.parameters, material->parameters,
                           fmt::format("Surface \"{}\"", surface.name), surface.where);
        }
    }

    void light(const LightDescription& d) {
        const LightSyntax* syntax = vocabulary_.light(d.type, false);
        if (!syntax)
            syntax = vocabulary_.light(d.type, true);
        if (!syntax)
            problems_.emplace_back(slvm::Severity::Error, d.where,
                                   fmt::format("unknown light '{}'", d.type));
        else
            parameters(
                d.parameters, syntax->parameters,
                fmt::format("{} \"{}\"", syntax->area ? "AreaLightSource" : "LightSource", d.type),
                d.where);
    }

    const SceneVocabulary& vocabulary_;
    std::vector<Diagnostic> problems_;
    std::set<const SurfaceAttributes*> checkedSurfaces_;
};

} // namespace

void checkFrames(const std::vector<FrameDescription>& frames, const SceneVocabulary& vocabulary) {
    FrameChecker checker(vocabulary);
    for (const FrameDescription& frame : frames)
        checker.check(frame);
    if (!checker.problems().empty())
        throw SceneError(checker.problems());
}

} // namespace lrt
