// The preview's request handling without a socket: who may ask (token by query, header or cookie,
// compared in constant time; the Host must name the server), which files may be read and written
// (only the scene's, by the names /api/files gives, still where they were), and what each route
// answers.
#include "cli/pixel_debug_json.h"
#include "cli/preview/preview_api.h"
#include "preview_fixture.h"
#include "renderer/render/pixel_debugger.h"

#include <nlohmann/json.hpp>
#include <sys/stat.h>

using namespace lrt;
using namespace lrt::testing;
using namespace lrt::preview;
using nlohmann::json;

namespace {

constexpr const char* kToken = "0123456789abcdef0123456789abcdef";
constexpr const char* kHost = "127.0.0.1:8123";

HttpRequest request(std::string method, std::string path) {
    HttpRequest r;
    r.method = std::move(method);
    r.path = std::move(path);
    r.headers.emplace("host", kHost);
    r.headers.emplace("authorization", std::string("Bearer ") + kToken);
    return r;
}

HttpRequest get(std::string path) {
    return request("GET", std::move(path));
}

std::string header(const HttpResponse& r, const std::string& name) {
    for (const auto& [n, v] : r.headers)
        if (n == name)
            return v;
    return "";
}

// A session on the preview scene, finished, and the API over it.
struct ApiFixture {
    ApiFixture()
        : session(scene.scene(), scene.device.get(), previewOptions()),
          api(session, AccessGuard(kToken, {kHost, "localhost:8123"}),
              LRT_SOURCE_DIR "/cli/preview/web", "scene.lrt") {
        waitForGeneration(session, 1);
    }
    PreviewScene scene;
    PreviewSession session;
    PreviewApi api;
};

} // namespace

TEST_CASE("tokens are compared whole, and drawn afresh", "[preview][security]") {
    CHECK(tokensEqual("abc", "abc"));
    CHECK_FALSE(tokensEqual("abc", "abd"));
    CHECK_FALSE(tokensEqual("abc", "ab"));
    CHECK_FALSE(tokensEqual("", "abc"));
    CHECK_FALSE(tokensEqual(std::string_view("abc\0", 4), "abc"));
    const std::string a = newToken(), b = newToken();
    CHECK(a.size() == 32);
    CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(a != b);
}

TEST_CASE("every request needs the token: query, Bearer header or cookie", "[preview][security]") {
    ApiFixture f;
    HttpRequest bare = get("/api/status");
    bare.headers.erase("authorization");
    CHECK(f.api.respond(bare).status == 403);

    HttpRequest query = bare;
    query.query.emplace("token", kToken);
    CHECK(f.api.respond(query).status == 200);

    HttpRequest cookie = bare;
    cookie.headers.emplace("cookie", std::string("other=1; lrt_preview_token=") + kToken);
    CHECK(f.api.respond(cookie).status == 200);

    for (const std::string wrong :
         {"", "0123456789abcdef0123456789abcdee", "0123", "0123456789abcdef0123456789abcdef0"}) {
        INFO("token '" << wrong << "'");
        HttpRequest q = bare;
        q.query.emplace("token", wrong);
        CHECK(f.api.respond(q).status == 403);
        HttpRequest h = bare;
        h.headers.emplace("authorization", "Bearer " + wrong);
        CHECK(f.api.respond(h).status == 403);
        HttpRequest c = bare;
        c.headers.emplace("cookie", "lrt_preview_token=" + wrong);
        CHECK(f.api.respond(c).status == 403);
    }
    HttpRequest basic = bare; // the token, but not as a Bearer
    basic.headers.emplace("authorization", std::string("Basic ") + kToken);
    CHECK(f.api.respond(basic).status == 403);
    HttpRequest misnamed = bare;
    misnamed.headers.emplace("cookie", std::string("token=") + kToken);
    CHECK(f.api.respond(misnamed).status == 403);
    // Every route is behind the token, the page and its files too.
    for (const char* path : {"/", "/preview.js", "/api/image.png", "/api/pixel", "/api/files",
                             "/api/files/scene.lrt", "/nowhere"}) {
        HttpRequest r = bare;
        r.path = path;
        INFO(path);
        CHECK(f.api.respond(r).status == 403);
    }
}

TEST_CASE("the Host must name the server (no DNS rebinding)", "[preview][security]") {
    ApiFixture f;
    CHECK(f.api.respond(get("/api/status")).status == 200);
    for (const std::string host :
         {"evil.example:8123", "127.0.0.1:8124", "127.0.0.1", "", "127.0.0.1:8123.evil.example"}) {
        INFO("Host: " << host);
        HttpRequest r = get("/api/status");
        r.headers.erase("host");
        if (!host.empty())
            r.headers.emplace("host", host);
        CHECK(f.api.respond(r).status == 403);
    }
    HttpRequest named = get("/api/status");
    named.headers.erase("host");
    named.headers.emplace("host", "LOCALHOST:8123");
    CHECK(f.api.respond(named).status == 200);
}

TEST_CASE("the page sets a SameSite=Strict cookie, and no response allows another origin",
          "[preview][security]") {
    ApiFixture f;
    HttpRequest page = get("/");
    page.headers.erase("authorization");
    page.query.emplace("token", kToken);
    page.headers.emplace("origin", "http://evil.example");
    const HttpResponse r = f.api.respond(page);
    CHECK(r.status == 200);
    CHECK(r.contentType.rfind("text/html", 0) == 0);
    const std::string cookie = header(r, "Set-Cookie");
    CHECK(cookie.find(std::string("lrt_preview_token=") + kToken) == 0);
    CHECK(cookie.find("SameSite=Strict") != std::string::npos);
    CHECK(cookie.find("HttpOnly") != std::string::npos);
    for (const char* path : {"/", "/preview.js", "/preview.css", "/api/status", "/api/files",
                             "/api/image.png", "/nowhere"}) {
        HttpRequest q = get(path);
        q.headers.emplace("origin", "http://evil.example");
        const HttpResponse answer = f.api.respond(q);
        INFO(path);
        CHECK(header(answer, "Access-Control-Allow-Origin").empty());
        CHECK(header(answer, "Cache-Control") == "no-store");
        CHECK(header(answer, "X-Content-Type-Options") == "nosniff");
    }
}

TEST_CASE("only the page's own files and the API are served", "[preview][security]") {
    ApiFixture f;
    CHECK(f.api.respond(get("/preview.js")).status == 200);
    CHECK(f.api.respond(get("/preview.js")).contentType.rfind("text/javascript", 0) == 0);
    for (const char* path : {"/../scene.lrt", "/scene.lrt", "/etc/passwd", "/web/index.html",
                             "/preview.js/", "//etc/passwd", "/api", "/api/statusx", ""}) {
        INFO(path);
        CHECK(f.api.respond(get(path)).status == 404);
    }
    for (const char* method : {"POST", "DELETE", "PUT", "PATCH", "OPTIONS"}) {
        INFO(method);
        CHECK(f.api.respond(request(method, "/api/status")).status == 405);
    }
}

TEST_CASE("the scene's files are read and written by their listed names only",
          "[preview][security]") {
    ApiFixture f;
    const json list = json::parse(f.api.respond(get("/api/files")).body);
    CHECK(list["scene"] == "scene.lrt");
    std::vector<std::string> names;
    for (const json& file : list["files"])
        names.push_back(file["path"]);
    CHECK(std::count(names.begin(), names.end(), "Tint.cg") == 1);

    const HttpResponse shader = f.api.respond(get("/api/files/Tint.cg"));
    CHECK(shader.status == 200);
    CHECK(shader.body == readText(f.scene.folder / "Tint.cg"));

    // Names not listed: other files, climbing out, absolute paths, the same file spelt otherwise.
    std::ofstream(f.scene.folder / "secret.txt") << "not the scene's";
    for (const char* name : {"secret.txt", "../secret.txt", "./Tint.cg", "Tint.cg/", "/etc/passwd",
                             "../../../../../../etc/passwd", "sub/../Tint.cg", "", "TINT.CG"}) {
        INFO("file '" << name << "'");
        CHECK(f.api.respond(get(std::string("/api/files/") + name)).status == 404);
        HttpRequest put = request("PUT", std::string("/api/files/") + name);
        put.body = "overwritten";
        CHECK(f.api.respond(put).status == 404);
    }
    CHECK(readText(f.scene.folder / "secret.txt") == "not the scene's");

    // A listed file whose link now leads elsewhere is refused.
    std::filesystem::remove(f.scene.folder / "ball.cgh");
    std::filesystem::create_symlink(f.scene.folder / "secret.txt", f.scene.folder / "ball.cgh");
    CHECK(f.api.respond(get("/api/files/ball.cgh")).status == 404);
    HttpRequest through = request("PUT", "/api/files/ball.cgh");
    through.body = "overwritten";
    CHECK(f.api.respond(through).status == 404);
    CHECK(readText(f.scene.folder / "secret.txt") == "not the scene's");
}

TEST_CASE("a PUT replaces the file atomically, within the size limit", "[preview]") {
    ApiFixture f;
    const std::filesystem::path lights = f.scene.folder / "lights.lrt";
    struct stat before {};
    REQUIRE(::stat(lights.c_str(), &before) == 0);
    const std::string brighter = "LightSource \"distantlight\" \"from\" [0 0 -5] \"to\" [0 0 0] "
                                 "\"intensity\" [4]\n";
    HttpRequest put = request("PUT", "/api/files/lights.lrt");
    put.body = brighter;
    const HttpResponse r = f.api.respond(put);
    CHECK(r.status == 200);
    CHECK(json::parse(r.body)["bytes"] == brighter.size());
    CHECK(readText(lights) == brighter);
    struct stat after {};
    REQUIRE(::stat(lights.c_str(), &after) == 0);
    CHECK(after.st_ino != before.st_ino); // a new file renamed into place
    const PreviewStatus s = waitForGeneration(f.session, 2);
    CHECK(s.state == PreviewStatus::State::Done);

    HttpRequest large = request("PUT", "/api/files/lights.lrt");
    large.body.assign(kMaxFileBytes + 1, '#');
    CHECK(f.api.respond(large).status == 413);
    CHECK(readText(lights) == brighter);
}

TEST_CASE("status, images and the pixel debugger", "[preview]") {
    ApiFixture f;
    const json status = json::parse(f.api.respond(get("/api/status")).body);
    CHECK(status["state"] == "done");
    CHECK(status["pass"] == 3);
    CHECK(status["spp"] == 4);
    CHECK(status["generation"] == 1);
    CHECK(status["diagnostics"] == json::array());
    CHECK(status["width"] == 32);
    CHECK(status["height"] == 24);

    const HttpResponse png = f.api.respond(get("/api/image.png"));
    CHECK(png.status == 200);
    CHECK(png.contentType == "image/png");
    CHECK(png.body.substr(0, 8) == "\x89PNG\r\n\x1a\n");
    for (const char* aov : {"albedo", "normal", "depth", "alpha"}) {
        HttpRequest r = get("/api/image.png");
        r.query.emplace("aov", aov);
        r.query.emplace("exposure", "-1.5");
        INFO(aov);
        CHECK(f.api.respond(r).status == 200);
    }
    for (const auto& [name, value] : std::vector<std::pair<std::string, std::string>>{
             {"aov", "bogus"}, {"exposure", "abc"}, {"exposure", "21"}, {"exposure", "nan"}}) {
        HttpRequest r = get("/api/image.png");
        r.query.emplace(name, value);
        INFO(name << "=" << value);
        CHECK(f.api.respond(r).status == 400);
    }

    // The EXR holds the pass's linear pixels.
    const HttpResponse exr = f.api.respond(get("/api/image.exr"));
    REQUIRE(exr.status == 200);
    const std::filesystem::path file = f.scene.folder / "latest.exr";
    std::ofstream(file, std::ios::binary) << exr.body;
    const Image read = readImage(file);
    const auto latest = f.session.image();
    REQUIRE(read.width == latest->image.width);
    CHECK(read.at(16, 12, 0) == latest->image.at(16, 12, 0));
    CHECK(read.at(16, 12, 2) == latest->image.at(16, 12, 2));

    // The pixel debugger's JSON, as lrt debug prints it for the same scene and seed.
    HttpRequest pixel = get("/api/pixel");
    pixel.query.emplace("x", "11");
    pixel.query.emplace("y", "14");
    const HttpResponse answer = f.api.respond(pixel);
    REQUIRE(answer.status == 200);
    RenderSettings settings;
    settings.seed = 3;
    const PixelDebug expected = debugPixel(*f.session.scene(), settings, 11, 14, 0);
    CHECK(answer.body == cli::pixelDebugJson(expected, "scene.lrt", 3));
    const json d = json::parse(answer.body);
    CHECK(d["programs"].size() >= 1);
    CHECK(d["hit"]["surface"] == "Tint.cg");

    for (const auto& [x, y] :
         std::vector<std::pair<std::string, std::string>>{{"32", "0"},
                                                          {"0", "24"},
                                                          {"-1", "0"},
                                                          {"a", "0"},
                                                          {"", "0"},
                                                          {"1e1", "0"},
                                                          {"99999999999", "0"}}) {
        HttpRequest r = get("/api/pixel");
        r.query.emplace("x", x);
        r.query.emplace("y", y);
        INFO("x=" << x << " y=" << y);
        CHECK(f.api.respond(r).status == 400);
    }
    HttpRequest sample = pixel;
    sample.query.emplace("sample", "4"); // of 4
    CHECK(f.api.respond(sample).status == 400);
}

namespace {

HttpRequest colourImage(const std::string& denoise) {
    HttpRequest r = get("/api/image.png");
    if (!denoise.empty())
        r.query.emplace("denoise", denoise);
    return r;
}

// The mean of a PNG answer's 8-bit values.
double meanValue(const HttpResponse& png, const std::filesystem::path& file) {
    std::ofstream(file, std::ios::binary) << png.body;
    const Image image = readImage(file);
    double sum = 0;
    for (const float v : image.pixels)
        sum += v;
    return sum / static_cast<double>(image.pixels.size());
}

} // namespace

TEST_CASE("the page's colour is denoised below the scene's spp, or on request", "[preview]") {
    ApiFixture f; // done: the last pass, at the scene's 4 spp
    const HttpResponse byDefault = f.api.respond(colourImage(""));
    const HttpResponse off = f.api.respond(colourImage("off"));
    const HttpResponse on = f.api.respond(colourImage("on"));
    REQUIRE(on.status == 200);
    // The last pass is shown as rendered (the image lrt render writes) unless asked for.
    CHECK(header(byDefault, "X-Lrt-Denoised") == "no");
    CHECK(byDefault.body == off.body);
    CHECK(header(off, "X-Lrt-Denoised") == "no");
    CHECK(header(on, "X-Lrt-Denoised") == "yes");
    CHECK(on.body != off.body);
    // Denoising moves light between neighbours but keeps about as much of it: both halves are
    // used (had one been missing, the image would be half as bright).
    const double raw = meanValue(off, f.scene.folder / "off.png");
    CHECK(meanValue(on, f.scene.folder / "on.png") == Approx(raw).epsilon(0.05));
    // Asked again, the same pass gives the same bits (the denoised colour is kept).
    CHECK(f.api.respond(colourImage("on")).body == on.body);
    // Only the colour is denoised.
    HttpRequest albedo = colourImage("on");
    albedo.query.emplace("aov", "albedo");
    CHECK(header(f.api.respond(albedo), "X-Lrt-Denoised") == "no");
    CHECK(f.api.respond(colourImage("yes")).status == 400);
}

TEST_CASE("a pass below the scene's spp is denoised by default", "[preview]") {
    PreviewScene scene;
    // 4096 spp: the 4-spp pass is there long before the last pass is done.
    const std::filesystem::path file = scene.scene();
    std::string text = readText(file);
    text.replace(text.find("PixelSamples 2 2"), 16, "PixelSamples 64 64");
    std::ofstream(file, std::ios::binary) << text;
    PreviewSession session(file, scene.device.get(), previewOptions());
    PreviewApi api(session, AccessGuard(kToken, {kHost}), LRT_SOURCE_DIR "/cli/preview/web",
                   "scene.lrt");
    REQUIRE(session.waitUntil(
        [](const PreviewStatus& s) {
            return s.spp >= 4 || s.state != PreviewStatus::State::Rendering;
        },
        std::chrono::seconds(60)));
    // A pass finishing between the request and the status would change the image under it; the
    // 1024-spp and 4096-spp passes take long enough that this cannot loop for ever.
    for (;;) {
        const PreviewStatus before = session.status();
        REQUIRE(before.spp < before.targetSpp);
        const HttpResponse png = api.respond(colourImage(""));
        if (session.status().pass != before.pass)
            continue;
        INFO("pass " << before.pass << " at " << before.spp << " spp of " << before.targetSpp);
        CHECK(header(png, "X-Lrt-Denoised") == "yes");
        CHECK(header(api.respond(colourImage("off")), "X-Lrt-Denoised") == "no");
        break;
    }
}
