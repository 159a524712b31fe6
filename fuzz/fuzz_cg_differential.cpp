// The differential test of tests/compiler at fuzzing scale: each input seeds a random well-typed
// Cg program, compiled for sl, vp1.1 and vp2 and run on the VMs, whose results must match a direct
// evaluation in double precision (within float rounding of the values the program reaches).
#include "compiler/driver/compile.h"
#include "fuzz_support.h"
#include "random_program.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/vm.h"
#include "slvm/vp2/vm.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace {

using compiler::testing::ProgramShape;
using compiler::testing::RandomProgram;
using compiler::testing::Vector;

void check(bool ok, const std::string& source, compiler::ProfileId profile, double expected,
           double got) {
    if (ok)
        return;
    std::fprintf(stderr, "profile %s: expected %.9g, got %.9g for\n%s\n",
                 std::string(compiler::profileOf(profile).name).c_str(), expected, got,
                 source.c_str());
    std::abort();
}

bool close(double got, double expected, double magnitude) {
    return std::fabs(got - expected) <= 2e-4 * (1.0 + magnitude);
}

// Compiles, or returns nullopt for a program too big for the target (the one acceptable failure).
std::optional<compiler::CompiledProgram> compile(const std::string& source,
                                                 compiler::ProfileId profile) {
    compiler::CompileOptions options;
    options.profile = profile;
    try {
        return compiler::compileCg(std::make_shared<const slvm::SourceText>("random.cg", source),
                                   options);
    } catch (const slvm::ProgramError& error) {
        const std::string message = error.what();
        if (message.find("registers than SL has") == std::string::npos &&
            message.find("instructions; profile") == std::string::npos) {
            std::fprintf(stderr, "%s\n%s\n", message.c_str(), source.c_str());
            std::abort();
        }
        return std::nullopt;
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::uint64_t seed = 0;
    std::memcpy(&seed, data, std::min(size, sizeof seed));
    // Surface shaders on the SL VM.
    ProgramShape surface;
    surface.vectorInputs = {"N", "L", "V", "P"};
    surface.scalarInputs = {"Kd", "Ks"};
    surface.inputWidth = 3;
    surface.resultWidth = 3;
    surface.resultSemantic = "COLOR";
    surface.allowLog = false;
    const RandomProgram shader(surface, seed);
    const std::vector<Vector> vectors = {
        {0.25, -0.5, 1, 0}, {1.5, 0.75, -0.25, 0}, {-1, 0.5, 0.125, 0}, {0.5, 2, -1.5, 0}};
    const std::vector<double> scalars = {0.375, -1.25};
    const auto expected = shader.evaluate(vectors, scalars);
    if (expected.margin >= 1e-3 && expected.magnitude <= 1e5)
        if (const auto program = compile(shader.source(), compiler::ProfileId::Sl)) {
            slvm::sl::RegisterFile registers = slvm::sl::RegisterFile::withDefaults();
            for (std::size_t i = 0; i < vectors.size(); ++i)
                registers.vector(*slvm::sl::findRegister(surface.vectorInputs[i])) = {
                    static_cast<float>(vectors[i][0]), static_cast<float>(vectors[i][1]),
                    static_cast<float>(vectors[i][2]), 0};
            for (std::size_t i = 0; i < scalars.size(); ++i)
                registers.scalar(*slvm::sl::findRegister(surface.scalarInputs[i])) =
                    static_cast<float>(scalars[i]);
            slvm::sl::fuzzing::FuzzHost host;
            slvm::sl::execute(*program->sl(), registers, host);
            for (int c = 0; c < 3; ++c)
                check(close(registers.vector(slvm::sl::reg::v0)[static_cast<std::size_t>(c)],
                            expected.value[static_cast<std::size_t>(c)], expected.magnitude),
                      shader.source(), compiler::ProfileId::Sl,
                      expected.value[static_cast<std::size_t>(c)],
                      registers.vector(slvm::sl::reg::v0)[static_cast<std::size_t>(c)]);
        }
    // Vertex programs on both vertex profiles.
    ProgramShape vertex;
    vertex.vectorInputs = {"ATTR0", "ATTR1", "ATTR2"};
    vertex.inputWidth = 4;
    vertex.resultWidth = 4;
    vertex.resultSemantic = "POSITION";
    const RandomProgram program(vertex, seed ^ 0x9e3779b97f4a7c15u);
    const std::vector<Vector> attributes = {
        {0.25, -0.5, 1, 1}, {1.5, 0.75, -0.25, 0.5}, {-1, 0.5, 0.125, 2}};
    const auto reference = program.evaluate(attributes, {});
    if (reference.margin < 1e-3 || reference.magnitude > 1e5)
        return 0;
    for (const compiler::ProfileId profile :
         {compiler::ProfileId::Vp11, compiler::ProfileId::Vp2}) {
        const auto compiled = compile(program.source(), profile);
        if (!compiled)
            continue;
        std::vector<slvm::vp2::Vector4> parameters(slvm::vp2::kMaxParameters);
        for (const compiler::ConstantSlot& slot : compiled->constants)
            parameters[static_cast<std::size_t>(slot.index)] = slot.value;
        slvm::vp2::VertexMachine machine(*compiled->vertex(), parameters);
        std::array<slvm::vp2::Vector4, slvm::vp2::kAttributeCount> inputs{};
        for (std::size_t i = 0; i < attributes.size(); ++i)
            for (std::size_t c = 0; c < 4; ++c)
                inputs[i][c] = static_cast<float>(attributes[i][c]);
        machine.run(inputs);
        for (int c = 0; c < 4; ++c) {
            const float got = machine.result(slvm::vp2::Result::HPOS)[static_cast<std::size_t>(c)];
            check(close(got, reference.value[static_cast<std::size_t>(c)], reference.magnitude),
                  program.source(), profile, reference.value[static_cast<std::size_t>(c)], got);
        }
    }
    return 0;
}
