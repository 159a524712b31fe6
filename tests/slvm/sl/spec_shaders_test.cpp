// The four example shaders of the SL 1.0 spec, run on chosen inputs with hand-computed outputs.
#include "sl_test_support.h"
#include "slvm/sl/shader_file.h"

#include <catch2/catch.hpp>

using namespace slvm::sl;

namespace {

struct Shaded {
    RegisterFile registers;
    ExecutionResult result;
};

Shaded shade(const char* name, RegisterFile registers) {
    testing::FakeHost host;
    const VerifiedProgram program = loadShaderFile(std::string(LRT_SOURCE_DIR "/shaders/") + name);
    const ExecutionResult result = execute(program, registers, host);
    return {registers, result};
}

void checkXyz(const Float4& actual, float x, float y, float z) {
    CHECK(actual[0] == Approx(x).epsilon(1e-6));
    CHECK(actual[1] == Approx(y).epsilon(1e-6));
    CHECK(actual[2] == Approx(z).epsilon(1e-6));
}

} // namespace

TEST_CASE("Constant returns the surface colour", "[sl][spec]") {
    RegisterFile r = RegisterFile::withDefaults();
    r.vector(reg::C0) = {0.2f, 0.4f, 0.6f, 1.0f};
    const Shaded out = shade("Constant.sl", r);
    CHECK(out.registers.vector(reg::v0) == Float4{0.2f, 0.4f, 0.6f, 0.0f}); // w of v0 untouched
    CHECK(out.result.executed == 1);
}

TEST_CASE("CosAttenuated scales the colour by N.L", "[sl][spec]") {
    RegisterFile r = RegisterFile::withDefaults();
    r.vector(reg::N) = {0, 0, 1, 0};
    r.vector(reg::L) = {0, 0.6f, 0.8f, 0};
    r.vector(reg::C0) = {1, 0.5f, 0.25f, 1};
    const Shaded out = shade("CosAttenuated.sl", r);
    checkXyz(out.registers.vector(reg::v0), 0.8f, 0.4f, 0.2f);
}

TEST_CASE("FullAttenuated computes dE * C * (Kd N.L + Ks (N.H)^S)", "[sl][spec]") {
    RegisterFile r = RegisterFile::withDefaults();
    r.vector(reg::N) = {0, 0, 1, 0};
    r.vector(reg::L) = {0, 0.6f, 0.8f, 0};
    r.vector(reg::V) = {0, 0, 1, 0};
    r.vector(reg::C0) = {1, 0.5f, 0.25f, 1};
    r.vector(reg::dE) = {2, 3, 4, 0};
    r.scalar(reg::S) = 2;
    // N.L = 0.8 -> diffuse 0.4. H = norm(0, 0.6, 1.8): N.H = 1.8 / sqrt(3.6), squared 0.9,
    // times Ks 0.5 = 0.45. k = 0.85, C * k = (0.85, 0.425, 0.2125).
    // The spec's shader multiplies blue by dE.r (its 'movc r s1, dE' on the blue line), which we
    // keep verbatim: (0.85 * 2, 0.425 * 3, 0.2125 * 2).
    const Shaded out = shade("FullAttenuated.sl", r);
    checkXyz(out.registers.vector(reg::v0), 1.7f, 1.275f, 0.425f);
    CHECK(out.result.executed == 22);
    CHECK(out.result.status == ExecutionStatus::Ok);
}

TEST_CASE("BumpMapping lights a texture by the bump map's normal in tangent space", "[sl][spec]") {
    RegisterFile r = RegisterFile::withDefaults();
    r.vector(reg::ds) = {1, 0, 0, 0};
    r.vector(reg::dt) = {0, 1, 0, 0};
    r.vector(reg::N) = {0, 0, 1, 0};
    r.vector(reg::L) = {0.6f, 0, 0.8f, 0};
    r.vector(reg::t1) = {0, 0.6f, 0.8f, 1}; // bump-map normal tilted towards +t
    r.vector(reg::t0) = {0.5f, 0.25f, 1.0f, 1};
    // Tangent-space light (0.6, 0, 0.8); dotted with (0, 0.6, 0.8) gives 0.64.
    const Shaded out = shade("BumpMapping.sl", r);
    checkXyz(out.registers.vector(reg::v0), 0.32f, 0.16f, 0.64f);
}
