// The compiler's pipeline, stage by stage; each stage's errors are all reported before it stops.
#include "compiler/driver/compile.h"

#include "compiler/backends/card/card_target.h"
#include "compiler/backends/sl/sl_target.h"
#include "compiler/backends/vp2/vp_target.h"
#include "compiler/frontends/cg/lower.h"
#include "compiler/frontends/cg/parser.h"
#include "compiler/frontends/cg/preprocessor.h"
#include "compiler/frontends/tl/lower.h"
#include "compiler/frontends/tl/parser.h"
#include "compiler/frontends/tl/preprocessor.h"
#include "compiler/ir/expand.h"
#include "compiler/ir/optimize.h"
#include "compiler/ir/rematerialize.h"
#include "compiler/ir/schedule.h"
#include "compiler/ir/verify.h"
#include "slvm/card/assembler.h"
#include "slvm/common/file_contents.h"
#include "slvm/common/suggestion.h"
#include "slvm/common/unreachable.h"
#include "slvm/sl/assembler.h"
#include "slvm/vp2/parser.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace compiler {

namespace {

// The first kMaxReportedErrors errors in source order, then a note of how many there were: a
// file that is no program at all (a binary, say) has an error at every character, and quoting
// its line under each would print megabytes.
void stopOnErrors(std::vector<slvm::Diagnostic>& errors) {
    if (errors.empty())
        return;
    slvm::sortBySource(errors);
    if (errors.size() > kMaxReportedErrors) {
        const std::size_t total = errors.size();
        errors.resize(kMaxReportedErrors);
        errors.emplace_back(
            slvm::Severity::Note, slvm::SourceLocation{errors.front().where.file},
            fmt::format("stopped after {} errors ({} in all)", kMaxReportedErrors, total));
    }
    throw slvm::ProgramError(std::move(errors));
}

} // namespace

namespace {

void assembleSl(CompiledProgram& program, const std::string& name) {
    program.verified = std::make_shared<const slvm::sl::VerifiedProgram>(
        slvm::sl::assemble(program.assembly, name));
}

void assembleVertexProgram(CompiledProgram& program, const std::string& name) {
    program.verified = std::make_shared<const slvm::vp2::VerifiedProgram>(
        slvm::vp2::loadVertexProgram(program.assembly, name));
}

void assembleCard(CompiledProgram& program, const std::string& name) {
    program.verified = std::make_shared<const slvm::card::VerifiedProgram>(
        slvm::card::verify(slvm::card::assemble(program.assembly, name)));
}

} // namespace

const std::vector<Profile>& profiles() {
    static const std::vector<Profile> table = {
        {ProfileId::Sl, "sl", Machine::Surface, "PROFILE_SL", ".sl", ".sl", true,
         []() -> std::unique_ptr<Target> { return std::make_unique<backends::SlTarget>(); },
         &assembleSl},
        {ProfileId::Vp11, "vp1.1", Machine::Vertex, "PROFILE_VP11", ".vp", ".vp", false,
         []() -> std::unique_ptr<Target> { return std::make_unique<backends::VpTarget>(false); },
         &assembleVertexProgram},
        {ProfileId::Vp2, "vp2", Machine::Vertex, "PROFILE_VP2", ".vp", ".vp", false,
         []() -> std::unique_ptr<Target> { return std::make_unique<backends::VpTarget>(true); },
         &assembleVertexProgram},
        {ProfileId::Card, "card", Machine::Card, "PROFILE_CARD", ".exr", ".pc", true,
         []() -> std::unique_ptr<Target> { return std::make_unique<backends::CardTarget>(); },
         &assembleCard},
    };
    return table;
}

const Profile& profileOf(ProfileId id) {
    const auto found = std::ranges::find(profiles(), id, &Profile::id);
    if (found == profiles().end())
        slvm::unhandledEnumerator("compiler profile");
    return *found;
}

const Profile* findProfile(std::string_view name) {
    const auto found = std::ranges::find(profiles(), name, &Profile::name);
    return found == profiles().end() ? nullptr : &*found;
}

const Profile& requireProfile(std::string_view name) {
    if (const Profile* profile = findProfile(name))
        return *profile;
    throw std::invalid_argument(fmt::format("unknown profile '{}': expected one of {}", name,
                                            fmt::join(profileNames(), ", ")));
}

std::vector<std::string_view> profileNames() {
    return profileNamesWhere([](const Profile&) { return true; });
}

std::vector<std::string_view> profileNamesWhere(bool (*accepts)(const Profile&)) {
    std::vector<std::string_view> names;
    for (const Profile& profile : profiles())
        if (accepts(profile))
            names.push_back(profile.name);
    return names;
}

std::vector<ProfileId> profilesWhere(bool (*accepts)(const Profile&)) {
    std::vector<ProfileId> ids;
    for (const Profile& profile : profiles())
        if (accepts(profile))
            ids.push_back(profile.id);
    return ids;
}

std::vector<std::string_view> profileNames(const std::vector<ProfileId>& ids) {
    std::vector<std::string_view> names;
    for (const ProfileId id : ids)
        names.push_back(profileOf(id).name);
    return names;
}

namespace {

// Out of registers: the program is generated again from the original function with its
// instructions put in an order that keeps fewer values alive at once (needier operands first),
// and then with the values computed from inputs and constants alone also recomputed where they
// are used, each size of copy with and without that order (neither is always better: a copy
// needs registers of its own, and it sits where it is used in either); it is refused only if
// none fits. Small copies fit the most programs, but a few fit only with larger ones.
void fitRegisters(ir::Function& function, const Target& target,
                  const std::vector<ConstantSlot>& uniformSlots, Generated& generated) {
    for (const int limit : {0, 2, 1, 4, 8, 16, 64})
        for (const bool reorder : {true, false}) {
            if (!generated.outOfRegisters)
                return;
            if (limit == 0 && !reorder)
                continue; // the original, which did not fit
            ir::Function attempt = function;
            if (limit > 0 && !ir::rematerialize(attempt, limit))
                continue;
            if (reorder)
                ir::scheduleForRegisters(attempt);
            Generated again = target.generate(attempt, uniformSlots);
            if (again.errors.empty()) {
                generated = std::move(again);
                function = std::move(attempt);
            }
        }
}

// What every front end shares once it has an IR function: optimisation, legalisation for the
// target, code generation, and the target's own assembler and verifier.
CompiledProgram finish(ir::Function function, const Profile& profile, const Target& target,
                       std::vector<ConstantSlot> uniformSlots, const std::string& sourceName) {
    ir::verify(function, "the front end");
    ir::optimize(function);
    if (!target.hasBranches())
        ir::flattenIfs(function);
    std::vector<slvm::Diagnostic> errors = ir::expandForTarget(function, target.support());
    stopOnErrors(errors);
    ir::verify(function, "expandForTarget");
    ir::optimize(function);
    Generated generated = target.generate(function, uniformSlots);
    if (generated.outOfRegisters)
        fitRegisters(function, target, uniformSlots, generated);
    stopOnErrors(generated.errors);

    CompiledProgram program;
    program.assembly = std::move(generated.text);
    program.ir = ir::print(function);
    program.constants = std::move(generated.constants);
    // The generated text goes through the same assembler or parser, and verifier, as
    // hand-written programs.
    try {
        profile.assemble(program, sourceName + " (compiled)");
    } catch (const slvm::ProgramError& error) {
        throw std::logic_error(
            fmt::format("internal compiler error: the {} program compiled from {} does "
                        "not load:\n{}\n{}",
                        target.name(), sourceName, error.what(), program.assembly));
    }
    return program;
}

// The function a Cg program starts in: --entry's, else the first of the target's entry names that
// the program defines. With several names and none defined, the error names them all (with one,
// the lowering reports it with a suggestion).
std::string entryFunction(const cg::TranslationUnit& unit, const Target& target,
                          const CompileOptions& options, std::vector<slvm::Diagnostic>& errors) {
    if (!options.entry.empty())
        return options.entry;
    const std::vector<std::string_view> names = target.entryNames();
    std::vector<std::string_view> defined;
    for (const cg::FunctionDecl& function : unit.functions)
        if (function.body)
            defined.push_back(function.name);
    for (const std::string_view name : names)
        if (std::ranges::find(defined, name) != defined.end())
            return std::string(name);
    if (names.size() > 1)
        errors.emplace_back(slvm::Severity::Error,
                            slvm::SourceLocation{unit.functions.empty()
                                                     ? std::string_view{}
                                                     : unit.functions[0].where.file},
                            fmt::format("no entry function: profile {} starts in '{}'{}",
                                        target.name(), fmt::join(names, "', or else '"),
                                        slvm::didYouMean(names.front(), defined)));
    return std::string(names.front());
}

// The files a preprocessor read, in the order it read them.
std::vector<std::filesystem::path>
sourceFiles(const std::vector<std::shared_ptr<const slvm::SourceText>>& sources) {
    std::vector<std::filesystem::path> files;
    for (const auto& source : sources)
        files.emplace_back(source->name());
    return files;
}

std::shared_ptr<const slvm::SourceText> readSource(const std::filesystem::path& path) {
    auto text = slvm::readFileContents(path);
    if (!text)
        throw slvm::ProgramError({slvm::fileDiagnostic(path.string(), "cannot read the file")});
    return std::make_shared<const slvm::SourceText>(path.string(), std::move(*text));
}

} // namespace

CompiledProgram compileCg(std::shared_ptr<const slvm::SourceText> source,
                          const CompileOptions& options) {
    const Profile& profile = profileOf(options.profile);
    const std::unique_ptr<Target> target = profile.makeTarget();
    std::vector<slvm::Diagnostic> errors;
    const cg::PreprocessorOptions preprocessorOptions{
        options.searchPath, {{"LRT", "1"}, {std::string(profile.macro), "1"}}};
    cg::PreprocessedSource preprocessed = cg::preprocess(source, preprocessorOptions, errors);
    const cg::TranslationUnit unit = cg::parse(preprocessed.tokens, errors);
    stopOnErrors(errors);
    cg::LowerOptions lowerOptions{entryFunction(unit, *target, options, errors),
                                  options.uniformValues};
    stopOnErrors(errors);
    cg::LoweredProgram lowered = cg::lower(unit, *target, lowerOptions, errors);
    stopOnErrors(errors);
    const std::vector<std::filesystem::path> files = sourceFiles(preprocessed.sources);
    lowered.function.sources = std::move(preprocessed.sources);
    CompiledProgram program = finish(std::move(lowered.function), profile, *target,
                                     std::move(lowered.uniformSlots), source->name());
    program.files = files;
    return program;
}

CompiledProgram compileTl(std::shared_ptr<const slvm::SourceText> source,
                          const CompileOptions& options) {
    const Profile& profile = profileOf(options.profile);
    if (!profile.tLanguage)
        throw std::invalid_argument(
            fmt::format("profile {} is not a T-Language profile: expected {}", profile.name,
                        fmt::join(profileNamesWhere(isTLanguageProfile), " or ")));
    const std::unique_ptr<Target> target = profile.makeTarget();
    if (!options.uniformValues.empty())
        throw std::invalid_argument("T-Language programs have no uniforms to set");
    std::vector<slvm::Diagnostic> errors;
    tl::PreprocessedSource preprocessed = tl::preprocess(source, options.searchPath, errors);
    const tl::Program program = tl::parse(preprocessed.tokens, errors);
    stopOnErrors(errors);
    ir::Function function = tl::lower(program, *target, errors);
    stopOnErrors(errors);
    const std::vector<std::filesystem::path> files = sourceFiles(preprocessed.sources);
    function.sources = std::move(preprocessed.sources);
    CompiledProgram compiled = finish(std::move(function), profile, *target, {}, source->name());
    compiled.files = files;
    return compiled;
}

CompiledProgram compileCgFile(const std::filesystem::path& path, const CompileOptions& options) {
    return compileCg(readSource(path), options);
}

CompiledProgram compileTlFile(const std::filesystem::path& path, const CompileOptions& options) {
    return compileTl(readSource(path), options);
}

} // namespace compiler
