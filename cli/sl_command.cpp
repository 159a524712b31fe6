// The SL subcommands. `sl run` executes a shader once on chosen registers with a stand-in host:
// `trace` answers a fixed colour, `lookup` samples --texture files or echoes the tN register.
#include "cli/sl_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/json_number.h"
#include "compiler/driver/program_loader.h"
#include "renderer/core/atomic_file.h"
#include "renderer/sampling/pcg32.h"
#include "renderer/textures/texture_system.h"
#include "slvm/sl/bytecode.h"
#include "slvm/sl/disassembler.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/noise.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/shader_file.h"
#include "slvm/sl/vm.h"

#include <array>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

namespace lrt::cli {

namespace sl = slvm::sl;

namespace {

class ShaderRunHost final : public sl::Host {
public:
    ShaderRunHost(const sl::RegisterFile& registers, sl::Float3 traceResult, std::uint64_t seed)
        : registers_(registers), traceResult_(traceResult), random_(seed) {}

    void bindTexture(int unit, const std::string& path) {
        if (!textures_)
            textures_ = std::make_unique<TextureSystem>();
        bound_[static_cast<std::size_t>(unit)] = textures_->open(path);
    }
    bool hasTexture(int unit) const { return bound_[static_cast<std::size_t>(unit)].has_value(); }

    sl::Float3 trace(const sl::Float3&, const sl::Float3&) override { return traceResult_; }
    sl::Float3 lookup(int unit, float s, float t) override {
        if (const auto& texture = bound_[static_cast<std::size_t>(unit)])
            return textures_->sample(*texture, s, t);
        const sl::Float4& value = registers_.vector(sl::reg::t0 + unit);
        return {value[0], value[1], value[2]};
    }
    float random() override { return random_.uniform(); }
    float turbulence(float x) override { return sl::turbulence(x, 0.0f, 0.0f); }
    float turbulence(const sl::Float3& p) override { return sl::turbulence(p[0], p[1], p[2]); }

private:
    const sl::RegisterFile& registers_;
    sl::Float3 traceResult_;
    Pcg32 random_;
    std::unique_ptr<TextureSystem> textures_;
    std::array<std::optional<TextureSystem::Texture>, sl::kTextureUnitCount> bound_{};
};

// "NAME=a[,b,c[,d]]" into the register file.
void applySet(sl::RegisterFile& registers, const std::string& assignment) {
    const std::size_t equals = assignment.find('=');
    if (equals == std::string::npos)
        throw UsageError(
            fmt::format("--set '{}': expected NAME=VALUE, e.g. --set N=0,0,1", assignment));
    const std::string name = assignment.substr(0, equals);
    const auto index = sl::findRegister(name);
    if (!index)
        throw UsageError(fmt::format("--set '{}': unknown register '{}'", assignment, name));
    const auto values = parseFloatList(std::string_view(assignment).substr(equals + 1));
    if (!values)
        throw UsageError(
            fmt::format("--set '{}': expected comma-separated numbers after '='", assignment));
    if (sl::registerInfo(*index).kind == sl::RegisterKind::Scalar) {
        if (values->size() != 1)
            throw UsageError(
                fmt::format("--set '{}': '{}' is a scalar register and takes one number, "
                            "not {}",
                            assignment, name, values->size()));
        registers.scalar(*index) = (*values)[0];
        return;
    }
    if (values->size() != 3 && values->size() != 4)
        throw UsageError(
            fmt::format("--set '{}': '{}' is a vector register and takes 3 or 4 numbers, "
                        "not {}",
                        assignment, name, values->size()));
    for (std::size_t i = 0; i < values->size(); ++i)
        registers.vector(*index)[i] = (*values)[i];
}

} // namespace

int runShader(const ShaderRunOptions& options, const std::function<sl::VerifiedProgram()>& load) {
    sl::RegisterFile registers = sl::RegisterFile::withDefaults();
    std::array<bool, sl::kRegisterCount> setByFlag{};
    for (const std::string& assignment : options.sets) {
        applySet(registers, assignment);
        setByFlag[*sl::findRegister(assignment.substr(0, assignment.find('=')))] = true;
    }
    const auto traceResult = parseFloatList(options.traceResult);
    if (!traceResult || traceResult->size() != 3)
        throw UsageError(
            fmt::format("--trace-result '{}': expected three numbers r,g,b", options.traceResult));

    ShaderRunHost host(registers, {(*traceResult)[0], (*traceResult)[1], (*traceResult)[2]},
                       options.seed);
    std::vector<std::pair<int, std::string>> bindings;
    for (const std::string& binding : options.textures) {
        const std::size_t equals = binding.find('=');
        if (equals != 1 || binding[0] < '0' || binding[0] > '7' || binding.size() < 3)
            throw UsageError(
                fmt::format("--texture '{}': expected N=FILE with N in 0..7", binding));
        bindings.emplace_back(binding[0] - '0', binding.substr(2));
    }

    // Load the program before touching textures, so a bad shader reports first.
    const sl::VerifiedProgram program = load();
    for (const auto& [unit, path] : bindings) {
        host.bindTexture(unit, path);
        // As in the renderer, a bound texture's register holds its sample at the point's (s, t).
        if (!setByFlag[sl::reg::t0 + unit]) {
            const sl::Float4& uv = registers.vector(sl::reg::uv);
            const sl::Float3 texel = host.lookup(unit, uv[0], uv[1]);
            std::copy(texel.begin(), texel.end(), registers.vector(sl::reg::t0 + unit).begin());
        }
    }

    const sl::Executor executor(program, options.vm);
    const sl::ExecutionResult result = executor.execute(registers, host, options.budget);
    std::cout << fmt::format("{{\"status\": \"{}\", \"executed\": {}, \"registers\": {{{}}}}}\n",
                             sl::statusName(result.status), result.executed,
                             slRegistersJson(registers));
    return kExitOk;
}

void addShaderRunOptions(CLI::App& command, ShaderRunOptions& run) {
    command.add_option("--set", run.sets, "Register value NAME=a[,b,c[,d]] (repeatable)");
    command.add_option("--trace-result", run.traceResult, "What every trace returns: r,g,b");
    command.add_option("--texture", run.textures, "Bind image FILE to texture unit N: N=FILE");
    command.add_option("--budget", run.budget, "Instruction budget (default 65536)")
        ->check(nonNegativeInteger());
    command.add_option("--seed", run.seed, "Seed of the rnd stream (default 0)")
        ->check(nonNegativeInteger());
    addVmOption(command, run.vm);
}

namespace {

int assembleShader(const std::string& input, std::string output) {
    const sl::VerifiedProgram program = sl::loadShaderFile(input);
    if (output.empty())
        output = std::filesystem::path(input).replace_extension(".slc").string();
    const std::vector<std::byte> bytes = sl::writeSlc(program.program());
    writeFileAtomically(
        output, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    return kExitOk;
}

int disassembleShader(const std::string& input) {
    std::cout << sl::disassemble(sl::loadShaderFile(input));
    return kExitOk;
}

} // namespace

void addSlCommand(CLI::App& app, int& exitStatus) {
    CLI::App* sl = app.add_subcommand("sl", "SL shader toolchain: assemble, disassemble, test-run");

    auto* asmCommand = sl->add_subcommand("asm", "Assemble FILE.sl into FILE.slc bytecode");
    auto input = std::make_shared<std::string>();
    auto output = std::make_shared<std::string>();
    asmCommand->add_option("FILE", *input, "Shader source (.sl)")->required();
    asmCommand->add_option("-o,--output", *output,
                           "Output bytecode file (default: FILE with .slc)");
    asmCommand->callback([&exitStatus, input, output] {
        exitStatus = guarded([&] { return assembleShader(*input, *output); });
    });

    auto* disCommand = sl->add_subcommand("dis", "Print the .sl text of a shader (.slc or .sl)");
    auto disInput = std::make_shared<std::string>();
    disCommand->add_option("FILE", *disInput, "Shader bytecode (.slc) or source")->required();
    disCommand->callback([&exitStatus, disInput] {
        exitStatus = guarded([&] { return disassembleShader(*disInput); });
    });

    auto* runCommand =
        sl->add_subcommand("run", "Run a shader once on chosen registers; prints JSON");
    auto run = std::make_shared<ShaderRunOptions>();
    runCommand->add_option("SHADER", run->shader, "Shader (.sl, .slc, or a .cg or .t source)")
        ->required();
    addShaderRunOptions(*runCommand, *run);
    runCommand->callback([&exitStatus, run] {
        exitStatus = guarded([&] {
            return runShader(*run, [&] {
                compiler::CompileOptions options;
                options.profile = compiler::ProfileId::Sl;
                return *compiler::loadProgram(run->shader, options).sl();
            });
        });
    });
}

} // namespace lrt::cli
