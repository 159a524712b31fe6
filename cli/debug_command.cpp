// `lrt debug`: one sample of one pixel traced again, printed as JSON: the pixel at 1 spp, the
// sample's radiance, the camera ray's first hit, and each run of the hit's SL program with its
// inputs and its instruction-by-instruction trace, each instruction with the source line a
// compiler made it from.
#include "cli/debug_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/install_layout.h"
#include "cli/json_number.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/import/scene_file.h"
#include "renderer/render/parallelism.h"
#include "renderer/render/pixel_debugger.h"
#include "slvm/sl/disassembler.h"
#include "slvm/sl/registers.h"

#include <fmt/format.h>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

namespace lrt::cli {

namespace sl = slvm::sl;

namespace {

struct DebugFlags {
    std::string scene;
    std::string pixel;
    int sample = 0;
    std::uint64_t seed = 0;
    std::optional<int> samplesPerPixel;
    std::string integrator;
};

// A JSON string (bytes that are not UTF-8 replaced, as a file name may hold them).
std::string jsonString(std::string_view text) {
    return nlohmann::json(std::string(text))
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string jsonVector(Vec3 v) {
    return jsonNumbers({v.x, v.y, v.z});
}
std::string jsonColor(Color c) {
    return jsonNumbers({c.r, c.g, c.b});
}

std::string hitJson(const PixelDebug& d) {
    if (!d.hit)
        return "null";
    const Intersection& h = *d.hit;
    return fmt::format("{{\"distance\": {}, \"position\": {}, \"normal\": {}, \"shadingNormal\": "
                       "{}, \"uv\": {}, \"st\": {}, \"shape\": {}, \"surface\": {}}}",
                       jsonNumber(h.t), jsonVector(h.p), jsonVector(h.normal),
                       jsonVector(h.shadingNormal), jsonNumbers({h.local.uv.x, h.local.uv.y}),
                       jsonNumbers({h.local.st.x, h.local.st.y}), jsonString(h.primitive->origin),
                       jsonString(h.primitive->surface));
}

// The hit triangle's vertices through their mesh's vertex program: the conventional attributes
// the stage sets, and the results the program writes; null when no vertex program deformed it.
std::string vertexProgramJson(const PixelDebug& d) {
    namespace vp2 = slvm::vp2;
    if (d.vertices.empty())
        return "null";
    std::string vertices;
    for (const VertexRun& run : d.vertices) {
        std::string inputs;
        for (const auto& [name, a] : {std::pair{"OPOS", vp2::Attribute::OPOS},
                                      {"NRML", vp2::Attribute::NRML},
                                      {"COL0", vp2::Attribute::COL0},
                                      {"TEX0", vp2::Attribute::TEX0}})
            inputs += fmt::format("{}\"{}\": {}", inputs.empty() ? "" : ", ", name,
                                  jsonNumbers(run.attributes[vp2::attributeIndex(a)]));
        std::string outputs;
        for (int r = 0; r < vp2::kResultCount; ++r)
            if (d.vertexProgramWrites[static_cast<std::size_t>(r)])
                outputs +=
                    fmt::format("{}\"{}\": {}", outputs.empty() ? "" : ", ", vp2::resultName(r),
                                jsonNumbers(run.results[static_cast<std::size_t>(r)]));
        vertices += fmt::format("{}{{\"vertex\": {}, \"status\": \"{}\", \"inputs\": {{{}}}, "
                                "\"outputs\": {{{}}}}}",
                                vertices.empty() ? "\n    " : ",\n    ", run.vertex,
                                vp2::statusName(run.result.status), inputs, outputs);
    }
    return fmt::format("{{\"program\": {}, \"vertices\": [{}]}}", jsonString(d.vertexProgram),
                       vertices);
}

// A Shape "sdf" hit's sphere tracing: [{"t": t, "distance": d}, ...]; null for other hits.
std::string marchJson(const PixelDebug& d) {
    if (!d.march)
        return "null";
    std::string out;
    for (const SdfShape::MarchStep& step : *d.march)
        out += fmt::format("{}{{\"t\": {}, \"distance\": {}}}", out.empty() ? "" : ", ",
                           jsonNumber(step.t), jsonNumber(step.distance));
    return "[" + out + "]";
}

std::string stepJson(const sl::VerifiedProgram& program, const sl::TraceStep& step) {
    std::string out = fmt::format("{{\"pc\": {}, \"instruction\": {}, \"value\": {}, \"next\": {}",
                                  step.pc, jsonString(sl::disassembleInstruction(program, step.pc)),
                                  jsonNumbers(step.value), step.next);
    const auto& sources = program.program().sources;
    if (step.pc < sources.size() && sources[step.pc].line > 0) {
        const slvm::SourceLine& s = sources[step.pc];
        out += fmt::format(", \"source\": {{\"file\": {}, \"line\": {}, \"text\": {}}}",
                           jsonString(s.file), s.line, jsonString(s.text));
    }
    return out + "}";
}

std::string runJson(const ProgramRun& run) {
    std::string steps;
    for (const sl::TraceStep& step : run.steps)
        steps += (steps.empty() ? "\n      " : ",\n      ") + stepJson(*run.program, step);
    const sl::Float4& v0 = run.outputs.vector(sl::reg::v0);
    return fmt::format(
        "{{\"light\": {}, \"program\": {}, \"status\": \"{}\", \"executed\": {}, \"result\": {},\n"
        "     \"inputs\": {},\n     \"trace\": [{}],\n     \"traceComplete\": {}}}",
        run.light < 0 ? "null" : std::to_string(run.light), jsonString(run.program->program().name),
        sl::statusName(run.result.status), run.result.executed, jsonNumbers({v0[0], v0[1], v0[2]}),
        "{" + slRegistersJson(run.inputs) + "}", steps,
        run.steps.size() == run.result.executed ? "true" : "false");
}

std::pair<int, int> parsePixel(const std::string& text) {
    const std::vector<float> xy =
        parseFlagNumbers("--pixel", text, 2, slvm::kInteger.atLeast(0), "X,Y");
    return {static_cast<int>(xy[0]), static_cast<int>(xy[1])};
}

int debugScene(const DebugFlags& flags) {
    const std::pair<int, int> pixel = parsePixel(flags.pixel);
    const int x = pixel.first, y = pixel.second;
    RenderSettings settings;
    settings.seed = flags.seed;
    if (flags.samplesPerPixel)
        checkFlagNumber("--spp", *flags.samplesPerPixel, slvm::kInteger.atLeast(1).atMost(1 << 20));
    settings.samplesPerPixel = flags.samplesPerPixel;
    if (!flags.integrator.empty()) {
        checkIntegratorFlag(flags.integrator);
        settings.integrator = flags.integrator;
    }
    const Parallelism parallelism(1);
    std::vector<FrameDescription> frames = readScene(flags.scene);
    EmbreeDevice device(parallelism.embreeConfig());
    BuildOptions buildOptions = buildOptionsFromEnvironment();
    buildOptions.keepVertexInputs = true;
    const std::unique_ptr<Scene> scene = buildScene(frames.front(), device.get(), buildOptions);
    // A pixel or sample the render does not have is the flag's fault: its message names it.
    const PixelDebug d = [&] {
        try {
            return debugPixel(*scene, settings, x, y, flags.sample);
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--{}", e.what()));
        }
    }();
    std::string runs;
    for (const ProgramRun& run : d.runs)
        runs += (runs.empty() ? "\n    " : ",\n    ") + runJson(run);
    std::cout << fmt::format(
        "{{\"scene\": {}, \"pixel\": [{}, {}], \"sample\": {}, \"samplesPerPixel\": {}, \"seed\": "
        "{},\n \"color\": {}, \"radiance\": {}, \"raster\": {},\n \"ray\": {{\"origin\": {}, "
        "\"direction\": {}}},\n \"hit\": {},\n \"march\": {},\n \"vertexProgram\": {},\n "
        "\"programs\": [{}]}}\n",
        jsonString(flags.scene), x, y, d.sample, d.samplesPerPixel, flags.seed, jsonColor(d.color),
        jsonColor(d.radiance), jsonNumbers({d.raster.x, d.raster.y}), jsonVector(d.ray.origin),
        jsonVector(d.ray.direction), hitJson(d), marchJson(d), vertexProgramJson(d), runs);
    return kExitOk;
}

} // namespace

void addDebugCommand(CLI::App& app, int& exitStatus) {
    auto flags = std::make_shared<DebugFlags>();
    CLI::App* command = app.add_subcommand(
        "debug", "Trace one sample of one pixel again and print what happened there as JSON");
    command->add_option("SCENE", flags->scene, "Scene file (any format lrt renders)")->required();
    command->add_option("--pixel", flags->pixel, "The pixel X,Y (0,0 is the top left)")->required();
    command->add_option("--sample", flags->sample, "Which of the pixel's samples (default 0)")
        ->check(nonNegativeInteger());
    command->add_option("--seed", flags->seed, "Seed of every random sample (default 0)")
        ->check(nonNegativeInteger());
    command
        ->add_option("--spp", flags->samplesPerPixel,
                     "Samples per pixel, as lrt render --spp (they stratify the samples)")
        ->check(nonNegativeInteger());
    command->add_option("--integrator", flags->integrator,
                        "whitted or path (overrides SurfaceIntegrator)");
    command->callback(
        [&exitStatus, flags] { exitStatus = guarded([&] { return debugScene(*flags); }); });
}

} // namespace lrt::cli
