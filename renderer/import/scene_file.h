// The scene readers lrt has, in one table: each names its format, the file extensions it owns and
// how it recognises its content. Every way a scene file comes in (`lrt render`, the `lrt FILE`
// shorthand, `lrt farm`) asks this table which reader to use; a file that looks like another format
// gets a hint instead of a cascade of unknown statements.
#pragma once

#include "renderer/description/scene_description.h"
#include "renderer/description/scene_vocabulary.h"

#include <filesystem>
#include <string_view>
#include <vector>

namespace lrt {

struct SceneReader {
    std::string_view format;                  // as messages name it: "lrt", "pbrt-v4", "glTF 2.0"
    std::vector<std::string_view> extensions; // lower case, with the dot: ".pbrt"
    // Whether the text is unmistakably this format whatever the file's name (a glTF binary's magic
    // or a JSON document); nullptr when the format has no such mark.
    bool (*claims)(std::string_view text);
    // For a text format: statements only it has, by which a file's content tells the text
    // formats apart when its name does not.
    std::vector<std::string_view> ownStatements;
    // Reads the file, whose whole content is `text`, checking what it describes against
    // `vocabulary`; throws SceneError with every diagnostic.
    std::vector<FrameDescription> (*read)(const std::filesystem::path& path,
                                          const std::string& text,
                                          const SceneVocabulary& vocabulary);
    // Whether its scenes include other files of its format (Include, Import), which are then
    // scene text too; a glTF file other than the scene is a mesh that a scene places.
    bool includesItsOwn;
};

// The reader owning the extension of `path` (case-insensitively), or null.
const SceneReader* sceneReaderOwning(const std::filesystem::path& path);

// Every reader, in the order they are tried; the first (lrt) is the text format of a file that
// nothing else tells.
const std::vector<SceneReader>& sceneReaders();

// The reader for `path`, whose text is `text`: the reader that claims the content, else the one
// that owns the extension (case-insensitively), else the one whose statements the file begins
// with (lrt on a tie).
const SceneReader& sceneReaderFor(const std::filesystem::path& path, std::string_view text);

// Whether some reader owns the extension of `path`: what the `lrt FILE` shorthand accepts.
bool hasSceneExtension(const std::filesystem::path& path);

// Reads `path` with the reader its format needs; throws SceneError as the readers do, and for a
// mesh given as a scene (PLY, OBJ), saying how to place it in one.
std::vector<FrameDescription> readScene(const std::filesystem::path& path);

} // namespace lrt
