// An HTTP request and response as the preview's handlers see them: plain data, independent of the
// server library, so that the handlers can be tested and fuzzed without a socket.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lrt::preview {

struct HttpRequest {
    std::string method;                              // "GET", "PUT", ...
    std::string path;                                // percent-decoded, without the query
    std::multimap<std::string, std::string> query;   // percent-decoded
    std::multimap<std::string, std::string> headers; // names in lower case
    std::string body;

    // The first value of a query parameter or header, or "" when there is none.
    std::string queryValue(const std::string& name) const;
    std::string header(const std::string& lowerCaseName) const;
};

struct HttpResponse {
    int status = 200;
    std::string contentType = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

// A response whose body is {"error": message}.
HttpResponse errorResponse(int status, const std::string& message);

} // namespace lrt::preview
