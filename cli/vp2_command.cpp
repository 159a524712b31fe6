// The VP2 subcommands. `vp2 run` is the vertex-program author's debugger: set v[N] and c[N], run
// once, read every result register, temporary, address register and the condition code.
#include "cli/vp2_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/json_number.h"
#include "compiler/driver/program_loader.h"
#include "slvm/common/number.h"
#include "slvm/vp2/executor.h"
#include "slvm/vp2/parser.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <functional>
#include <iostream>
#include <memory>

namespace lrt::cli {

namespace vp2 = slvm::vp2;

namespace {

// "N=x,y,z[,w]" into registers[N]; with three numbers w keeps its default. Returns N.
int applyAssignment(std::vector<vp2::Vector4>& registers, const std::string& assignment,
                    const char* flag) {
    const std::size_t equals = assignment.find('=');
    const auto index =
        equals == std::string::npos
            ? std::nullopt
            : slvm::parseIntegerLiteral(std::string_view(assignment).substr(0, equals));
    if (!index || *index < 0 || *index >= static_cast<int>(registers.size()) ||
        !std::isdigit(static_cast<unsigned char>(assignment[0])))
        throw UsageError(fmt::format("{} '{}': expected N=x,y,z,w with N from 0 to {}", flag,
                                     assignment, registers.size() - 1));
    const auto values = parseFloatList(std::string_view(assignment).substr(equals + 1));
    if (!values || (values->size() != 3 && values->size() != 4))
        throw UsageError(fmt::format("{} '{}': expected 3 or 4 comma-separated numbers after '='",
                                     flag, assignment));
    for (std::size_t i = 0; i < values->size(); ++i)
        registers[static_cast<std::size_t>(*index)][i] = (*values)[i];
    return *index;
}

} // namespace

std::vector<std::pair<int, vp2::Vector4>> compiledLayout(const compiler::CompiledProgram& program) {
    std::vector<std::pair<int, vp2::Vector4>> preset;
    for (const compiler::ConstantSlot& slot : program.constants)
        preset.emplace_back(slot.index, slot.value);
    return preset;
}

int runVertexProgram(const ProgramRunOptions& options,
                     const std::function<vp2::VerifiedProgram()>& load,
                     const std::vector<std::pair<int, vp2::Vector4>>& preset) {
    std::vector<vp2::Vector4> attributes(vp2::kAttributeCount, vp2::Vector4{0, 0, 0, 1});
    std::vector<vp2::Vector4> checked(vp2::kMaxParameters); // flags are checked before the program
    for (const std::string& a : options.attributes)
        applyAssignment(attributes, a, "--attrib");
    int highestParameter = -1;
    for (const std::string& p : options.parameters)
        highestParameter = std::max(highestParameter, applyAssignment(checked, p, "--param"));

    const vp2::VerifiedProgram program = load();
    const vp2::Limits& limits = program.limits();
    if (highestParameter >= limits.parameters)
        throw UsageError(fmt::format("--param {}: {} programs have c[0] to c[{}]", highestParameter,
                                     vp2::versionHeader(program.version()), limits.parameters - 1));
    // c[] as the program declares it (#const), then the compiler's layout, then --param.
    std::vector<vp2::Vector4> parameters(vp2::kMaxParameters, vp2::Vector4{0, 0, 0, 0});
    for (const vp2::ConstantDeclaration& constant : program.constants())
        parameters[static_cast<std::size_t>(constant.index)] = constant.value;
    for (const auto& [index, value] : preset)
        parameters[static_cast<std::size_t>(index)] = value;
    for (const std::string& p : options.parameters) // three numbers keep w as declared
        applyAssignment(parameters, p, "--param");

    const vp2::Executor executor(program, options.vm);
    vp2::VertexMachine machine = executor.machine(parameters);
    std::array<vp2::Vector4, vp2::kAttributeCount> inputs{};
    std::copy(attributes.begin(), attributes.end(), inputs.begin());
    const slvm::ExecutionResult result = machine.run(inputs);

    std::string outputs, temps, address;
    for (int r = 0; r < limits.resultRegisters; ++r)
        outputs += fmt::format("{}\"{}\": {}", r ? ", " : "", vp2::resultName(r),
                               jsonNumbers(machine.result(static_cast<vp2::Result>(r))));
    for (int t = 0; t < limits.temporaries; ++t)
        temps += fmt::format("{}\"R{}\": {}", t ? ", " : "", t, jsonNumbers(machine.temporary(t)));
    for (int a = 0; a < limits.addressRegisters; ++a) {
        const auto& v = machine.address(a);
        address +=
            fmt::format("{}\"A{}\": [{}, {}, {}, {}]", a ? ", " : "", a, v[0], v[1], v[2], v[3]);
    }
    std::string json =
        fmt::format("{{\"status\": \"{}\", \"executed\": {}, \"outputs\": {{{}}}, "
                    "\"temps\": {{{}}}, \"address\": {{{}}}",
                    vp2::statusName(result.status), result.executed, outputs, temps, address);
    // VP1 has no condition code register.
    if (vp2::isVp2(program.version()))
        json += fmt::format(
            ", \"cc\": [\"{}\", \"{}\", \"{}\", \"{}\"]", vp2::conditionName(machine.condition(0)),
            vp2::conditionName(machine.condition(1)), vp2::conditionName(machine.condition(2)),
            vp2::conditionName(machine.condition(3)));
    std::cout << json << "}\n";
    return kExitOk;
}

void addVertexRunOptions(CLI::App& command, ProgramRunOptions& run) {
    command.add_option("--attrib", run.attributes,
                       "Vertex attribute v[N]=x,y,z[,w] (default 0,0,0,1; repeatable)");
    command.add_option(
        "--param", run.parameters,
        "Program parameter c[N]=x,y,z[,w] (default: the program's #const, else 0,0,0,0; "
        "repeatable)");
}

void addVp2Command(CLI::App& app, int& exitStatus) {
    CLI::App* vp2Command =
        app.add_subcommand("vp2", "Vertex programs (!!VP1.0, !!VP1.1, !!VP2.0): test-run");
    auto* runCommand = vp2Command->add_subcommand(
        "run", "Run a vertex program once on chosen attributes and parameters; prints JSON");
    auto run = std::make_shared<ProgramRunOptions>();
    runCommand
        ->add_option("PROGRAM", run->program, "Vertex program (.vp, or a .cg compiled for vp2)")
        ->required();
    addVertexRunOptions(*runCommand, *run);
    addVmOption(*runCommand, run->vm);
    runCommand->callback([&exitStatus, run] {
        exitStatus = guarded([&] {
            compiler::CompileOptions options;
            options.profile = compiler::ProfileId::Vp2;
            const compiler::CompiledProgram program = compiler::loadProgram(run->program, options);
            return runVertexProgram(
                *run, [&] { return *program.vertex(); }, compiledLayout(program));
        });
    });
}

} // namespace lrt::cli
