#include "renderer/import/scene_file.h"

#include "renderer/gltf/gltf_scene.h"
#include "renderer/parser/parser.h"
#include "renderer/parser/statement_reader.h"
#include "renderer/pbrt/pbrt_scene.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <set>
#include <string>

namespace lrt {

namespace {

// Statements only one of the two formats has.
const std::set<std::string, std::less<>> kPbrtOnly = {
    "Camera",        "Film",    "Sampler", "Integrator", "Material",        "MakeNamedMaterial",
    "NamedMaterial", "Texture", "Import",  "ColorSpace", "MakeNamedMedium", "MediumInterface"};
const std::set<std::string, std::less<>> kLrtOnly = {
    "Projection",        "Format",         "Display",    "Surface",
    "SurfaceIntegrator", "PixelSamples",   "FrameBegin", "Sphere",
    "Polygon",           "PointsPolygons", "Color",      "Sides",
    "WorldEnd",          "VertexProgram",  "Opacity",    "Exposure"};

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

// The format the content suggests, if it suggests one.
std::optional<SceneFormat> formatByContent(std::string_view text) {
    int pbrt = 0, lrt = 0;
    for (const std::string& word : leadingWords(text)) {
        pbrt += kPbrtOnly.contains(word);
        lrt += kLrtOnly.contains(word);
    }
    if (pbrt == lrt)
        return std::nullopt;
    return pbrt > lrt ? SceneFormat::Pbrt : SceneFormat::Lrt;
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

SceneFormat sceneFormatOf(const std::filesystem::path& path, std::string_view text) {
    const std::string extension = path.extension().string();
    if (extension == ".gltf" || extension == ".glb" || text.starts_with("glTF") ||
        (text.find_first_not_of(" \t\r\n") != std::string_view::npos &&
         text[text.find_first_not_of(" \t\r\n")] == '{'))
        return SceneFormat::Gltf;
    if (extension == ".pbrt")
        return SceneFormat::Pbrt;
    if (extension == ".lrt" || extension == ".rib")
        return SceneFormat::Lrt;
    return formatByContent(text).value_or(SceneFormat::Lrt);
}

std::vector<FrameDescription> readScene(const std::filesystem::path& path) {
    const std::string text = readSceneFile(path, {path.string(), 0, 0}, "scene file");
    const SceneFormat format = sceneFormatOf(path, text);
    if (format == SceneFormat::Gltf)
        return parseGltfScene(path);
    refuseOtherFormats(path, text);
    const std::filesystem::path directory = path.parent_path().empty() ? "." : path.parent_path();
    try {
        return format == SceneFormat::Pbrt ? parsePbrtString(text, path.string(), directory)
                                           : parseSceneString(text, path.string(), directory);
    } catch (const SceneError& e) {
        // A file named for one format but written in the other: say so after its errors.
        const auto content = formatByContent(text);
        if (!content || *content == format)
            throw;
        std::vector<Diagnostic> diagnostics = e.diagnostics();
        diagnostics.emplace_back(
            slvm::Severity::Note, SourceLocation{path.string(), 1, 1},
            *content == SceneFormat::Pbrt
                ? "this file looks like a pbrt-v4 scene: name it .pbrt to read it as one"
                : "this file looks like an lrt scene: name it .lrt to read it as one");
        throw SceneError(std::move(diagnostics));
    }
}

} // namespace lrt
