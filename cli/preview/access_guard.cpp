// The token and Host checks, and the token itself.
#include "cli/preview/access_guard.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <stdexcept>
#include <sys/random.h>

namespace lrt::preview {

namespace {

std::string lowerCase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// The value of cookie `name` in a Cookie header ("a=1; b=2"), or nullopt.
std::optional<std::string> cookieValue(std::string_view header, std::string_view name) {
    while (!header.empty()) {
        const std::size_t end = std::min(header.find(';'), header.size());
        std::string_view pair = header.substr(0, end);
        header.remove_prefix(std::min(end + 1, header.size()));
        while (!pair.empty() && pair.front() == ' ')
            pair.remove_prefix(1);
        const std::size_t equals = pair.find('=');
        if (equals != std::string_view::npos && pair.substr(0, equals) == name)
            return std::string(pair.substr(equals + 1));
    }
    return std::nullopt;
}

} // namespace

std::string newToken() {
    std::array<unsigned char, 16> bytes{};
    if (getrandom(bytes.data(), bytes.size(), 0) != static_cast<ssize_t>(bytes.size()))
        throw std::runtime_error("cannot draw a random token (getrandom)");
    std::string token;
    for (const unsigned char b : bytes)
        token += fmt::format("{:02x}", b);
    return token;
}

bool tokensEqual(std::string_view a, std::string_view b) {
    // Every byte of the longer is looked at whatever the contents; only the lengths (which the
    // token's fixed length makes no secret) decide early.
    const std::size_t n = std::max(a.size(), b.size());
    unsigned difference = a.size() == b.size() ? 0u : 1u;
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
        const unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
        difference |= static_cast<unsigned>(x ^ y);
    }
    return difference == 0;
}

bool AccessGuard::tokenOutsideCookie(const HttpRequest& request) const {
    if (tokensEqual(request.queryValue("token"), token_))
        return true;
    const std::string authorization = request.header("authorization");
    constexpr std::string_view kBearer = "Bearer ";
    return authorization.size() > kBearer.size() &&
           lowerCase(authorization.substr(0, kBearer.size())) == "bearer " &&
           tokensEqual(std::string_view(authorization).substr(kBearer.size()), token_);
}

std::optional<HttpResponse> AccessGuard::check(const HttpRequest& request) const {
    const std::string host = lowerCase(request.header("host"));
    if (std::none_of(hosts_.begin(), hosts_.end(),
                     [&](const std::string& h) { return lowerCase(h) == host; }))
        return errorResponse(403, fmt::format("the Host header must name this server ({})",
                                              hosts_.empty() ? "" : hosts_.front()));
    if (tokenOutsideCookie(request))
        return std::nullopt;
    const auto cookie = cookieValue(request.header("cookie"), kTokenCookie);
    if (cookie && tokensEqual(*cookie, token_))
        return std::nullopt;
    return errorResponse(403, "this server needs its token: open the address lrt preview "
                              "printed (it ends in ?token=...)");
}

std::string AccessGuard::cookie() const {
    return fmt::format("{}={}; Path=/; SameSite=Strict; HttpOnly", kTokenCookie, token_);
}

} // namespace lrt::preview
