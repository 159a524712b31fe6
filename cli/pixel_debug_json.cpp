// The pixel debugger's JSON: numbers as docs/sl.md prints them, strings escaped (bytes that are
// not UTF-8 replaced), the trace's instructions with the source lines their compiler noted.
#include "cli/pixel_debug_json.h"

#include "cli/json_number.h"
#include "slvm/sl/disassembler.h"
#include "slvm/sl/registers.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace lrt::cli {

namespace sl = slvm::sl;

namespace {

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
        steps.append(steps.empty() ? "\n      " : ",\n      ").append(stepJson(*run.program, step));
    const sl::Float4& v0 = run.outputs.vector(sl::reg::v0);
    return fmt::format(
        "{{\"light\": {}, \"program\": {}, \"status\": \"{}\", \"executed\": {}, \"result\": {},\n"
        "     \"inputs\": {{{}}},\n     \"trace\": [{}],\n     \"traceComplete\": {}}}",
        run.light < 0 ? "null" : std::to_string(run.light), jsonString(run.program->program().name),
        sl::statusName(run.result.status), run.result.executed, jsonNumbers({v0[0], v0[1], v0[2]}),
        slRegistersJson(run.inputs), steps,
        run.steps.size() == run.result.executed ? "true" : "false");
}

} // namespace

std::string pixelDebugJson(const PixelDebug& d, const std::string& scene, std::uint64_t seed) {
    std::string runs;
    for (const ProgramRun& run : d.runs)
        runs.append(runs.empty() ? "\n    " : ",\n    ").append(runJson(run));
    return fmt::format(
        "{{\"scene\": {}, \"pixel\": [{}, {}], \"sample\": {}, \"samplesPerPixel\": {}, \"seed\": "
        "{},\n \"color\": {}, \"radiance\": {}, \"raster\": {},\n \"ray\": {{\"origin\": {}, "
        "\"direction\": {}}},\n \"hit\": {},\n \"march\": {},\n \"vertexProgram\": {},\n "
        "\"programs\": [{}]}}\n",
        jsonString(scene), d.x, d.y, d.sample, d.samplesPerPixel, seed, jsonColor(d.color),
        jsonColor(d.radiance), jsonNumbers({d.raster.x, d.raster.y}), jsonVector(d.ray.origin),
        jsonVector(d.ray.direction), hitJson(d), marchJson(d), vertexProgramJson(d), runs);
}

} // namespace lrt::cli
