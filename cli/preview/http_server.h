// The preview's HTTP server: cpp-httplib (Debian's libcpp-httplib-dev) listening on one address,
// each request turned into an HttpRequest and answered by the PreviewApi. The library parses the
// requests, refuses malformed ones (400), over-long lines and headers (414, 431) and bodies over
// the limit (413), and serves several connections at once from its thread pool, each request
// handed to `handler` (PreviewApi::respond).
#pragma once

#include "cli/preview/http_message.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace httplib {
class Server;
}

namespace lrt::preview {

class HttpServer {
public:
    // `handler` is called from the server's threads, several at once; it must not throw.
    explicit HttpServer(std::function<HttpResponse(const HttpRequest&)> handler);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds `address`:`port` (0: any free port) and returns the port; throws std::runtime_error.
    int bind(const std::string& address, int port);
    // Answers requests on a thread of its own from now on; returns once the server listens, so
    // that a stop() right after cannot come before it (call after bind()).
    void start();
    // Stops answering and waits for the thread; also done when the server goes.
    void stop();

private:
    std::unique_ptr<httplib::Server> server_;
    std::thread thread_;
    std::atomic<bool> ended_{false}; // the listening loop returned
};

} // namespace lrt::preview
