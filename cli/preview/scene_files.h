// The scene's files as the preview's API names them: each file the scene read, by its real path
// (symbolic links resolved) relative to the scene file's folder, with leading "../" for a file
// outside it, such as a shader of the bundled library. A request may name only these, exactly as
// listed: "..", an absolute path or any other name is refused before the file system is touched,
// and the file must still resolve (realpath) to where it did when the scene read it, so a symbolic
// link swapped since cannot lead elsewhere.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lrt::preview {

struct SceneFile {
    std::string name;             // as the API names it
    std::filesystem::path path;   // absolute, as the scene read it
    std::filesystem::path target; // its real path then (empty when it did not exist)
    // "scene", "shader", "vertex program", "card", "mesh", "image" or "include"
    std::string kind;
    bool program = false; // a text the editor opens: scene text, program text or an include
};

// What kind of file `path` is: a scene or a program by the readers' and program formats' own
// tables (renderer/import/scene_file.h, compiler/driver/program_loader.h), a mesh or an image
// by its extension, and otherwise a text that a scene or program includes (a Cg header), which
// is all else a scene reads.
struct FileKind {
    std::string kind;
    bool program; // the editor opens it
};
FileKind fileKind(const std::filesystem::path& path, const std::filesystem::path& scene);

class SceneFiles {
public:
    SceneFiles(const std::filesystem::path& scene, const std::vector<std::filesystem::path>& files);

    const std::vector<SceneFile>& files() const { return files_; }
    // The file `name` names, when it is one of files() and still resolves to the same real file.
    std::optional<SceneFile> find(std::string_view name) const;
    // The API name of `path` (absolute, as the scene read it), or "" when the scene did not read
    // it.
    std::string nameOf(const std::filesystem::path& path) const;

private:
    std::vector<SceneFile> files_;
};

} // namespace lrt::preview
