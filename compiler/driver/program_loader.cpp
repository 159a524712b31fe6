// The program format table and the one loader that consults it.
#include "compiler/driver/program_loader.h"

#include "slvm/card/card_file.h"
#include "slvm/card/card_image.h"
#include "slvm/common/file_name.h"
#include "slvm/sl/shader_file.h"
#include "slvm/vp2/parser.h"

#include <algorithm>
#include <fmt/format.h>

namespace compiler {

namespace {

CompiledProgram loadShader(const std::filesystem::path& path, const CompileOptions&) {
    CompiledProgram program;
    program.verified =
        std::make_shared<const slvm::sl::VerifiedProgram>(slvm::sl::loadShaderFile(path));
    return program;
}

CompiledProgram loadVertexProgram(const std::filesystem::path& path, const CompileOptions&) {
    CompiledProgram program;
    program.verified =
        std::make_shared<const slvm::vp2::VerifiedProgram>(slvm::vp2::loadVertexProgramFile(path));
    return program;
}

// Card images (by extension) and card text (anything else).
CompiledProgram loadCard(const std::filesystem::path& path, const CompileOptions&) {
    CompiledProgram program;
    program.verified =
        std::make_shared<const slvm::card::VerifiedProgram>(slvm::card::loadCardFile(path));
    return program;
}

// The profiles a format serves, from the profile table: those of a machine, or of a language.
template <Machine machine>
bool runsOn(const Profile& profile) {
    return profile.machine == machine;
}
bool anyProfile(const Profile&) {
    return true;
}

bool serves(const ProgramFormat& format, ProfileId profile) {
    return std::ranges::find(format.profiles, profile) != format.profiles.end();
}

} // namespace

const std::vector<ProgramFormat>& programFormats() {
    static const std::vector<ProgramFormat> formats = [] {
        const std::vector<ProfileId> surface = profilesWhere(runsOn<Machine::Surface>),
                                     vertex = profilesWhere(runsOn<Machine::Vertex>),
                                     card = profilesWhere(runsOn<Machine::Card>);
        std::vector<ProgramFormat> table = {
            {".slc", "SL bytecode", surface, false, false, &loadShader},
            {".sl", "SL assembly", surface, false, false, &loadShader},
            {".cg", "Cg source", profilesWhere(anyProfile), true, true, &compileCgFile},
            {".t", "T-Language source", profilesWhere(isTLanguageProfile), true, false,
             &compileTlFile},
            {".vp", "vertex program", vertex, false, false, &loadVertexProgram},
            {".pc", "card text", card, false, false, &loadCard},
        };
        for (const std::string_view extension : slvm::card::kCardImageExtensions)
            table.push_back({extension, "card image", card, false, false, &loadCard});
        return table;
    }();
    return formats;
}

const ProgramFormat* programFormatOf(const std::filesystem::path& path) {
    return programFormat(slvm::lowerCaseExtension(path));
}

const ProgramFormat* programFormat(std::string_view extension) {
    const auto& formats = programFormats();
    const auto found = std::ranges::find(formats, extension, &ProgramFormat::extension);
    return found == formats.end() ? nullptr : &*found;
}

std::vector<std::string_view> extensionsFor(ProfileId profile) {
    std::vector<std::string_view> extensions;
    for (const ProgramFormat& format : programFormats())
        if (serves(format, profile))
            extensions.push_back(format.extension);
    return extensions;
}

CompiledProgram loadProgram(const std::filesystem::path& path, const CompileOptions& options) {
    const Profile& profile = profileOf(options.profile);
    const ProgramFormat* format = programFormatOf(path);
    if (format && !serves(*format, options.profile))
        throw slvm::ProgramError({slvm::fileDiagnostic(
            path.string(),
            fmt::format("this {} ({}) cannot be a program of profile {}: it serves {}; "
                        "profile {} takes {}",
                        format->name, format->extension, profile.name,
                        fmt::join(profileNames(format->profiles), ", "), profile.name,
                        fmt::join(extensionsFor(options.profile), ", ")))});
    if (!format) // each profile's own text
        format = programFormat(profile.textExtension);
    if (!format->hasUniforms && !options.uniformValues.empty())
        throw slvm::ProgramError({slvm::fileDiagnostic(
            path.string(), fmt::format("this {} has no uniforms to give values to (uniform '{}')",
                                       format->name, options.uniformValues.begin()->first))});
    if (options.onFileRead)
        options.onFileRead(path);
    CompiledProgram program = format->load(path, options);
    if (program.files.empty())
        program.files.push_back(path);
    if (options.onFileRead)
        for (const std::filesystem::path& file : program.files)
            if (file != path)
                options.onFileRead(file);
    return program;
}

} // namespace compiler
