// Identities, warnings, image metadata and stats entries of rendered frames.
#include "cli/render_report.h"

#include "lrt/version.h"
#include "renderer/description/aov_selection.h"
#include "slvm/common/file_contents.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <sys/resource.h>

namespace lrt::cli {

std::string contentHash(const std::filesystem::path& path) {
    std::uint64_t hash = 14695981039346656037ull; // FNV-1a
    for (const unsigned char c : slvm::readFileContents(path).value_or(""))
        hash = (hash ^ c) * 1099511628211ull;
    return fmt::format("{:016x}", hash);
}

std::string renderIdentity(const std::string& scenePath, const std::string& sceneHash,
                           const FrameDescription& frame, const RenderSettings& settings) {
    const FilmDescription& film = frame.options.film;
    const PixelBounds b = renderBounds(film, settings);
    const int spp = settings.samplesPerPixel.value_or(film.xSamples * film.ySamples);
    // The output's channels too: a finished file without the layers now asked for is not done.
    std::string aovs;
    for (const std::string& layer : exrAovLayers(film))
        aovs += (aovs.empty() ? "" : ",") + layer;
    const float threshold = noiseThreshold(film, settings);
    return fmt::format("lrt {}; scene {} ({}); frame {}; spp {}; integrator {}; seed {}; pixels "
                       "{}..{} x {}..{} of {}x{}; aovs {}{}{}",
                       LRT_VERSION_STRING, scenePath, sceneHash, frame.number, spp,
                       settings.integrator.value_or(frame.options.integrator.name), settings.seed,
                       b.x0, b.x1, b.y0, b.y1, film.xResolution, film.yResolution,
                       aovs.empty() ? "none" : aovs, film.displayAlpha ? "; display rgba" : "",
                       threshold > 0 ? fmt::format("; noise threshold {}", threshold) : "");
}

// Each cause is reported once: a shader that ran out of its budget or returned NaN already says
// that its samples were dropped, so the render's own count of dropped samples is only reported
// when no shader explains it.
std::vector<slvm::Diagnostic> renderWarnings(const Scene& scene, const RenderSettings& settings,
                                             const RenderResult& result) {
    const RenderStatistics& s = result.statistics;
    std::vector<slvm::Diagnostic> warnings = scene.warnings();
    const std::vector<slvm::Diagnostic> shaderWarnings = scene.materialWarnings();
    warnings.insert(warnings.end(), shaderWarnings.begin(), shaderWarnings.end());
    if (s.droppedSamples > 0 && shaderWarnings.empty())
        warnings.emplace_back(
            slvm::Severity::Warning, slvm::SourceLocation{},
            fmt::format("{} samples had non-finite radiance and were dropped", s.droppedSamples));
    if (s.invalidRays > 0)
        warnings.emplace_back(slvm::Severity::Warning, slvm::SourceLocation{},
                              fmt::format("{} rays could not be traced (a non-finite or zero "
                                          "direction, or coordinates beyond {:g}) and were "
                                          "counted as misses",
                                          s.invalidRays, kMaxRayCoordinate));
    const bool whole = !settings.crop && !settings.tile &&
                       scene.film().cropWindow == std::array<float, 4>{0, 1, 0, 1};
    const bool black = std::all_of(result.image.pixels.begin(), result.image.pixels.end(),
                                   [](float v) { return v == 0.0f; });
    if (whole && black)
        warnings.emplace_back(
            slvm::Severity::Warning, slvm::SourceLocation{},
            scene.lights().empty()
                ? "the image is black: the scene has no light source"
                : fmt::format("the image is black: none of the scene's {} light sources reaches "
                              "anything the camera sees",
                              scene.lights().size()));
    return warnings;
}

std::size_t peakResidentBytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::size_t>(usage.ru_maxrss) * 1024;
}

ImageMetadata imageMetadata(const FrameReport& r, const std::string& commandLine,
                            const std::string& scenePath, const std::string& identity,
                            const std::string& crop) {
    const RenderStatistics& s = r.statistics;
    const FilmDescription& film = r.scene.film();
    ImageMetadata metadata = {
        {"Software", "lrt " LRT_VERSION_STRING},
        {"lrt:command", commandLine},
        {"lrt:scene", scenePath},
        {"lrt:frame", std::to_string(r.scene.frame())},
        {"lrt:spp", std::to_string(s.samplesPerPixel)},
        {"lrt:integrator", r.integrator},
        {"lrt:seed", std::to_string(r.settings.seed)},
        {"lrt:render_seconds", fmt::format("{:.3f}", s.seconds)},
        {"lrt:rays", fmt::format("camera {} shadow {} secondary {}", s.rays.camera, s.rays.shadow,
                                 s.rays.secondary)},
        {"lrt:dropped_samples", std::to_string(s.droppedSamples)},
        {"lrt:peak_resident_bytes", std::to_string(peakResidentBytes())},
        {"lrt:gain", fmt::format("{}", film.gain)},
        {"lrt:warnings", std::to_string(r.warnings.size())},
        {"lrt:identity", identity}};
    if (film.gamma)
        metadata.emplace_back("lrt:gamma", fmt::format("{}", *film.gamma));
    if (s.noiseThreshold > 0)
        metadata.emplace_back("lrt:noise_threshold", fmt::format("{}", s.noiseThreshold));
    if (r.settings.tile)
        metadata.emplace_back(
            "lrt:tile", fmt::format("{}/{}", r.settings.tile->first, r.settings.tile->second));
    if (!crop.empty())
        metadata.emplace_back("lrt:crop", crop);
    if (r.resumedTiles > 0)
        metadata.emplace_back("lrt:resumed_tiles", std::to_string(r.resumedTiles));
    return metadata;
}

nlohmann::json statsEntry(const FrameReport& r, const std::filesystem::path& output,
                          double writeSeconds) {
    const RenderStatistics& s = r.statistics;
    const SceneStatistics& scene = r.scene.statistics();
    const MaterialStatistics shaders = r.scene.materialStatistics();
    std::vector<std::string> warnings;
    for (const slvm::Diagnostic& d : r.warnings) {
        std::string text = slvm::formatDiagnostic(d);
        warnings.push_back(text.substr(0, text.find('\n')));
    }
    return {
        {"frame", r.scene.frame()},
        {"output", output.string()},
        {"render_seconds", s.seconds},
        {"write_seconds", writeSeconds},
        {"read_seconds", scene.readSeconds},
        {"geometry_seconds", scene.geometrySeconds},
        {"bvh_build_seconds", scene.bvhBuildSeconds},
        {"bvh", scene.bvh == BvhBuild::Fast ? "fast" : "quality"},
        {"bvh_bytes", scene.bvhBytes},
        {"bytes_per_triangle", scene.triangles > 0
                                   ? static_cast<double>(scene.geometryBytes + scene.bvhBytes) /
                                         static_cast<double>(scene.triangles)
                                   : 0.0},
        {"samples_per_pixel", s.samplesPerPixel},
        {"noise_threshold", s.noiseThreshold},
        {"pixels", static_cast<long long>(s.bounds.width()) * s.bounds.height()},
        {"resumed_tiles", r.resumedTiles},
        {"rays",
         {{"camera", s.rays.camera}, {"shadow", s.rays.shadow}, {"secondary", s.rays.secondary}}},
        {"dropped_samples", s.droppedSamples},
        {"light_sampler", s.lightSampler},
        {"emitters", s.emitters},
        {"light_sampler_build_seconds", s.lightSamplerSeconds},
        {"light_sampler_bytes", s.lightSamplerBytes},
        {"invalid_rays", s.invalidRays},
        {"sl_budget_exhausted", shaders.budgetExhausted},
        {"sl_non_finite", shaders.nonFinite},
        {"triangles", scene.triangles},
        {"quadrics", scene.quadrics},
        {"vertex_program_vertices", scene.programVertices},
        {"dropped_triangles", scene.droppedTriangles},
        {"vm", scene.vm},
        {"jit_programs", scene.compiledPrograms},
        {"jit_compile_seconds", scene.compileSeconds},
        {"instances", scene.instances},
        {"geometry_bytes", scene.geometryBytes},
        {"peak_resident_bytes", peakResidentBytes()},
        {"warnings", warnings}};
}

} // namespace lrt::cli
