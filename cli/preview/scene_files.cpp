// Naming, classifying and resolving the scene's files for the preview's API.
#include "cli/preview/scene_files.h"

#include <algorithm>
#include <cctype>

namespace lrt::preview {

namespace {

std::string lowerExtension(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

bool oneOf(const std::string& extension, std::initializer_list<std::string_view> extensions) {
    return std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
}

} // namespace

std::string fileKind(const std::filesystem::path& path, const std::filesystem::path& scene) {
    const std::string extension = lowerExtension(path);
    if (path == scene || oneOf(extension, {".lrt", ".pbrt", ".rib"}))
        return "scene";
    if (oneOf(extension, {".sl", ".slc", ".cg", ".cgh", ".t"}))
        return "shader";
    if (oneOf(extension, {".vp"}))
        return "vertex program";
    if (oneOf(extension, {".pc"}))
        return "card";
    if (oneOf(extension, {".obj", ".mtl", ".ply", ".gz", ".gltf", ".glb", ".bin"}))
        return "mesh";
    if (oneOf(extension,
              {".png", ".exr", ".tif", ".tiff", ".jpg", ".jpeg", ".hdr", ".pfm", ".tga"}))
        return "image";
    return "other";
}

SceneFiles::SceneFiles(const std::filesystem::path& scene,
                       const std::vector<std::filesystem::path>& files) {
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::weakly_canonical(scene.parent_path(), ec);
    for (const std::filesystem::path& path : files) {
        SceneFile file;
        file.path = path;
        file.target = std::filesystem::canonical(path, ec);
        if (ec)
            file.target.clear();
        // Named by where it really is: a bundled shader reached through the build tree's link
        // to shaders/ is ../shaders/NAME, not a path through the link.
        file.name =
            (file.target.empty() ? path : file.target).lexically_relative(folder).generic_string();
        if (file.name.empty() || std::any_of(files_.begin(), files_.end(), [&](const SceneFile& f) {
                return f.name == file.name;
            }))
            continue;
        file.kind = fileKind(path, scene);
        const std::string extension = lowerExtension(path);
        file.program = (file.kind == "scene" || file.kind == "shader" ||
                        file.kind == "vertex program" || file.kind == "card") &&
                       extension != ".slc";
        files_.push_back(std::move(file));
    }
    std::sort(files_.begin(), files_.end(),
              [](const SceneFile& a, const SceneFile& b) { return a.name < b.name; });
}

std::optional<SceneFile> SceneFiles::find(std::string_view name) const {
    const auto it = std::find_if(files_.begin(), files_.end(),
                                 [&](const SceneFile& f) { return f.name == name; });
    if (it == files_.end() || it->target.empty())
        return std::nullopt;
    std::error_code ec;
    const std::filesystem::path now = std::filesystem::canonical(it->path, ec);
    if (ec || now != it->target || !std::filesystem::is_regular_file(now, ec))
        return std::nullopt;
    return *it;
}

std::string SceneFiles::nameOf(const std::filesystem::path& path) const {
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(path, ec);
    const auto it = std::find_if(files_.begin(), files_.end(), [&](const SceneFile& f) {
        return f.path == path || (!ec && f.target == real);
    });
    return it == files_.end() ? std::string() : it->name;
}

} // namespace lrt::preview
