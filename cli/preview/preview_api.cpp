// The preview's routes. Responses are never cached (every answer is of the moment), name their
// type exactly (nosniff), and carry a content security policy that lets the page load only its own
// files; no CORS header is ever sent, so another site's page cannot read an answer.
#include "cli/preview/preview_api.h"

#include "cli/pixel_debug_json.h"
#include "renderer/core/atomic_file.h"
#include "renderer/denoise/denoise_image.h"
#include "renderer/description/aov_selection.h"
#include "renderer/film/image_output.h"
#include "renderer/film/rendered_image.h"
#include "renderer/render/pixel_debugger.h"
#include "slvm/common/file_contents.h"

#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace lrt::preview {

namespace {

using nlohmann::json;

constexpr std::string_view kFilesRoute = "/api/files/";

std::string readWholeFile(const std::filesystem::path& path) {
    auto text = slvm::readFileContents(path);
    if (!text)
        throw std::runtime_error(fmt::format("cannot read {}", path.string()));
    return std::move(*text);
}

std::string contentTypeOf(const std::string& name) {
    const std::string extension = std::filesystem::path(name).extension().string();
    if (extension == ".html")
        return "text/html; charset=utf-8";
    if (extension == ".js")
        return "text/javascript; charset=utf-8";
    if (extension == ".css")
        return "text/css; charset=utf-8";
    if (extension == ".png")
        return "image/png";
    return "application/octet-stream";
}

std::string dumpJson(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
}

HttpResponse jsonResponse(const json& value) {
    return {200, "application/json", dumpJson(value), {}};
}

// A whole number in [low, high] from a query parameter, or nullopt.
std::optional<int> integerParameter(const HttpRequest& request, const std::string& name, int low,
                                    int high) {
    const std::string text = request.queryValue(name);
    if (text.empty() || text.size() > 10 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const long long value = std::stoll(text);
    if (value < low || value > high)
        return std::nullopt;
    return static_cast<int>(value);
}

json diagnosticJson(const slvm::Diagnostic& d, const SceneFiles* files) {
    const std::filesystem::path file =
        d.where.file.empty() ? std::filesystem::path{}
                             : std::filesystem::absolute(d.where.file).lexically_normal();
    return {{"file", d.where.file},
            {"path", files && !file.empty() ? files->nameOf(file) : std::string()},
            {"line", d.where.line},
            {"column", d.where.column},
            {"severity", std::string(slvm::severityName(d.severity))},
            {"message", d.message},
            {"text", d.sourceLine}};
}

// Each diagnostic, followed by those of the file it reports (a shader's own errors).
void addDiagnostics(const std::vector<slvm::Diagnostic>& diagnostics, const SceneFiles* files,
                    json& out) {
    for (const slvm::Diagnostic& d : diagnostics) {
        out.push_back(diagnosticJson(d, files));
        addDiagnostics(d.causes, files, out);
    }
}

std::string_view stateName(PreviewStatus::State state) {
    switch (state) {
    case PreviewStatus::State::Rendering:
        return "rendering";
    case PreviewStatus::State::Done:
        return "done";
    case PreviewStatus::State::Error:
        return "error";
    }
    return "error";
}

// One AOV of a pass as 8-bit display values: colour (`colour`: the pass's own, or denoised) and
// albedo with the film's gain (times the exposure) and sRGB, the normal mapped from [-1, 1], depth
// as a fraction of the farthest hit, alpha as grey.
Image displayImage(const PassImage& pass, const std::vector<float>& colour, const std::string& aov,
                   const FilmDescription& film, float exposure) {
    const Image& rgb = pass.image;
    const Image& aovs = pass.aovs;
    Image out(rgb.width, rgb.height, 3);
    out.pixels.resize(static_cast<std::size_t>(rgb.width) * rgb.height * 3);
    const std::size_t count = static_cast<std::size_t>(rgb.width) * rgb.height;
    float farthest = 0;
    for (std::size_t p = 0; p < count; ++p)
        if (const float depth = aovs.pixels[p * aovs.channels + kDepthChannel];
            std::isfinite(depth))
            farthest = std::max(farthest, depth);
    const float gain = film.gain * std::exp2(exposure);
    for (std::size_t p = 0; p < count; ++p) {
        const float* a = &aovs.pixels[p * aovs.channels];
        for (int c = 0; c < 3; ++c) {
            float v = 0;
            if (aov == "color")
                v = encodeDisplay(colour[p * 3 + c], gain, film.gamma);
            else if (aov == "albedo")
                v = encodeDisplay(a[kAlbedoChannel + c], 1.0f, std::nullopt);
            else if (aov == "normal")
                v = std::clamp(a[kNormalChannel + c] * 0.5f + 0.5f, 0.0f, 1.0f);
            else if (aov == "depth")
                v = std::isfinite(a[kDepthChannel]) && farthest > 0 ? a[kDepthChannel] / farthest
                                                                    : 1.0f;
            else // alpha
                v = std::clamp(a[kAlphaChannel], 0.0f, 1.0f);
            out.pixels[p * 3 + c] = v;
        }
    }
    return out;
}

} // namespace

std::string HttpRequest::queryValue(const std::string& name) const {
    const auto it = query.find(name);
    return it == query.end() ? std::string() : it->second;
}

std::string HttpRequest::header(const std::string& lowerCaseName) const {
    const auto it = headers.find(lowerCaseName);
    return it == headers.end() ? std::string() : it->second;
}

HttpResponse errorResponse(int status, const std::string& message) {
    return {status, "application/json", dumpJson({{"error", message}}), {}};
}

PreviewApi::PreviewApi(PreviewSession& session, AccessGuard guard,
                       const std::filesystem::path& webFolder, std::string sceneName)
    : session_(session), guard_(std::move(guard)), sceneName_(std::move(sceneName)) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(webFolder, ec))
        if (entry.is_regular_file(ec))
            web_[entry.path().filename().string()] = readWholeFile(entry.path());
    if (web_.find("index.html") == web_.end())
        throw std::runtime_error(fmt::format("the preview page is not installed: no {}",
                                             (webFolder / "index.html").string()));
}

HttpResponse PreviewApi::respond(const HttpRequest& request) const {
    HttpResponse response;
    try {
        if (auto refused = guard_.check(request))
            response = std::move(*refused);
        else
            response = route(request);
    } catch (const std::exception& e) {
        response = errorResponse(500, e.what());
    }
    response.headers.emplace_back("Cache-Control", "no-store");
    response.headers.emplace_back("X-Content-Type-Options", "nosniff");
    response.headers.emplace_back(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' blob:; frame-ancestors 'none'");
    return response;
}

HttpResponse PreviewApi::route(const HttpRequest& request) const {
    const std::string& path = request.path;
    const bool get = request.method == "GET" || request.method == "HEAD";
    if (path.rfind(kFilesRoute, 0) == 0) {
        if (!get && request.method != "PUT")
            return errorResponse(405, "a file takes GET or PUT");
        return file(request, path.substr(kFilesRoute.size()));
    }
    if (!get)
        return errorResponse(405, fmt::format("{} takes GET only", path));
    if (path == "/" || path == "/index.html")
        return page("index.html", request);
    if (path == "/api/status")
        return status();
    if (path == "/api/image.png")
        return image(request, false);
    if (path == "/api/image.exr")
        return image(request, true);
    if (path == "/api/pixel")
        return pixel(request);
    if (path == "/api/files")
        return fileList();
    if (path.size() > 1 && path.find('/', 1) == std::string::npos && web_.count(path.substr(1)))
        return page(path.substr(1), request);
    return errorResponse(404, "no such page");
}

HttpResponse PreviewApi::page(const std::string& name, const HttpRequest& request) const {
    HttpResponse response{200, contentTypeOf(name), web_.at(name), {}};
    if (guard_.tokenOutsideCookie(request))
        response.headers.emplace_back("Set-Cookie", guard_.cookie());
    return response;
}

HttpResponse PreviewApi::status() const {
    const PreviewStatus s = session_.status();
    const std::shared_ptr<const SceneFiles> files = session_.files();
    const std::shared_ptr<const PassImage> latest = session_.image();
    json diagnostics = json::array();
    addDiagnostics(s.diagnostics, files.get(), diagnostics);
    return jsonResponse({{"state", stateName(s.state)},
                         {"pass", s.pass},
                         {"passes", s.passes},
                         {"spp", s.spp},
                         {"targetSpp", s.targetSpp},
                         {"generation", s.generation},
                         {"stale", s.stale},
                         {"passSeconds", s.passSeconds},
                         {"totalSeconds", s.totalSeconds},
                         {"buildSeconds", s.buildSeconds},
                         {"phase", s.phase},
                         {"phaseFraction", s.phaseFraction},
                         {"rebuilt", json{{"statementsMade", s.rebuilt.statementsMade},
                                          {"statementsReused", s.rebuilt.statementsReused},
                                          {"bvhsBuilt", s.rebuilt.bvhsBuilt},
                                          {"bvhsReused", s.rebuilt.bvhsReused},
                                          {"programsLoaded", s.rebuilt.programsLoaded},
                                          {"programsReused", s.rebuilt.programsReused},
                                          {"lightSamplersReused", s.rebuilt.lightSamplersReused}}},
                         {"width", s.width},
                         {"height", s.height},
                         {"image", latest ? json{{"generation", latest->generation},
                                                 {"pass", latest->pass},
                                                 {"spp", latest->settings.samplesPerPixel},
                                                 {"width", latest->image.width},
                                                 {"height", latest->image.height}}
                                          : json(nullptr)},
                         {"diagnostics", diagnostics}});
}

HttpResponse PreviewApi::image(const HttpRequest& request, bool linear) const {
    const std::shared_ptr<const PassImage> latest = session_.image();
    const std::shared_ptr<const Scene> scene = session_.scene();
    if (!latest || !scene)
        return errorResponse(404, "no pass has finished yet");
    if (linear) {
        const auto bytes =
            encodeImage(exrChannels(everyLayer(latest->image, latest->aovs)), ".exr");
        return {200, "image/x-exr", std::string(bytes.begin(), bytes.end()), {}};
    }
    const std::string aov = request.queryValue("aov").empty() ? "color" : request.queryValue("aov");
    if (aov != "color" && aov != "albedo" && aov != "normal" && aov != "depth" && aov != "alpha")
        return errorResponse(400, "aov: expected color, albedo, normal, depth or alpha");
    float exposure = 0;
    if (const std::string text = request.queryValue("exposure"); !text.empty()) {
        char* end = nullptr;
        exposure = std::strtof(text.c_str(), &end);
        if (end != text.c_str() + text.size() || !(exposure >= -20 && exposure <= 20))
            return errorResponse(400, "exposure: expected a number of stops from -20 to 20");
    }
    const std::string denoise =
        request.queryValue("denoise").empty() ? "auto" : request.queryValue("denoise");
    if (denoise != "auto" && denoise != "on" && denoise != "off")
        return errorResponse(400, "denoise: expected auto, on or off");
    // Two halves of at least one sample each are what the denoiser measures the noise by.
    const int spp = latest->settings.samplesPerPixel;
    const bool denoised =
        aov == "color" && spp >= 2 &&
        (denoise == "on" || (denoise == "auto" && spp < session_.status().targetSpp));
    const std::shared_ptr<const std::vector<float>> colour =
        denoised ? denoisedColourOf(latest) : nullptr;
    const auto bytes = encodeImage(displayImage(*latest, colour ? *colour : latest->image.pixels,
                                                aov, scene->film(), exposure),
                                   ".png");
    return {200,
            "image/png",
            std::string(bytes.begin(), bytes.end()),
            {{"X-Lrt-Denoised", denoised ? "yes" : "no"}}};
}

std::shared_ptr<const std::vector<float>>
PreviewApi::denoisedColourOf(const std::shared_ptr<const PassImage>& pass) const {
    const std::lock_guard lock(denoisedMutex_);
    if (denoisedPass_ != pass) {
        denoisedColour_ = std::make_shared<const std::vector<float>>(denoisedColour(pass->aovs));
        denoisedPass_ = pass;
    }
    return denoisedColour_;
}

HttpResponse PreviewApi::pixel(const HttpRequest& request) const {
    const std::shared_ptr<const Scene> scene = session_.scene();
    if (!scene)
        return errorResponse(409, "the scene has not built yet");
    const FilmDescription& film = scene->film();
    const auto x = integerParameter(request, "x", 0, film.xResolution - 1);
    const auto y = integerParameter(request, "y", 0, film.yResolution - 1);
    if (!x || !y)
        return errorResponse(400, fmt::format("x and y: expected a pixel of the {}x{} image",
                                              film.xResolution, film.yResolution));
    int sample = 0;
    if (!request.queryValue("sample").empty()) {
        const auto parsed = integerParameter(request, "sample", 0, 1 << 20);
        if (!parsed)
            return errorResponse(400, "sample: expected a whole number");
        sample = *parsed;
    }
    const RenderSettings settings = session_.settings();
    try {
        const PixelDebug d = debugPixel(*scene, settings, *x, *y, sample);
        return {200, "application/json", cli::pixelDebugJson(d, sceneName_, settings.seed), {}};
    } catch (const std::invalid_argument& e) {
        return errorResponse(400, e.what());
    }
}

HttpResponse PreviewApi::fileList() const {
    json list = json::array();
    if (const std::shared_ptr<const SceneFiles> files = session_.files())
        for (const SceneFile& f : files->files())
            list.push_back({{"path", f.name},
                            {"kind", f.kind},
                            {"program", f.program},
                            {"exists", !f.target.empty()}});
    return jsonResponse({{"scene", session_.scenePath().filename().string()}, {"files", list}});
}

HttpResponse PreviewApi::file(const HttpRequest& request, const std::string& name) const {
    const std::shared_ptr<const SceneFiles> files = session_.files();
    const std::optional<SceneFile> found = files ? files->find(name) : std::nullopt;
    if (!found)
        return errorResponse(404, "not a file of this scene (GET /api/files lists them)");
    if (request.method != "PUT")
        return {200,
                found->program ? "text/plain; charset=utf-8" : "application/octet-stream",
                readWholeFile(found->target),
                {}};
    if (request.body.size() > kMaxFileBytes)
        return errorResponse(413,
                             fmt::format("a file written here is at most {} bytes", kMaxFileBytes));
    // The real file is replaced (a link to it stays a link), and the watcher sees the rename.
    writeFileAtomically(found->target, request.body);
    return jsonResponse({{"path", found->name}, {"bytes", request.body.size()}});
}

} // namespace lrt::preview
