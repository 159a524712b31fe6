// The preview server's requests and what they get (docs/preview.md, "The HTTP API"): the page and
// its static files, the session's status and images, the pixel debugger, and the scene's files to
// read and write. Every request passes the AccessGuard first; anything else is a 4xx.
#pragma once

#include "cli/preview/access_guard.h"
#include "cli/preview/http_message.h"
#include "cli/preview/preview_session.h"

#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace lrt::preview {

// The largest file a PUT may write (1 MiB: shader and scene sources are a few KiB; meshes and
// images are not edited in the page).
inline constexpr std::size_t kMaxFileBytes = 1 << 20;

class PreviewApi {
public:
    // `webFolder` holds the page (index.html and the files beside it); only the files in it when
    // the server starts are served.
    PreviewApi(PreviewSession& session, AccessGuard guard, const std::filesystem::path& webFolder,
               std::string sceneName);

    // Never throws: a request it cannot answer gets a 4xx, a failure of its own a 500.
    HttpResponse respond(const HttpRequest& request) const;

private:
    HttpResponse route(const HttpRequest& request) const;
    HttpResponse page(const std::string& name, const HttpRequest& request) const;
    HttpResponse status() const;
    HttpResponse image(const HttpRequest& request, bool linear) const;
    HttpResponse pixel(const HttpRequest& request) const;
    // The pass's colour denoised, computed on the first request that wants it and kept for the
    // next ones until another pass finishes.
    std::shared_ptr<const std::vector<float>>
    denoisedColourOf(const std::shared_ptr<const PassImage>& pass) const;
    HttpResponse fileList() const;
    HttpResponse file(const HttpRequest& request, const std::string& name) const;

    PreviewSession& session_;
    AccessGuard guard_;
    std::map<std::string, std::string> web_; // file name -> contents
    std::string sceneName_;
    mutable std::mutex denoisedMutex_;
    mutable std::shared_ptr<const PassImage> denoisedPass_;            // under denoisedMutex_
    mutable std::shared_ptr<const std::vector<float>> denoisedColour_; // under denoisedMutex_
};

} // namespace lrt::preview
