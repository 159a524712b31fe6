// The compiler's subcommands, for each source language: `compile` writes the target's assembly
// (or the IR), `run` compiles and runs the result once with the flags of `lrt sl run`,
// `lrt vp2 run` or `lrt card run`.
#include "cli/compiler_command.h"

#include "cli/card_command.h"
#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/sl_command.h"
#include "cli/vp2_command.h"
#include "compiler/driver/program_loader.h"
#include "renderer/core/atomic_file.h"
#include "slvm/card/card_image.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <iostream>
#include <memory>

namespace lrt::cli {

namespace {

// A source language: its subcommand and its row of the program format table, which says what it
// is called, which profiles it compiles for, whether it has uniforms (--entry, --set, --uniform)
// and how it is compiled.
struct Language {
    std::string_view command;   // "cg"
    std::string_view extension; // ".cg"

    const compiler::ProgramFormat& format() const { return *compiler::programFormat(extension); }
    std::string source() const { return fmt::format("{} ({})", format().name, extension); }
    bool hasEntryAndUniforms() const { return format().hasUniforms; }
    std::vector<std::string> profiles() const { // as --profile spells them
        std::vector<std::string> names;
        for (const std::string_view name : compiler::profileNames(format().profiles))
            names.emplace_back(name);
        return names;
    }
    compiler::CompiledProgram compileFile(const std::filesystem::path& path,
                                          const compiler::CompileOptions& options) const {
        return format().load(path, options);
    }
};

const Language kCg{"cg", ".cg"};
const Language kTl{"tl", ".t"};

struct CompileFlags {
    const Language* language = &kCg;
    std::string input;
    std::string profile;
    std::string entry;
    std::string output;
    std::string emit = "asm";
    std::vector<std::string> uniforms;
    std::vector<std::string> includeFolders;
};

// The compiler's options from the flags; a malformed --set is a usage error.
compiler::CompileOptions compileOptions(const CompileFlags& flags) {
    compiler::CompileOptions options;
    options.profile = compiler::requireProfile(flags.profile).id;
    options.entry = flags.entry;
    for (const std::string& folder : flags.includeFolders)
        options.searchPath.emplace_back(folder);
    for (const std::string& assignment : flags.uniforms) {
        const std::size_t equals = assignment.find('=');
        const auto values = equals == std::string::npos
                                ? std::nullopt
                                : parseFloatList(assignment.substr(equals + 1));
        if (equals == 0 || !values || values->empty() || values->size() > 16)
            throw UsageError(fmt::format(
                "--set '{}': expected NAME=a[,b,...] with up to 16 finite numbers", assignment));
        options.uniformValues[assignment.substr(0, equals)] = *values;
    }
    return options;
}

// `run` may leave --profile out: its flags say which machine runs the program.
void addCompileFlags(CLI::App& command, CompileFlags& flags, bool profileRequired) {
    const Language& language = *flags.language;
    command.add_option("FILE", flags.input, std::string(language.source()))->required();
    command
        .add_option("--profile", flags.profile,
                    profileRequired
                        ? fmt::format("Target: {}", fmt::join(language.profiles(), ", "))
                        : fmt::format("Target: {} (default card with --point, vp2 with --attrib "
                                      "or --param, else sl)",
                                      fmt::join(language.profiles(), ", ")))
        ->required(profileRequired)
        ->check(CLI::IsMember(language.profiles()));
    if (language.hasEntryAndUniforms())
        command.add_option("--entry", flags.entry,
                           "Entry function (default main; sdf for profile card)");
    command.add_option("-I,--include", flags.includeFolders,
                       "Folder searched by #include (repeatable)");
}

int compileCommand(const CompileFlags& flags) {
    const compiler::CompileOptions options = compileOptions(flags);
    const compiler::CompiledProgram program = flags.language->compileFile(flags.input, options);
    const std::string& text = flags.emit == "ir" ? program.ir : program.assembly;
    if (flags.output == "-") {
        std::cout << text;
        return kExitOk;
    }
    std::string output = flags.output;
    if (output.empty())
        output = std::filesystem::path(flags.input)
                     .replace_extension(flags.emit == "ir"
                                            ? std::string_view(".ir")
                                            : compiler::profileOf(options.profile).outputExtension)
                     .string();
    // A card goes into an image when the name asks for one, else it is written as card text.
    if (program.card() && flags.emit == "asm" && slvm::card::isWritableCardImagePath(output))
        slvm::card::writeCardImage(output, program.card()->card());
    else
        writeFileAtomically(output, text);
    return kExitOk;
}

// The flags of the other profile's run are refused rather than ignored.
void refuseFlags(const CLI::App& command, std::initializer_list<const char*> flags,
                 const std::string& profile) {
    for (const char* flag : flags)
        if (const CLI::Option* option = command.get_option_no_throw(flag);
            option && option->count() > 0)
            throw UsageError(fmt::format("{} is not a flag of profile {}", flag, profile));
}

// The profile a run without --profile means: the one whose flags it was given, as `lrt sl run`,
// `lrt vp2 run` or `lrt card run` would take them; sl when none says.
compiler::ProfileId inferredProfile(const CLI::App& command) {
    const auto given = [&](const char* flag) {
        const CLI::Option* option = command.get_option_no_throw(flag);
        return option && option->count() > 0;
    };
    if (given("--point"))
        return compiler::ProfileId::Card;
    if (given("--attrib") || given("--param"))
        return compiler::ProfileId::Vp2;
    return compiler::ProfileId::Sl;
}

int runCommand(CompileFlags flags, const ShaderRunOptions& shaderRun,
               const ProgramRunOptions& vertexRun, const std::string& point,
               const CLI::App& command) {
    if (flags.profile.empty())
        flags.profile = compiler::profileOf(inferredProfile(command)).name;
    const std::vector<std::string> profiles = flags.language->profiles();
    if (std::ranges::find(profiles, flags.profile) == profiles.end())
        throw UsageError(fmt::format("{} programs have no profile {}: give --profile {}",
                                     flags.language->command, flags.profile,
                                     fmt::join(profiles, "|")));
    const compiler::CompileOptions options = compileOptions(flags);
    const compiler::Machine machine = compiler::profileOf(options.profile).machine;
    if (machine == compiler::Machine::Card) {
        refuseFlags(command, {"--attrib", "--param", "--trace-result", "--texture", "--seed"},
                    flags.profile);
        if (point.empty())
            throw UsageError("profile card needs --point x,y,z");
        return runCard(point, shaderRun.budget, shaderRun.vm,
                       [&] { return *flags.language->compileFile(flags.input, options).card(); });
    }
    refuseFlags(command, {"--point"}, flags.profile);
    if (machine == compiler::Machine::Surface) {
        refuseFlags(command, {"--attrib", "--param"}, flags.profile);
        return runShader(shaderRun,
                         [&] { return *flags.language->compileFile(flags.input, options).sl(); });
    }
    refuseFlags(command, {"--set", "--trace-result", "--texture", "--budget", "--seed"},
                flags.profile);
    // The constants the compiler laid out go into c[] first; --param may override them.
    const compiler::CompiledProgram program = flags.language->compileFile(flags.input, options);
    ProgramRunOptions run = vertexRun;
    run.vm = shaderRun.vm; // --vm is one flag for every profile
    return runVertexProgram(
        run, [&] { return *program.vertex(); }, compiledLayout(program));
}

void addCompilerCommand(CLI::App& app, int& exitStatus, const Language& language,
                        const std::string& description) {
    CLI::App* group = app.add_subcommand(std::string(language.command), description);

    auto* compile = group->add_subcommand(
        "compile", fmt::format("Compile FILE{} to the profile's assembly", language.extension));
    auto flags = std::make_shared<CompileFlags>();
    flags->language = &language;
    addCompileFlags(*compile, *flags, true);
    compile->add_option("-o,--output", flags->output,
                        "Output file (default FILE with .sl, .vp, or .exr for a card; - for "
                        "stdout)");
    if (language.hasEntryAndUniforms())
        compile->add_option("--set", flags->uniforms, "Uniform value NAME=a[,b,...] (repeatable)");
    compile->add_option("--emit", flags->emit, "What to write: asm (default) or ir")
        ->check(CLI::IsMember({"asm", "ir"}));
    compile->callback(
        [&exitStatus, flags] { exitStatus = guarded([&] { return compileCommand(*flags); }); });

    auto* run = group->add_subcommand(
        "run", fmt::format("Compile FILE{} and run it once; prints the JSON of lrt sl run "
                           "(profile sl), lrt vp2 run (vp1.1, vp2) or lrt card run (card)",
                           language.extension));
    auto runFlags = std::make_shared<CompileFlags>();
    runFlags->language = &language;
    auto point = std::make_shared<std::string>();
    auto shaderRun = std::make_shared<ShaderRunOptions>();
    auto vertexRun = std::make_shared<ProgramRunOptions>();
    addCompileFlags(*run, *runFlags, false);
    if (language.hasEntryAndUniforms())
        run->add_option("--uniform", runFlags->uniforms,
                        "Uniform value NAME=a[,b,...] (repeatable)");
    addShaderRunOptions(*run, *shaderRun);
    if (language.hasEntryAndUniforms()) // the vertex profiles
        addVertexRunOptions(*run, *vertexRun);
    run->add_option("--point", *point, "Profile card: the sample point x,y,z");
    run->callback([&exitStatus, runFlags, shaderRun, vertexRun, point, run] {
        exitStatus =
            guarded([&] { return runCommand(*runFlags, *shaderRun, *vertexRun, *point, *run); });
    });
}

} // namespace

void addCgCommand(CLI::App& app, int& exitStatus) {
    addCompilerCommand(app, exitStatus, kCg,
                       "Cg shader compiler: compile to SL, VP or a card, or compile and run");
}

void addTlCommand(CLI::App& app, int& exitStatus) {
    addCompilerCommand(app, exitStatus, kTl,
                       "T-Language compiler: compile to SL or a card, or compile and run");
}

} // namespace lrt::cli
