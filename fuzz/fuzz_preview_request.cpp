// Fuzzes the preview server's request handling (cli/preview/preview_api.h) with arbitrary requests
// against a live session on a copy of tests/data/preview, so that what passes the guard runs: the
// status, images of each AOV, the pixel debugger at any pixel, and reads and writes of any file
// name (a write of a listed program reloads the scene with the fuzzed program; writes of the scene
// text and mesh are left out: fuzz_lrt_parser fuzzes those, and a fuzzed Format of 65536 x 65536
// would only measure the machine's memory). The first byte says
// whether the request carries the right Host and token; then come a request line
// "METHOD PATH[?QUERY]", header lines "name: value", an empty line and the body. Every request must
// get a 2xx or 4xx answer; a 500 (the handler failing on its own), a crash or a hang is a bug.
#include "cli/preview/preview_api.h"
#include "renderer/embree/device.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

namespace {

using namespace lrt::preview;

constexpr const char* kToken = "00112233445566778899aabbccddeeff";
constexpr const char* kHost = "127.0.0.1:9";

// The session and its API, made once: a copy of the preview tests' scene in a fresh folder.
struct Server {
    Server() {
        char pattern[] = "/tmp/lrt_fuzz_preview_XXXXXX";
        folder = mkdtemp(pattern);
        for (const auto& entry :
             std::filesystem::directory_iterator(LRT_SOURCE_DIR "/tests/data/preview"))
            std::filesystem::copy_file(entry.path(), folder / entry.path().filename());
        PreviewOptions options;
        options.build.bundledShaders = LRT_SOURCE_DIR "/shaders";
        options.build.bundledVertexPrograms = LRT_SOURCE_DIR "/vertex";
        options.threads = 1;
        session = std::make_unique<PreviewSession>(folder / "scene.lrt", device.get(), options);
        session->waitUntil(
            [](const PreviewStatus& s) { return s.state != PreviewStatus::State::Rendering; },
            std::chrono::seconds(60));
        api = std::make_unique<PreviewApi>(*session, AccessGuard(kToken, {kHost}),
                                           LRT_SOURCE_DIR "/cli/preview/web", "scene.lrt");
    }
    std::filesystem::path folder;
    lrt::EmbreeDevice device;
    std::unique_ptr<PreviewSession> session;
    std::unique_ptr<PreviewApi> api;
};

HttpRequest parseRequest(const std::string& text, unsigned flags) {
    HttpRequest request;
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    const std::size_t space = line.find(' ');
    request.method = line.substr(0, space);
    std::string target = space == std::string::npos ? "" : line.substr(space + 1);
    if (const std::size_t question = target.find('?'); question != std::string::npos) {
        std::istringstream query(target.substr(question + 1));
        std::string pair;
        while (std::getline(query, pair, '&')) {
            const std::size_t equals = pair.find('=');
            request.query.emplace(pair.substr(0, equals),
                                  equals == std::string::npos ? "" : pair.substr(equals + 1));
        }
        target.resize(question);
    }
    request.path = target;
    while (std::getline(in, line) && !line.empty()) {
        const std::size_t colon = line.find(':');
        request.headers.emplace(line.substr(0, colon),
                                colon == std::string::npos ? "" : line.substr(colon + 1));
    }
    std::ostringstream body;
    body << in.rdbuf();
    request.body = body.str();
    if (flags & 1)
        request.headers.emplace("host", kHost);
    if (flags & 2)
        request.headers.emplace("authorization", std::string("Bearer ") + kToken);
    return request;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Server server;
    if (size == 0)
        return 0;
    const HttpRequest request =
        parseRequest(std::string(reinterpret_cast<const char*>(data) + 1, size - 1), data[0]);
    if (request.method == "PUT" && (request.path.find(".lrt") != std::string::npos ||
                                    request.path.find(".obj") != std::string::npos))
        return 0;
    const HttpResponse response = server.api->respond(request);
    if (response.status < 200 || response.status >= 500) {
        std::fprintf(stderr, "status %d for %s %s: %s\n", response.status, request.method.c_str(),
                     request.path.c_str(), response.body.c_str());
        std::abort();
    }
    return 0;
}
