// The statements before WorldBegin: image, camera, sampling, filter, exposure, output, options
// and the integrator. Projection, PixelFilter and SurfaceIntegrator names, and the parameters of
// projections and integrators, are checked against the scene vocabulary.
#include "renderer/core/search_path.h"
#include "renderer/description/aov_selection.h"
#include "renderer/description/shader_options.h"
#include "renderer/parser/scene_parser.h"
#include "renderer/parser/statement_arguments.h"
#include "slvm/common/suggestion.h"

#include <cmath>
#include <fmt/format.h>

namespace lrt {

namespace {

// The parameters of the options this parser records itself.
const ParameterSpec kSearchPathParameters[] = {
    {"shader", ValueKind::String, {}, {}, "folders for SL shaders, ':'-separated"},
};
const std::vector<std::string_view> kOptionNames = {"searchpath", "sampler", "output", "sl",
                                                    "render"};
const ParameterSpec kOutputParameters[] = {
    {"aov",
     ValueKind::String,
     std::string_view("all"),
     {},
     "AOV layers of EXR outputs: all, none, or a list of alpha, albedo, normal, depth, samples, "
     "halves"},
};
const ParameterSpec kSamplerParameters[] = {
    {"jitter",
     ValueKind::Integer,
     1,
     {},
     "0 puts every sample at its stratum's centre, whatever the type"},
    {"type",
     ValueKind::String,
     std::string_view("sobol"),
     {},
     "the sampler: one of the registry's (scene-format.md lists them)"},
};
const ParameterSpec kRenderParameters[] = {
    {"noisethreshold", ValueKind::Float, 0.0f, kReal.atLeast(0).atMost(1),
     "adaptive sampling: a pixel stops once its estimated error, relative to the square root of "
     "its brightness, is below it; 0 is off"},
    {"bvh",
     ValueKind::String,
     std::string_view("auto"),
     {},
     "the BVH build: fast (compact, medium quality), quality (spatial splits), or auto (fast where "
     "the build would cost more than it saves the render)",
     [] {
         return std::vector<std::string_view>{"auto", "fast", "quality"};
     }},
};
const ParameterSpec kShaderParameters[] = {
    {"tracedepth",
     ValueKind::Integer,
     ShaderOptions{}.traceDepth,
     {},
     "nested SL trace calls allowed"},
    {"budget",
     ValueKind::Integer,
     static_cast<int>(ShaderOptions{}.budget),
     {},
     "instructions per SL invocation"},
};
const ParameterSpec kBackgroundParameters[] = {
    {"bgcolor", ValueKind::Rgb, Color{0, 0, 0}, {}, "radiance of rays that leave the scene"},
};

} // namespace

void SceneParser::learnStatementParameters(Declarations& declarations) {
    for (const ParameterTable table :
         {ParameterTable(kSearchPathParameters), ParameterTable(kSamplerParameters),
          ParameterTable(kShaderParameters), ParameterTable(kRenderParameters),
          ParameterTable(kBackgroundParameters), attributeParameterTable()})
        declarations.learn(table);
}

void SceneParser::format(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("Format"));
    shapesCamera(s);
    options_.film.xResolution = static_cast<int>(n[0]);
    options_.film.yResolution = static_cast<int>(n[1]);
    options_.film.pixelAspectRatio = static_cast<float>(n[2]);
}

void SceneParser::frameAspectRatio(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("FrameAspectRatio"));
    shapesCamera(s);
    options_.camera.frameAspectRatio = static_cast<float>(n[0]);
}

void SceneParser::screenWindow(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("ScreenWindow"));
    if (!(n[0] < n[1]) || !(n[2] < n[3]))
        throw SceneError(s.where, "ScreenWindow expects left < right and bottom < top");
    shapesCamera(s);
    options_.camera.screenWindow = {{static_cast<float>(n[0]), static_cast<float>(n[1]),
                                     static_cast<float>(n[2]), static_cast<float>(n[3])}};
}

void SceneParser::cropWindow(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("CropWindow"));
    if (!(n[0] < n[1] && n[2] < n[3]))
        throw SceneError(s.where, "CropWindow expects xmin < xmax and ymin < ymax");
    options_.film.cropWindow = {static_cast<float>(n[0]), static_cast<float>(n[1]),
                                static_cast<float>(n[2]), static_cast<float>(n[3])};
}

void SceneParser::projection(const Statement& s) {
    const std::string name = s.stringAt(0);
    expectChoice(name, vocabulary_.projectionWords().names(), "projection", s.items[0].where);
    ParameterList list = parameters(s, 1);
    checkParameters(list, vocabulary_.projectionWords().find(name)->parameters,
                    fmt::format("Projection \"{}\"", name), s.where);
    options_.camera.projection = {name, std::move(list), s.where};
    shapesCamera(s);
}

void SceneParser::clipping(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("Clipping"));
    if (!(n[0] < n[1]))
        throw SceneError(s.where, "Clipping expects near < far");
    shapesCamera(s);
    options_.camera.nearClip = static_cast<float>(n[0]);
    options_.camera.farClip = static_cast<float>(std::fmin(n[1], 1e30));
}

void SceneParser::depthOfField(const Statement& s) {
    if (s.items.empty()) {
        options_.camera.fStop = 0.0f;
        return;
    }
    const auto n = s.exactArguments(argumentsOf("DepthOfField"));
    shapesCamera(s);
    options_.camera.fStop = static_cast<float>(n[0]);
    options_.camera.focalLength = static_cast<float>(n[1]);
    options_.camera.focalDistance = static_cast<float>(n[2]);
}

void SceneParser::pixelSamples(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("PixelSamples"));
    options_.film.xSamples = static_cast<int>(n[0]);
    options_.film.ySamples = static_cast<int>(n[1]);
}

void SceneParser::pixelFilter(const Statement& s) {
    const std::string name = s.stringAt(0);
    expectChoice(name, vocabulary_.filters, "pixel filter", s.items[0].where);
    FilterDescription filter{name, std::nullopt, s.where};
    std::size_t next = 1;
    if (s.items.size() > 1) {
        const auto widths = s.argumentsAt(1, argumentsOf("PixelFilter"), next);
        filter.widths = {{static_cast<float>(widths[0]), static_cast<float>(widths[1])}};
    }
    if (next != s.items.size())
        throw SceneError(s.items[next].where, "PixelFilter takes a name and two widths");
    options_.film.filter = std::move(filter);
}

void SceneParser::exposure(const Statement& s) {
    const auto n = s.exactArguments(argumentsOf("Exposure"));
    options_.film.gain = static_cast<float>(n[0]);
    options_.film.gamma = static_cast<float>(n[1]);
}

void SceneParser::display(const Statement& s) {
    if (s.items.size() < 3)
        throw SceneError(
            s.where,
            "Display expects a file name, a type and a mode (\"out.exr\" \"file\" \"rgb\")");
    options_.film.displayName = s.stringAt(0);
    s.stringAt(1);
    // RenderMan's mode names. lrt always writes colour; "a" adds alpha to 8-bit outputs, "z" puts
    // the depth layer in an EXR whatever the AOV list says.
    const std::string mode = s.stringAt(2);
    expectChoice(mode, {"rgb", "rgba", "rgbz", "rgbaz", "z"}, "Display mode", s.items[2].where);
    options_.film.displayAlpha = mode.find('a') != std::string::npos;
    options_.film.displayDepth = mode.find('z') != std::string::npos;
    Parameters(parameters(s, 3), {}, "Display", s.where);
}

void SceneParser::option(const Statement& s) {
    const std::string name = s.stringAt(0);
    expectChoice(name, kOptionNames, "option", s.items[0].where);
    const ParameterList list = parameters(s, 1);
    const std::string what = fmt::format("Option \"{}\"", name);
    if (name == "searchpath") {
        const Parameters p(list, kSearchPathParameters, what, s.where);
        for (const auto& folder : splitSearchPath(p.getString("shader")))
            options_.shaderSearchPath.push_back((s.directory / folder).string());
    } else if (name == "sampler") {
        const Parameters p(list, kSamplerParameters, what, s.where);
        options_.film.jitter = p.getInteger("jitter") != 0;
        options_.film.sampler = p.getString("type");
        expectChoice(options_.film.sampler, vocabulary_.samplers, "type", p.where("type"), what);
    } else if (name == "output") {
        const Parameters p(list, kOutputParameters, what, s.where);
        const AovList aovs = parseAovList(p.getString("aov"));
        if (!aovs.error.empty())
            throw SceneError(p.where("aov"), aovs.error);
        options_.film.aovs = aovs.layers;
    } else if (name == "render") {
        const Parameters p(list, kRenderParameters, what, s.where);
        if (p.has("noisethreshold"))
            options_.film.noiseThreshold = p.getFloat("noisethreshold");
        if (p.has("bvh")) {
            const std::string bvh = p.getString("bvh");
            options_.bvh = bvh == "fast"      ? BvhBuild::Fast
                           : bvh == "quality" ? BvhBuild::Quality
                                              : BvhBuild::Auto;
        }
    } else if (name == "sl") {
        // Each Option "sl" changes only what it names.
        const Parameters p(list, kShaderParameters, what, s.where);
        ShaderOptions& shaders = options_.shaderOptions;
        const int depth = p.has("tracedepth") ? p.getInteger("tracedepth") : shaders.traceDepth;
        const long long budget =
            p.has("budget") ? p.getInteger("budget") : static_cast<long long>(shaders.budget);
        if (depth < 0 || budget < 1)
            throw SceneError(s.where, "Option \"sl\" expects tracedepth >= 0 and budget >= 1");
        shaders.traceDepth = depth;
        shaders.budget = static_cast<std::uint64_t>(budget);
    }
}

void SceneParser::surfaceIntegrator(const Statement& s) {
    const std::string name = s.stringAt(0);
    expectChoice(name, vocabulary_.integratorWords().names(), "integrator", s.items[0].where);
    ParameterList list = parameters(s, 1);
    checkParameters(list, vocabulary_.integratorWords().find(name)->parameters,
                    fmt::format("SurfaceIntegrator \"{}\"", name), s.where);
    options_.integrator = {name, std::move(list), s.where};
}

void SceneParser::imager(const Statement& s) {
    const std::string name = s.stringAt(0);
    expectChoice(name, {"background"}, "imager", s.items[0].where);
    const ParameterList list = parameters(s, 1);
    background_ = Parameters(list, kBackgroundParameters, "Imager \"background\"", s.where)
                      .getColor("bgcolor");
}

} // namespace lrt
