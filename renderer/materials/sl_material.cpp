// The renderer's side of the SL VM: register set-up and the host (trace, lookup, rnd, turb).
#include "renderer/materials/sl_material.h"

#include "compiler/driver/program_loader.h"
#include "renderer/core/scene_error.h"
#include "slvm/common/suggestion.h"
#include "slvm/sl/noise.h"
#include "slvm/sl/trace.h"
#include "slvm/sl/vm.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <numbers>

namespace lrt {

namespace sl = slvm::sl;

namespace {

// The Surface parameters of every SL shader: each sets the register of the same name (S for
// roughness, I for eta, C1 for specularcolor), or binds a texture unit.
//   name            value    default          domain      meaning
using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"Kd", Float, 0.5f, {}, "register Kd"},
    {"Ks", Float, 0.5f, {}, "register Ks"},
    {"Ka", Float, 0.0f, {}, "register Ka"},
    {"Kr", Float, 0.0f, {}, "register Kr"},
    {"Kt", Float, 0.0f, {}, "register Kt"},
    {"roughness", Float, {}, kReal.above(0), "sets S = 8 / roughness (else S is 80)"},
    {"eta", Float, 1.0f, kReal.above(0), "index of refraction: I is 1 / eta entering"},
    {"specularcolor", Rgb, Color{0, 0, 0}, {}, "register C1"},
    {"r0", Point, Vec3{0, 0, 0}, {}, "register r0"},
    {"r1", Point, Vec3{0, 0, 0}, {}, "register r1"},
    {"r2", Point, Vec3{0, 0, 0}, {}, "register r2"},
    {"r3", Point, Vec3{0, 0, 0}, {}, "register r3"},
    {"s0", Float, 0.0f, {}, "register s0"},
    {"s1", Float, 0.0f, {}, "register s1"},
    {"s2", Float, 0.0f, {}, "register s2"},
    {"s3", Float, 0.0f, {}, "register s3"},
    {"t0", Texture, {}, {}, "texture unit t0: an image file or a colour"},
    {"t1", Texture, {}, {}, "texture unit t1"},
    {"t2", Texture, {}, {}, "texture unit t2"},
    {"t3", Texture, {}, {}, "texture unit t3"},
    {"t4", Texture, {}, {}, "texture unit t4"},
    {"t5", Texture, {}, {}, "texture unit t5"},
    {"t6", Texture, {}, {}, "texture unit t6"},
    {"t7", Texture, {}, {}, "texture unit t7"},
};

// The file of the shader named context.name, with a message that says where it was looked for
// when there is none.
std::filesystem::path findShader(const MaterialContext& context) {
    const std::string name(context.name);
    if (const auto path = context.shaders.find(name))
        return *path;
    std::string folders, builtIns;
    // Every name the scene could have meant: the built-ins and the shaders on the path.
    std::vector<std::string> known;
    // A folder that is not there is named as missing: most often an incomplete installation.
    const std::vector<std::string_view> extensions = ShaderLibrary::extensions();
    for (const auto& folder : context.shaders.searchPath()) {
        std::error_code ec;
        folders += (folders.empty() ? "" : ", ") + folder.string() +
                   (std::filesystem::is_directory(folder, ec) ? "" : " (missing)");
        for (const auto& file : std::filesystem::directory_iterator(folder, ec))
            if (std::ranges::find(extensions, file.path().extension().string()) != extensions.end())
                known.push_back(file.path().stem().string());
    }
    for (const MaterialEntry* entry : materialRegistry()) {
        builtIns += (builtIns.empty() ? "" : ", ") + std::string(entry->name);
        known.emplace_back(entry->name);
    }
    std::sort(known.begin(), known.end()); // directory order is the file system's
    known.erase(std::unique(known.begin(), known.end()), known.end());
    const std::vector<std::string_view> names(known.begin(), known.end());
    std::vector<std::string> files;
    for (const std::string_view extension : extensions)
        files.push_back(name + std::string(extension));
    const std::string last = files.back();
    files.pop_back();
    throw SceneError(context.where,
                     fmt::format("unknown surface '{}': not a built-in ({}) and no {} or {} in the "
                                 "shader search path ({}){}",
                                 name, builtIns, fmt::join(files, ", "), last, folders,
                                 slvm::didYouMean(name, names)));
}

// The Surface parameters of a Cg shader that are not SL's own are its uniforms' values: the
// parameters for SL registers r0-r3 and s0-s3 make no sense there (the compiler owns them).
std::map<std::string, std::vector<float>> splitUniforms(const ParameterList& list,
                                                        ParameterList& slPart) {
    std::map<std::string, std::vector<float>> uniforms;
    for (const Parameter& parameter : list.all()) {
        const bool isSl =
            std::any_of(std::begin(kParameters), std::end(kParameters),
                        [&](const ParameterSpec& spec) { return spec.name == parameter.name; });
        if (isSl && parameter.name.size() == 2 &&
            (parameter.name[0] == 'r' || parameter.name[0] == 's'))
            throw SceneError(
                parameter.where,
                fmt::format("'{}' sets an SL register, which a Cg shader does not read: give "
                            "its uniforms values by name (\"float name\" [value])",
                            parameter.name));
        if (isSl) {
            slPart.add(parameter);
            continue;
        }
        if (parameter.numbers.empty() || parameter.numbers.size() > 16)
            throw SceneError(
                parameter.where,
                fmt::format("'{}' is not an SL parameter, so it sets the shader's uniform of that "
                            "name, which takes 1 to 16 numbers",
                            parameter.name));
        std::vector<float>& values = uniforms[parameter.name];
        for (const double number : parameter.numbers)
            values.push_back(static_cast<float>(number));
    }
    return uniforms;
}

// The shader's program: an SL file loaded once, or a Cg (for these uniforms) or T-Language file
// compiled.
std::shared_ptr<const sl::VerifiedProgram>
loadProgram(const std::filesystem::path& path,
            const std::map<std::string, std::vector<float>>& uniforms, MaterialContext& context) {
    try {
        return context.shaders.load(path, uniforms);
    } catch (const slvm::ProgramError& e) {
        const compiler::ProgramFormat* format = compiler::programFormatOf(path);
        throw SceneError(context.where,
                         fmt::format("shader '{}' ({}) does not {}:\n{}", context.name,
                                     path.string(), format && format->isSource ? "compile" : "load",
                                     e.what()),
                         e.diagnostics());
    }
}

// The registers the Surface statement sets.
sl::RegisterFile initialRegisters(const Parameters& p) {
    sl::RegisterFile r = sl::RegisterFile::withDefaults();
    r.scalar(sl::reg::Kd) = p.getFloat("Kd");
    r.scalar(sl::reg::Ks) = p.getFloat("Ks");
    r.scalar(sl::reg::Ka) = p.getFloat("Ka");
    r.scalar(sl::reg::Kr) = p.getFloat("Kr");
    r.scalar(sl::reg::Kt) = p.getFloat("Kt");
    if (p.has("roughness"))
        r.scalar(sl::reg::S) = 8.0f / p.getFloat("roughness");
    const Color specular = p.getColor("specularcolor");
    r.vector(sl::reg::C1) = {specular.r, specular.g, specular.b, 1.0f};
    for (int i = 0; i < 4; ++i) {
        const Vec3 v = p.getPoint(fmt::format("r{}", i));
        r.vector(sl::reg::r0 + i) = {v.x, v.y, v.z, 0.0f};
        r.scalar(sl::reg::s0 + i) = p.getFloat(fmt::format("s{}", i));
    }
    return r;
}

// Texture units bound to colours or image files (opened in the scene's texture system).
void bindTextures(const Parameters& p, MaterialContext& context, SlSurfaceSettings& settings) {
    for (int unit = 0; unit < sl::kTextureUnitCount; ++unit) {
        const std::string name = fmt::format("t{}", unit);
        const auto binding = p.getTexture(name);
        if (!binding)
            continue;
        auto& bound = settings.textures[static_cast<std::size_t>(unit)];
        if (const auto* colour = std::get_if<Color>(&*binding)) {
            bound = *colour;
            continue;
        }
        if (!context.textures)
            context.textures = std::make_unique<TextureSystem>();
        try {
            bound = context.textures->open(context.directory / std::get<std::string>(*binding));
        } catch (const std::exception& e) {
            throw SceneError(p.where(name), e.what());
        }
    }
    settings.textureSystem = context.textures.get();
}

void setVector(sl::RegisterFile& r, int index, Vec3 v, float w = 0.0f) {
    r.vector(index) = {v.x, v.y, v.z, w};
}

Color sampleBinding(const TextureBinding& binding, const TextureSystem* system, float s, float t,
                    const ShadingPoint& p) {
    if (const auto* colour = std::get_if<Color>(&binding))
        return *colour;
    if (const auto* texture = std::get_if<TextureSystem::Texture>(&binding)) {
        const auto rgb = system->sample(*texture, s, t, p.dsdx, p.dtdx, p.dsdy, p.dtdy);
        return {rgb[0], rgb[1], rgb[2]};
    }
    return {};
}

// One invocation's view of the renderer.
class RendererHost final : public sl::Host {
public:
    RendererHost(const ShadingPoint& point, const SlSurfaceSettings& settings)
        : point_(point), settings_(settings) {}

    sl::Float3 trace(const sl::Float3& origin, const sl::Float3& direction) override {
        const Vec3 d =
            normalize(point_.objectToWorld->vector({direction[0], direction[1], direction[2]}));
        if (!point_.context || lengthSquared(d) == 0 ||
            point_.context->depth() >= settings_.traceDepth)
            return {0, 0, 0};
        // Start just off the surface when the ray starts at it, on the side it leaves towards.
        const Vec3 o = offsetOrigin({origin[0], origin[1], origin[2]}, point_.normal, d);
        const Color c = point_.context->trace({o, d});
        return {c.r, c.g, c.b};
    }
    sl::Float3 lookup(int unit, float s, float t) override {
        const Color c = sampleBinding(settings_.textures[static_cast<std::size_t>(unit)],
                                      settings_.textureSystem, s, t, point_);
        return {c.r, c.g, c.b};
    }
    float random() override { return point_.context ? point_.context->random() : 0.5f; }
    float turbulence(float x) override { return sl::turbulence(x, 0, 0); }
    float turbulence(const sl::Float3& p) override { return sl::turbulence(p[0], p[1], p[2]); }

private:
    const ShadingPoint& point_;
    const SlSurfaceSettings& settings_;
};

} // namespace

sl::RegisterFile SlMaterial::registersAt(const ShadingPoint& point, Vec3 wi, Color E) const {
    sl::RegisterFile r = settings_.initial;
    const Transform toObject = point.objectToWorld->inverse();
    const LocalGeometry& g = *point.local;
    r.vector(sl::reg::C0) = {point.color.r, point.color.g, point.color.b, 1.0f};
    setVector(r, sl::reg::L, normalize(toObject.vector(wi)));
    setVector(r, sl::reg::V, normalize(toObject.vector(point.wo)));
    setVector(r, sl::reg::Pw, point.p, 1.0f);
    setVector(r, sl::reg::P, g.p, 1.0f);
    setVector(r, sl::reg::ds, g.dpds);
    setVector(r, sl::reg::dt, g.dpdt);
    setVector(r, sl::reg::du, g.dpdu);
    setVector(r, sl::reg::dv, g.dpdv);
    r.vector(sl::reg::uv) = {g.uv.x, g.uv.y, 0, 0};
    // N is the object-space shading normal on the viewer's side, as the built-ins shade.
    const bool flip = dot(point.objectToWorld->normal(g.shadingNormal), point.shadingNormal) < 0;
    setVector(r, sl::reg::N, flip ? -g.shadingNormal : g.shadingNormal);
    const Color dE = E / std::numbers::pi_v<float>;
    r.vector(sl::reg::dE) = {dE.r, dE.g, dE.b, 0};
    for (int unit = 0; unit < 8; ++unit) {
        const TextureBinding& binding = settings_.textures[static_cast<std::size_t>(unit)];
        if (std::holds_alternative<std::monostate>(binding))
            continue;
        const Color c = sampleBinding(binding, settings_.textureSystem, g.st.x, g.st.y, point);
        r.vector(sl::reg::t0 + unit) = {c.r, c.g, c.b, 1.0f};
    }
    r.scalar(sl::reg::I) = point.entering ? 1.0f / settings_.eta : settings_.eta;
    return r;
}

bool SlMaterial::usesTextureFootprint() const {
    return std::any_of(settings_.textures.begin(), settings_.textures.end(), [](const auto& bound) {
        return std::holds_alternative<TextureSystem::Texture>(bound);
    });
}

sl::ExecutionResult SlMaterial::recordedRun(ProgramRecorder& recorder, sl::RegisterFile& registers,
                                            sl::Host& host) const {
    ProgramRun run;
    run.program = settings_.program.get();
    run.light = recorder.light();
    run.inputs = registers;
    const sl::ExecutionResult result =
        sl::executeTraced(*settings_.program, registers, host, settings_.budget, run.steps,
                          ProgramRecorder::kMaxSteps);
    run.result = result;
    run.outputs = registers;
    recorder.add(std::move(run));
    return result;
}

Color SlMaterial::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    sl::RegisterFile registers = registersAt(point, wi, E);
    RendererHost host(point, settings_);
    ProgramRecorder* const recorder = point.context ? point.context->recorder() : nullptr;
    const sl::ExecutionResult result =
        recorder ? recordedRun(*recorder, registers, host)
                 : settings_.executor->execute(registers, host, settings_.budget);
    if (result.status == sl::ExecutionStatus::Budget) {
        ++budgetExhausted_;
        return Color(std::nanf(""));
    }
    const sl::Float4& v0 = registers.vector(sl::reg::v0);
    const Color c{v0[0], v0[1], v0[2]};
    if (!c.isFinite())
        ++nonFinite_;
    return c;
}

Color SlMaterial::albedo(const ShadingPoint& point) const {
    ShadingPoint alone = point;
    alone.context = nullptr; // trace returns black, rnd 0.5, and nothing is recorded
    sl::RegisterFile registers =
        registersAt(alone, point.shadingNormal, Color(std::numbers::pi_v<float>));
    RendererHost host(alone, settings_);
    const sl::ExecutionResult result =
        settings_.executor->execute(registers, host, settings_.budget);
    const sl::Float4& v0 = registers.vector(sl::reg::v0);
    const Color c{v0[0], v0[1], v0[2]};
    return result.status == sl::ExecutionStatus::Budget || !c.isFinite() ? point.color : c;
}

ParameterTable SlMaterial::parameterTable() {
    return kParameters;
}

std::unique_ptr<Material> SlMaterial::create(const ParameterList& list, const std::string& what,
                                             MaterialContext& context) {
    const std::filesystem::path path = findShader(context);
    ParameterList slPart;
    const compiler::ProgramFormat* format = compiler::programFormatOf(path);
    const bool hasUniforms = format && format->hasUniforms;
    const auto uniforms =
        hasUniforms ? splitUniforms(list, slPart) : std::map<std::string, std::vector<float>>{};
    const Parameters p(hasUniforms ? slPart : list, parameterTable(), what, context.where);
    SlSurfaceSettings settings;
    settings.name = std::string(context.name);
    settings.where = Diagnostic::Location{std::string(context.where.file), context.where.line,
                                          context.where.column};
    settings.program = loadProgram(path, uniforms, context);
    settings.executor = context.shaders.executor(settings.program);
    settings.budget = context.shaderOptions.budget;
    settings.traceDepth = context.shaderOptions.traceDepth;
    settings.initial = initialRegisters(p);
    settings.eta = p.getFloat("eta");
    bindTextures(p, context, settings);
    return std::make_unique<SlMaterial>(std::move(settings));
}

std::vector<slvm::Diagnostic> SlMaterial::warnings() const {
    std::vector<slvm::Diagnostic> out;
    const auto warn = [&](std::string message) {
        slvm::Diagnostic d;
        d.severity = slvm::Severity::Warning;
        d.where = settings_.where;
        d.message = std::move(message);
        out.push_back(std::move(d));
    };
    if (const std::uint64_t n = budgetExhausted_.load())
        warn(fmt::format("shader '{}' ran out of its instruction budget ({}) in {} invocations; "
                         "their samples were dropped",
                         settings_.name, settings_.budget, n));
    if (const std::uint64_t n = nonFinite_.load())
        warn(fmt::format("shader '{}' returned non-finite colours in {} invocations; their "
                         "samples were dropped",
                         settings_.name, n));
    return out;
}

} // namespace lrt
