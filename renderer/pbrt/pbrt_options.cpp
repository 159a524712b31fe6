// The statements before WorldBegin: camera, film, sampler, integrator, pixel filter, and the ones
// that change nothing lrt renders (accelerator, colour space, options).
#include "renderer/pbrt/pbrt_importer.h"

#include <cmath>
#include <fmt/format.h>

namespace lrt::pbrt {

namespace {

bool isOneOf(const std::string& name, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (name == n)
            return true;
    return false;
}

std::string quoted(std::initializer_list<const char*> names) {
    std::string out;
    for (const char* n : names)
        out += (out.empty() ? "\"" : ", \"") + std::string(n) + "\"";
    return out;
}

// Throws unless `type` is one of pbrt-v4's `names` for `statement`.
void expectType(const Statement& s, const std::string& type,
                std::initializer_list<const char*> names) {
    if (!isOneOf(type, names))
        throw SceneError(s.items[0].where, fmt::format("unknown {} \"{}\" (pbrt-v4 has {})", s.name,
                                                       type, quoted(names)));
}

} // namespace

void Importer::camera(const Statement& s) {
    const std::string type = s.stringAt(0);
    expectType(s, type, {"perspective", "orthographic", "realistic", "spherical"});
    const ParameterList p = parameters(s, 1);
    CameraDescription& c = options_.camera;
    c = CameraDescription{};
    c.worldToCamera = stack_.transform();
    c.where = s.where;
    c.shapedBy = {{"Camera", s.where}};
    stack_.nameCoordinateSystem("camera", stack_.transform().inverse());
    std::string projection = type;
    if (type == "realistic" || type == "spherical") {
        warn(s.where, fmt::format("Camera \"{}\" is not supported: a perspective camera of fov "
                                  "90 stands in",
                                  type));
        p.markAllUsed();
        projection = "perspective";
    }
    c.projection = {projection, {}, s.where};
    if (const auto fov = p.getFloat("fov"); fov && projection == "perspective")
        addNumbers(c.projection.parameters, "fov", {*fov}, p.find("fov")->where);
    if (const float radius = p.getFloat("lensradius", 0.0f); radius > 0) {
        // lrt's thin lens has radius focallength / (2 fstop).
        c.fStop = 1.0f;
        c.focalLength = 2.0f * radius;
        c.focalDistance = p.getFloat("focaldistance", 1e6f);
    }
    if (const auto aspect = p.getFloat("frameaspectratio"))
        c.frameAspectRatio = *aspect;
    if (const Parameter* window = p.find("screenwindow")) {
        const auto n = p.getNumbers("screenwindow", {"float"});
        if (n.size() != 4)
            throw SceneError(window->where, "screenwindow takes 4 numbers: x0 x1 y0 y1");
        c.screenWindow = std::array<float, 4>{static_cast<float>(n[0]), static_cast<float>(n[1]),
                                              static_cast<float>(n[2]), static_cast<float>(n[3])};
    }
    const float open = p.getFloat("shutteropen", 0.0f), close = p.getFloat("shutterclose", 1.0f);
    exposureTime_ = close - open;
    if (!(exposureTime_ > 0))
        throw SceneError(s.where, "shutterclose must be after shutteropen");
    reportUnused(p, fmt::format("Camera \"{}\"", type));
}

void Importer::film(const Statement& s) {
    const std::string type = s.stringAt(0);
    expectType(s, type, {"rgb", "gbuffer", "spectral"});
    const ParameterList p = parameters(s, 1);
    if (type != "rgb")
        warn(s.where, fmt::format("Film \"{}\" is written as an RGB image (lrt's EXR output "
                                  "carries its AOV layers)",
                                  type));
    FilmDescription& f = options_.film;
    for (const auto& [name, fallback, target] : {std::tuple{"xresolution", 1280, &f.xResolution},
                                                 std::tuple{"yresolution", 720, &f.yResolution}}) {
        const int value = p.getInteger(name, fallback);
        if (value < 1 || value > 65536)
            throw SceneError(
                p.find(name)->where,
                fmt::format("{} is {}, outside its domain: an integer in [1, 65536]", name, value));
        *target = value;
    }
    if (const Parameter* crop = p.find("cropwindow")) {
        const auto n = p.getNumbers("cropwindow", {"float"});
        if (n.size() != 4 || n[0] < 0 || n[1] > 1 || n[2] < 0 || n[3] > 1 || n[0] >= n[1] ||
            n[2] >= n[3])
            throw SceneError(crop->where,
                             "cropwindow takes 4 numbers x0 x1 y0 y1 in [0, 1], x0 < x1, y0 < y1");
        f.cropWindow = {static_cast<float>(n[0]), static_cast<float>(n[1]),
                        static_cast<float>(n[2]), static_cast<float>(n[3])};
    }
    // Without a filename pbrt-v4 writes pbrt.exr; lrt's own default (the scene's name) keeps the
    // scenes of a collection from overwriting each other's images.
    f.displayName = p.getString("filename", "");
    filmIso_ = p.getFloat("iso");
    if (const std::string sensor = p.getString("sensor", "cie1931"); sensor != "cie1931")
        warn(p.find("sensor")->where,
             fmt::format("sensor \"{}\" is not modelled: the CIE 1931 observer stands in", sensor));
    if (p.getFloat("whitebalance", 0.0f) != 0)
        warn(p.find("whitebalance")->where, "white balancing is not done");
    if (const auto maximum = p.getFloat("maxcomponentvalue"); maximum && std::isfinite(*maximum))
        warn(p.find("maxcomponentvalue")->where,
             "lrt does not clamp sample values (maxcomponentvalue)");
    p.find("savefp16"); // the output's encoding: lrt writes EXR as float
    p.find("diagonal"); // only the realistic camera reads it
    reportUnused(p, fmt::format("Film \"{}\"", type));
}

void Importer::sampler(const Statement& s) {
    const std::string type = s.stringAt(0);
    expectType(
        s, type,
        {"halton", "independent", "paddedsobol", "pmj02bn", "sobol", "stratified", "zsobol"});
    const ParameterList p = parameters(s, 1);
    int samples = 0;
    // pbrt's stratified sampler is lrt's; its other samplers (Sobol, Halton, PMJ02BN, independent
    // numbers) take lrt's Owen-scrambled Sobol points.
    if (type == "stratified") {
        samples = p.getInteger("xsamples", 4) * p.getInteger("ysamples", 4);
        options_.film.sampler = "stratified";
        options_.film.jitter = p.getBool("jitter", true);
    } else {
        samples = p.getInteger("pixelsamples", 16);
    }
    if (samples < 1 || samples > (1 << 20))
        throw SceneError(s.where, fmt::format("{} samples per pixel is outside the domain: an "
                                              "integer in [1, 1048576]",
                                              samples));
    // lrt stratifies n x n samples when n^2 is the count, else n x 1.
    const int root = static_cast<int>(std::lround(std::sqrt(samples)));
    options_.film.xSamples = root * root == samples ? root : samples;
    options_.film.ySamples = root * root == samples ? root : 1;
    p.find("seed");          // the noise pattern only: lrt has its own sampler and --seed
    p.find("randomization"); // likewise
    reportUnused(p, fmt::format("Sampler \"{}\"", type));
}

void Importer::integrator(const Statement& s) {
    const std::string type = s.stringAt(0);
    expectType(s, type,
               {"path", "volpath", "bdpt", "mlt", "sppm", "lightpath", "simplepath",
                "simplevolpath", "randomwalk", "ambientocclusion", "aov"});
    const ParameterList p = parameters(s, 1);
    if (isOneOf(type, {"ambientocclusion", "aov"})) {
        warn(s.where, fmt::format("Integrator \"{}\" is not supported: lrt's path tracer "
                                  "stands in",
                                  type));
        p.markAllUsed();
    } else if (!isOneOf(type, {"path", "volpath"})) {
        warn(s.where, fmt::format("Integrator \"{}\" is rendered by lrt's path tracer, which "
                                  "converges to the same image",
                                  type));
    }
    int maxDepth = p.getInteger("maxdepth", 5);
    if (maxDepth < 1) {
        warn(p.find("maxdepth")->where, "maxdepth below 1 is rendered as 1 (direct light)");
        maxDepth = 1;
    }
    if (p.getBool("regularize", false))
        warn(p.find("regularize")->where, "lrt does not regularize BSDFs");
    p.find("lightsampler"); // which light a sample picks: noise, not the image
    if (type == "bdpt" || type == "mlt" || type == "sppm")
        p.markAllUsed(); // their own tuning parameters
    options_.integrator = {"path", {}, s.where};
    addNumbers(options_.integrator.parameters, "maxdepth", {static_cast<double>(maxDepth)},
               s.where);
    reportUnused(p, fmt::format("Integrator \"{}\"", type));
}

void Importer::pixelFilter(const Statement& s) {
    const std::string type = s.stringAt(0);
    expectType(s, type, {"box", "gaussian", "mitchell", "sinc", "triangle"});
    const ParameterList p = parameters(s, 1);
    std::string name = type;
    float radius = type == "box" ? 0.5f : type == "gaussian" ? 1.5f : type == "sinc" ? 4.0f : 2.0f;
    if (type == "sinc") {
        warn(s.where, "PixelFilter \"sinc\" is not supported: a gaussian of the same radius "
                      "stands in");
        p.markAllUsed();
        name = "gaussian";
    }
    if (type == "gaussian" && p.getFloat("sigma", 0.5f) != 0.5f)
        warn(p.find("sigma")->where, "lrt's gaussian filter has sigma 0.5");
    if (type == "mitchell" &&
        (p.getFloat("B", 1.0f / 3) != 1.0f / 3 || p.getFloat("C", 1.0f / 3) != 1.0f / 3))
        warn(s.where, "lrt's mitchell filter has B = C = 1/3");
    const float x = p.getFloat("xradius", radius), y = p.getFloat("yradius", radius);
    if (!(x > 0) || !(y > 0))
        throw SceneError(s.where, "filter radii must be positive");
    options_.film.filter = {name, std::array<float, 2>{2 * x, 2 * y}, s.where};
    reportUnused(p, fmt::format("PixelFilter \"{}\"", type));
}

void Importer::colorSpace(const Statement& s) {
    s.expectCount(1);
    if (const std::string name = s.stringAt(0); name != "srgb")
        warn(s.where, fmt::format("lrt renders in linear sRGB: colours given in \"{}\" are "
                                  "taken as sRGB",
                                  name));
}

void Importer::option(const Statement& s) {
    const ParameterList p = parameters(s, 0);
    if (p.find("disablepixeljitter"))
        options_.film.jitter = !p.getBool("disablepixeljitter", false);
    // What changes the noise, the statistics or pbrt's own bookkeeping, not the image.
    for (const char* name : {"seed", "disablewavelengthjitter", "pixelstats", "wavefront",
                             "rendercoordsys", "msereferenceimage", "msereferenceout",
                             "disabletexturefiltering", "displacementedgescale"})
        p.find(name);
    reportUnused(p, "Option");
}

void Importer::accelerator(const Statement& s) {
    s.stringAt(0);
    parameters(s, 1).markAllUsed(); // lrt's BVH is Embree's, whatever is asked
}

void Importer::makeNamedMedium(const Statement& s) {
    warn(s.where, fmt::format("participating media are not supported: the medium \"{}\" is left "
                              "out",
                              s.stringAt(0)));
}

void Importer::mediumInterface(const Statement& s) {
    for (std::size_t i = 0; i < s.items.size(); ++i)
        if (!s.stringAt(i).empty())
            return; // the media were reported where they were made
}

} // namespace lrt::pbrt
