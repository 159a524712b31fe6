// The SL 1.0 specification's four example shaders, as its text has them byte for byte (no-break
// spaces on their "blank" lines included), assemble to the same bytecode as the bundled shaders.
// The files in spec_text/ were cut out of the specification, never retyped (spec_text/README.md).
#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"
#include "slvm/sl/shader_file.h"
#include "tests/file_bytes.h"

#include <catch2/catch.hpp>
#include <string>

using namespace slvm::sl;

TEST_CASE("the spec's example shaders, verbatim, assemble like the bundled ones", "[sl][spec]") {
    const char* name =
        GENERATE("Constant.sl", "CosAttenuated.sl", "FullAttenuated.sl", "BumpMapping.sl");
    const std::string path = std::string(LRT_SOURCE_DIR "/tests/slvm/sl/spec_text/") + name;
    INFO("reproduce: lrt sl asm " << path << " -o out.slc");
    const std::string verbatim = testing_files::requiredFileBytes(path);
    // The point of the test: the specification's bytes, with its U+00A0 "blank" lines.
    REQUIRE(verbatim.find("\xC2\xA0") != std::string::npos);

    const VerifiedProgram fromSpec = assemble(verbatim, name);
    const VerifiedProgram bundled = loadShaderFile(std::string(LRT_SOURCE_DIR "/shaders/") + name);
    CHECK(writeSlc(fromSpec.program()) == writeSlc(bundled.program()));
}
