// Who may talk to the preview server: a request must name the server as its Host (a page of
// another site that resolves its own name to 127.0.0.1, DNS rebinding, names that site) and
// present the session's token, as the `token` query parameter, an `Authorization: Bearer` header
// or the cookie the page sets, compared in constant time.
#pragma once

#include "cli/preview/http_message.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lrt::preview {

// The cookie the page is given once a request carried the token.
inline constexpr std::string_view kTokenCookie = "lrt_preview_token";

// A new token: 32 hex digits (128 bits) from the kernel's random source (getrandom(2)).
std::string newToken();

// Whether `a` equals `b`, taking the same time wherever they differ.
bool tokensEqual(std::string_view a, std::string_view b);

class AccessGuard {
public:
    // `hosts` are the Host header values that name this server ("127.0.0.1:8080").
    AccessGuard(std::string token, std::vector<std::string> hosts)
        : token_(std::move(token)), hosts_(std::move(hosts)) {}

    // Null when the request may go on, else the 403 it gets.
    std::optional<HttpResponse> check(const HttpRequest& request) const;
    // Whether the request carried the token in its query or header (not only in its cookie): the
    // page then sets the cookie.
    bool tokenOutsideCookie(const HttpRequest& request) const;
    // The Set-Cookie value that gives the token to the page: SameSite=Strict, HttpOnly.
    std::string cookie() const;

private:
    std::string token_;
    std::vector<std::string> hosts_;
};

} // namespace lrt::preview
