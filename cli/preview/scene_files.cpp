// Naming, classifying and resolving the scene's files for the preview's API.
#include "cli/preview/scene_files.h"

#include "compiler/driver/program_loader.h"
#include "renderer/import/scene_file.h"
#include "slvm/common/file_name.h"

#include <algorithm>

namespace lrt::preview {

namespace {

bool oneOf(const std::string& extension, std::initializer_list<std::string_view> extensions) {
    return std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
}

// What a program format's programs run on, as the page names it.
std::string programKind(const compiler::ProgramFormat& format) {
    switch (compiler::profileOf(format.profiles.front()).machine) {
    case compiler::Machine::Surface:
        return "shader";
    case compiler::Machine::Vertex:
        return "vertex program";
    case compiler::Machine::Card:
        return "card";
    }
    return "include";
}

// A source, or some machine's own text: what the editor can open (bytecode and card images
// are not text).
bool isText(const compiler::ProgramFormat& format) {
    const auto& profiles = compiler::profiles();
    return format.isSource || std::ranges::any_of(profiles, [&](const compiler::Profile& profile) {
               return profile.textExtension == format.extension;
           });
}

} // namespace

FileKind fileKind(const std::filesystem::path& path, const std::filesystem::path& scene) {
    if (path == scene)
        return {"scene", true};
    if (const SceneReader* reader = sceneReaderOwning(path))
        return reader->includesItsOwn ? FileKind{"scene", true} : FileKind{"mesh", false};
    const compiler::ProgramFormat* format = compiler::programFormatOf(path);
    if (format && isText(*format))
        return {programKind(*format), true};
    // Meshes and images are read by their shapes and by OpenImageIO, which keep no table of
    // extensions; these are the ones lrt's documentation names.
    const std::string extension = slvm::lowerCaseExtension(path);
    if (oneOf(extension, {".obj", ".mtl", ".ply", ".gz", ".bin"}))
        return {"mesh", false};
    if (oneOf(extension,
              {".png", ".exr", ".tif", ".tiff", ".jpg", ".jpeg", ".hdr", ".pfm", ".tga"}))
        return {"image", false};
    if (format) // SL bytecode
        return {programKind(*format), false};
    return {"include", true};
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
        const FileKind kind = fileKind(path, scene);
        file.kind = kind.kind;
        file.program = kind.program;
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
