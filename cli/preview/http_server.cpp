// cpp-httplib glue: one handler for every method and path, which hands the request to the API.
#include "cli/preview/http_server.h"

#include "cli/preview/preview_api.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fmt/format.h>
#include <httplib.h>
#include <stdexcept>

namespace lrt::preview {

namespace {

HttpRequest requestOf(const httplib::Request& from) {
    HttpRequest request;
    request.method = from.method;
    request.path = from.path;
    request.query.insert(from.params.begin(), from.params.end());
    for (const auto& [name, value] : from.headers) {
        std::string lower = name;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        request.headers.emplace(std::move(lower), value);
    }
    request.body = from.body;
    return request;
}

} // namespace

HttpServer::HttpServer(std::function<HttpResponse(const HttpRequest&)> handler)
    : server_(std::make_unique<httplib::Server>()) {
    const auto handle = [handler = std::move(handler)](const httplib::Request& request,
                                                       httplib::Response& response) {
        const HttpResponse answer = handler(requestOf(request));
        response.status = answer.status;
        for (const auto& [name, value] : answer.headers)
            response.set_header(name, value);
        response.set_content(answer.body, answer.contentType);
    };
    const std::string anyPath = ".*";
    server_->Get(anyPath, handle);
    server_->Put(anyPath, handle);
    server_->Post(anyPath, handle);
    server_->Delete(anyPath, handle);
    server_->Patch(anyPath, handle);
    server_->Options(anyPath, handle);
    // A body over the API's limit is refused (413) before it is read whole.
    server_->set_payload_max_length(kMaxFileBytes + 1);
    // The page polls its status several times a second: keep its connection for many requests.
    server_->set_keep_alive_max_count(1000);
    server_->set_read_timeout(10, 0);
    server_->set_write_timeout(10, 0);
}

HttpServer::~HttpServer() {
    stop();
}

int HttpServer::bind(const std::string& address, int port) {
    const int bound = port == 0 ? server_->bind_to_any_port(address)
                                : (server_->bind_to_port(address, port) ? port : -1);
    if (bound <= 0)
        throw std::runtime_error(fmt::format("cannot listen on {}:{} (in use, or not an address "
                                             "of this machine)",
                                             address, port));
    return bound;
}

void HttpServer::start() {
    thread_ = std::thread([this] {
        server_->listen_after_bind();
        ended_ = true;
    });
    while (!server_->is_running() && !ended_)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (ended_)
        throw std::runtime_error("the preview server stopped as it started");
}

void HttpServer::stop() {
    if (!thread_.joinable())
        return;
    server_->stop();
    thread_.join();
}

} // namespace lrt::preview
