// `lrt preview`: a PreviewSession on the scene, served by an HttpServer on loopback until SIGINT
// or SIGTERM. The address, with its token, is the one line printed on stdout.
#include "cli/preview_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/install_layout.h"
#include "cli/interrupt.h"
#include "cli/preview/http_server.h"
#include "cli/preview/preview_api.h"
#include "renderer/embree/device.h"
#include "renderer/render/parallelism.h"

#include <chrono>
#include <fmt/format.h>
#include <iostream>
#include <malloc.h>
#include <spawn.h>
#include <thread>

extern char** environ;

namespace lrt::cli {

namespace {

struct PreviewFlags {
    std::string scene;
    int port = 0;
    std::string bind = "127.0.0.1";
    bool open = false;
    int threads = 0;
    std::uint64_t seed = 0;
};

bool isLoopback(const std::string& address) {
    return address == "127.0.0.1" || address == "::1" || address == "localhost";
}

// "HOST:PORT" as a URL and a Host header write it: an IPv6 address in brackets.
std::string hostAndPort(const std::string& host, int port) {
    return fmt::format("{}:{}", host.find(':') != std::string::npos ? "[" + host + "]" : host,
                       port);
}

// The Host header values that name the server: the address it is bound to, and the loopback
// names when it listens there.
std::vector<std::string> hostNames(const std::string& address, int port) {
    std::vector<std::string> hosts{hostAndPort(address, port)};
    if (isLoopback(address) || address == "0.0.0.0" || address == "::")
        for (const char* name : {"127.0.0.1", "localhost", "::1"})
            if (name != address)
                hosts.push_back(hostAndPort(name, port));
    return hosts;
}

// Opens `url` in the desktop's browser (xdg-open), without waiting for it; a failure is a warning.
void openInBrowser(const std::string& url) {
    const char* argv[] = {"xdg-open", url.c_str(), nullptr};
    pid_t child = 0;
    if (posix_spawnp(&child, "xdg-open", nullptr, nullptr, const_cast<char**>(argv), environ) != 0)
        std::cerr << "lrt preview: warning: cannot run xdg-open; open the address yourself\n";
}

// Every pass allocates a film of its resolution (18 floats a pixel: 41 MB at 960 x 600) and frees
// the last one. glibc serves blocks that big with fresh mmap'd pages, which the kernel faults in
// and clears on first touch: 130-200 ms a pass on the development VM, during which a reload cannot
// cancel the pass. Serving them from the heap, and keeping what is freed, reuses pages already
// faulted in; the session's memory stays at its high-water mark, which a live preview reaches
// again at its next pass anyway.
void keepFreedMemory() {
    constexpr int kLargest = 1 << 30;
    mallopt(M_MMAP_THRESHOLD, kLargest);
    mallopt(M_TRIM_THRESHOLD, kLargest);
}

int runPreview(const PreviewFlags& flags) {
    checkFlagNumber("--port", flags.port, slvm::kInteger.atLeast(0).atMost(65535));
    checkFlagNumber("--threads", flags.threads, slvm::kInteger.atLeast(0).atMost(4096));
    if (!std::filesystem::is_regular_file(flags.scene))
        throw std::runtime_error(fmt::format("{}: no such scene file", flags.scene));
    const InterruptHandler interrupt;
    keepFreedMemory();
    const Parallelism parallelism(flags.threads);
    EmbreeDevice device(parallelism.embreeConfig());
    preview::PreviewOptions options;
    options.build = buildOptionsFromEnvironment();
    options.seed = flags.seed;
    options.threads = flags.threads;
    preview::PreviewSession session(flags.scene, device.get(), options);

    // The server binds first (port 0 picks one), then the API is made with the Host names of
    // that port; no request is answered before start().
    std::unique_ptr<preview::PreviewApi> api;
    preview::HttpServer server(
        [&api](const preview::HttpRequest& request) { return api->respond(request); });
    const int port = server.bind(flags.bind, flags.port);
    const std::string token = preview::newToken();
    api = std::make_unique<preview::PreviewApi>(
        session, preview::AccessGuard(token, hostNames(flags.bind, port)),
        dataDirectory(executablePath()) / "preview", flags.scene);
    if (!isLoopback(flags.bind))
        std::cerr << fmt::format("lrt preview: warning: --bind {} lets other machines reach the "
                                 "preview; whoever has its address and token can read and write "
                                 "the scene's files\n",
                                 flags.bind);
    const std::string url =
        fmt::format("http://{}/?token={}", hostAndPort(flags.bind, port), token);
    server.start();
    std::cout << "preview: " << url << std::endl; // flushed, also into a pipe
    if (flags.open)
        openInBrowser(url);
    while (!InterruptHandler::requested())
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.stop();
    return kExitOk;
}

} // namespace

void addPreviewCommand(CLI::App& app, int& exitStatus) {
    auto flags = std::make_shared<PreviewFlags>();
    CLI::App* command = app.add_subcommand(
        "preview", "Serve a live, progressively refined preview of a scene to a browser, "
                   "reloaded when its files change");
    command->add_option("SCENE", flags->scene, "Scene file (any format lrt renders)")->required();
    command
        ->add_option("--port", flags->port,
                     "Port to listen on, 0 to 65535 (default 0: any free port)")
        ->check(nonNegativeInteger());
    command->add_option("--bind", flags->bind,
                        "Address to listen on (default 127.0.0.1; any other is warned about)");
    command->add_flag("--open", flags->open, "Open the address in the desktop's browser");
    command->add_option("--threads", flags->threads, "Render threads (default: all cores)")
        ->check(nonNegativeInteger());
    command->add_option("--seed", flags->seed, "Seed of every random sample (default 0)")
        ->check(nonNegativeInteger());
    command->callback(
        [&exitStatus, flags] { exitStatus = guarded([&] { return runPreview(*flags); }); });
}

} // namespace lrt::cli
