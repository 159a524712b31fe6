// The NV_vertex_program2 specification's example code, as its text has it byte for byte, completed
// mechanically into programs (spec_text/README.md): the valid examples load and run, and the two
// printed with mistakes are rejected at the lines of those mistakes.
#include "tests/file_bytes.h"
#include "tests/slvm/vp2/vp2_test_support.h"

#include <sstream>

namespace slvm::vp2 {
namespace {

// The header goes on the fragment's first line, so diagnostics keep the fragment's line numbers.
std::string completed(const std::string& fragment) {
    std::string program = "!!VP2.0 ";
    std::istringstream lines(fragment);
    for (std::string line; std::getline(lines, line);)
        program += (line.starts_with("...") ? "#" : "") + line + "\n";
    program += "MOV o[HPOS], R0;\n";
    for (const char* subroutine : {"function", "skin4"})
        if (fragment.find(std::string("CAL ") + subroutine) != std::string::npos)
            program += std::string(subroutine) + ": RET;\n";
    return program + "END\n";
}

std::string fragmentPath(const std::string& name) {
    return LRT_SOURCE_DIR "/tests/slvm/vp2/spec_text/" + name;
}

} // namespace

TEST_CASE("the spec's valid example code, verbatim, loads and runs", "[vp2][spec]") {
    const char* name = GENERATE("clip_plane.vp", "clip_sphere.vp", "loop.vp", "ara_loop.vp",
                                "skinning.vp", "skin4.vp");
    const std::string program = completed(testing_files::requiredFileBytes(fragmentPath(name)));
    INFO(name << ", completed as:\n" << program);
    // Every parameter and attribute 0 but w = 1: the loops run zero times, and every palette
    // index is 0.
    const testing::Outcome outcome = testing::runProgram(program);
    CHECK(outcome.status == ExecutionStatus::Ok);
}

TEST_CASE("the spec's example code printed with mistakes is rejected at them", "[vp2][spec]") {
    const auto lines = [](const std::string& name) {
        const std::string program = completed(testing_files::requiredFileBytes(fragmentPath(name)));
        std::vector<std::string> at;
        for (const Diagnostic& d : testing::loadErrors(program))
            at.push_back(std::to_string(d.where.line) + ":" + std::to_string(d.where.column));
        return at;
    };
    // The BRA without ';' (line 11) is found at the next instruction; then the MADs that lack
    // their addend.
    CHECK(lines("lighting.vp") == std::vector<std::string>{"12:1", "15:19", "16:19"});
    // The subroutine's two-operand ADD.
    CHECK(lines("subroutine.vp") == std::vector<std::string>{"4:11"});
}

} // namespace slvm::vp2
