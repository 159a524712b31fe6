// Every bundled vertex program's Cg twin (vertex/NAME.cg) gives the hand-written program's
// outputs on random vertices and random c[] contents: both run on the VP2 VM with the same
// attributes and parameters, except the registers that hold the compiled program's literals.
#include "compiler/driver/compile.h"
#include "slvm/vp2/parser.h"
#include "slvm/vp2/vm.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <random>

namespace vp2 = slvm::vp2;

TEST_CASE("the Cg twins of the bundled vertex programs give their outputs on random inputs",
          "[compiler][twins]") {
    const std::filesystem::path folder = std::filesystem::path(LRT_SOURCE_DIR) / "vertex";
    int twins = 0;
    for (const char* name : {"twist", "ripple", "morph", "normals", "cutaway", "skin"}) {
        INFO("vertex/" << name << ".cg against vertex/" << name << ".vp");
        const vp2::VerifiedProgram handWritten =
            vp2::loadVertexProgramFile(folder / (std::string(name) + ".vp"));
        compiler::CompileOptions options;
        options.profile = compiler::ProfileId::Vp2;
        const compiler::CompiledProgram twin =
            compiler::compileCgFile(folder / (std::string(name) + ".cg"), options);
        ++twins;
        std::mt19937 random(7);
        std::uniform_real_distribution<float> value(-2.0f, 2.0f);
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<vp2::Vector4> parameters(vp2::kMaxParameters);
            for (auto& p : parameters)
                p = {value(random), value(random), value(random), value(random)};
            // The constants the hand-written programs document as fixed: morph.vp's 1 in c[0].y,
            // ripple.vp's 0.5 in c[1].w, skin.vp's palette stride 4 in c[0].y (and a segment
            // scale that keeps the two bones read inside the palette, c[4..23]).
            const std::string program = name;
            if (program == "morph")
                parameters[0][1] = 1;
            if (program == "ripple")
                parameters[1][3] = 0.5f;
            if (program == "skin") {
                parameters[0][0] = std::fabs(parameters[0][0]) * 0.5f;
                parameters[0][1] = 4;
            }
            std::vector<vp2::Vector4> compiledParameters = parameters;
            for (const compiler::ConstantSlot& slot : twin.constants)
                if (slot.name.empty()) // a literal of the compiled program
                    compiledParameters[static_cast<std::size_t>(slot.index)] = slot.value;
            std::array<vp2::Vector4, vp2::kAttributeCount> attributes{};
            for (auto& a : attributes)
                a = {value(random), value(random), std::fabs(value(random)), 1.0f};
            vp2::VertexMachine a(handWritten, parameters);
            vp2::VertexMachine b(*twin.vertex(), compiledParameters);
            REQUIRE(a.run(attributes).status == slvm::ExecutionStatus::Ok);
            REQUIRE(b.run(attributes).status == slvm::ExecutionStatus::Ok);
            for (const vp2::Result r :
                 {vp2::Result::HPOS, vp2::Result::COL0, vp2::Result::BFC0, vp2::Result::CLP0}) {
                const auto& expected = a.result(r);
                const auto& got = b.result(r);
                for (std::size_t c = 0; c < 4; ++c) {
                    INFO("trial " << trial << ", result " << static_cast<int>(r) << "." << c
                                  << ": .vp " << expected[c] << ", .cg " << got[c]);
                    CHECK(std::fabs(expected[c] - got[c]) <=
                          1e-4f * (1.0f + std::fabs(expected[c])));
                }
            }
        }
    }
    CHECK(twins == 6);
}
