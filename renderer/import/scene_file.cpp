// The scene reader table and the choice among its readers.
#include "renderer/import/scene_file.h"

#include "renderer/builder/registered_vocabulary.h"
#include "renderer/description/vocabulary_check.h"
#include "renderer/gltf/gltf_scene.h"
#include "renderer/parser/parser.h"
#include "renderer/parser/statement_reader.h"
#include "renderer/pbrt/pbrt_scene.h"
#include "slvm/common/file_name.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <string>

namespace lrt {

namespace {

std::filesystem::path directoryOf(const std::filesystem::path& path) {
    return path.parent_path().empty() ? "." : path.parent_path();
}

// The .lrt reader checks each statement as it reads it; the importers' frames are checked after.
std::vector<FrameDescription> readLrt(const std::filesystem::path& path, const std::string& text,
                                      const SceneVocabulary& vocabulary) {
    return parseSceneString(text, path.string(), vocabulary, directoryOf(path));
}

std::vector<FrameDescription> readPbrt(const std::filesystem::path& path, const std::string& text,
                                       const SceneVocabulary& vocabulary) {
    auto frames = parsePbrtString(text, path.string(), directoryOf(path));
    checkFrames(frames, vocabulary);
    return frames;
}

std::vector<FrameDescription> readGltf(const std::filesystem::path& path, const std::string& text,
                                       const SceneVocabulary& vocabulary) {
    auto frames = parseGltfScene(path, text);
    checkFrames(frames, vocabulary);
    return frames;
}

// A binary glTF's magic, or a JSON document (a .gltf): no other scene format starts with '{'.
bool claimsGltf(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    return text.starts_with("glTF") || (first != std::string_view::npos && text[first] == '{');
}

// The words that begin the first lines of `text` (statement names, as both formats put one
// statement per line in practice), up to `limit` of them.
std::vector<std::string> leadingWords(std::string_view text, std::size_t limit = 200) {
    std::vector<std::string> words;
    std::size_t at = 0;
    while (at < text.size() && words.size() < limit) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        std::size_t i = at;
        while (i < end && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        std::size_t j = i;
        while (j < end && std::isalpha(static_cast<unsigned char>(text[j])))
            ++j;
        if (j > i)
            words.emplace_back(text.substr(i, j - i));
        at = end + 1;
    }
    return words;
}

// The text format whose own statements begin the most lines of `text`, or null when none does
// or two tie.
const SceneReader* textFormatByContent(std::string_view text) {
    const std::vector<std::string> words = leadingWords(text);
    const SceneReader* best = nullptr;
    std::ptrdiff_t bestCount = 0;
    bool tie = false;
    for (const SceneReader& reader : sceneReaders()) {
        const auto count = std::ranges::count_if(words, [&](const std::string& word) {
            return std::ranges::find(reader.ownStatements, word) != reader.ownStatements.end();
        });
        if (count > bestCount)
            best = &reader, bestCount = count, tie = false;
        else if (count == bestCount && count > 0)
            tie = true;
    }
    return tie ? nullptr : best;
}

// Files that are not scene descriptions lrt reads, by their first bytes.
void refuseOtherFormats(const std::filesystem::path& path, std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    const std::string_view start = first == std::string_view::npos ? "" : text.substr(first);
    const std::string name = path.string();
    if (text.starts_with("ply"))
        throw SceneError({name, 1, 1}, "this is a PLY mesh, not a scene: place it in a scene "
                                       "with Shape \"plymesh\" \"filename\" \"...\"");
    if (start.starts_with("v ") || start.starts_with("mtllib") || start.starts_with("o ") ||
        start.starts_with("g "))
        throw SceneError({name, 1, 1}, "this looks like a Wavefront OBJ mesh, not a scene: place "
                                       "it in a scene with Shape \"obj\" \"filename\" \"...\"");
}

} // namespace

const std::vector<SceneReader>& sceneReaders() {
    static const std::vector<SceneReader> readers = {
        {"lrt",
         {".lrt", ".rib"},
         nullptr,
         {"Projection", "Format", "Display", "Surface", "SurfaceIntegrator", "PixelSamples",
          "FrameBegin", "Sphere", "Polygon", "PointsPolygons", "Color", "Sides", "WorldEnd",
          "VertexProgram", "Opacity", "Exposure"},
         &readLrt,
         true},
        {"pbrt-v4",
         {".pbrt"},
         nullptr,
         {"Camera", "Film", "Sampler", "Integrator", "Material", "MakeNamedMaterial",
          "NamedMaterial", "Texture", "Import", "ColorSpace", "MakeNamedMedium", "MediumInterface"},
         &readPbrt,
         true},
        {"glTF 2.0", {".gltf", ".glb"}, &claimsGltf, {}, &readGltf, false},
    };
    return readers;
}

const SceneReader& sceneReaderFor(const std::filesystem::path& path, std::string_view text) {
    const std::vector<SceneReader>& readers = sceneReaders();
    for (const SceneReader& reader : readers)
        if (reader.claims && reader.claims(text))
            return reader;
    if (const SceneReader* owner = sceneReaderOwning(path))
        return *owner;
    const SceneReader* byContent = textFormatByContent(text);
    return byContent ? *byContent : readers.front();
}

const SceneReader* sceneReaderOwning(const std::filesystem::path& path) {
    const std::string extension = slvm::lowerCaseExtension(path);
    for (const SceneReader& reader : sceneReaders())
        if (std::ranges::find(reader.extensions, extension) != reader.extensions.end())
            return &reader;
    return nullptr;
}

bool hasSceneExtension(const std::filesystem::path& path) {
    return sceneReaderOwning(path) != nullptr;
}

std::vector<FrameDescription> readScene(const std::filesystem::path& path) {
    const std::string text = readSceneFile(path, {path.string(), 0, 0}, "scene file");
    const SceneReader& reader = sceneReaderFor(path, text);
    if (!reader.claims)
        refuseOtherFormats(path, text);
    try {
        return reader.read(path, text, registeredVocabulary());
    } catch (const SceneError& e) {
        // A file named for one text format but written in the other: say so after its errors.
        const SceneReader* suggested = textFormatByContent(text);
        if (reader.claims || !suggested || suggested == &reader)
            throw;
        std::vector<Diagnostic> diagnostics = e.diagnostics();
        diagnostics.emplace_back(slvm::Severity::Note, SourceLocation{path.string(), 1, 1},
                                 fmt::format("this file's statements are {}'s: name it {} to read "
                                             "it as one",
                                             suggested->format, suggested->extensions.front()));
        throw SceneError(std::move(diagnostics));
    }
}

} // namespace lrt
