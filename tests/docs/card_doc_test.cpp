// Keeps docs/card.md honest: its instruction table is the machine's instruction set, opcode by
// opcode, and its card-text example assembles and computes what its comments say.
#include "slvm/card/assembler.h"
#include "slvm/card/vm.h"
#include "tests/file_bytes.h"

#include <catch2/catch.hpp>
#include <set>
#include <sstream>

using namespace slvm::card;

namespace {

std::string cardDoc() {
    return testing_files::requiredFileBytes(LRT_SOURCE_DIR "/docs/card.md");
}

} // namespace

TEST_CASE("docs/card.md's instruction table is the instruction set", "[docs][card]") {
    std::istringstream lines(cardDoc());
    std::set<int> documented;
    std::string line;
    while (std::getline(lines, line)) {
        // A row of the table: "| 13 | `dot` | ...".
        std::istringstream cells(line);
        std::string bar, number, separator, name;
        if (!(cells >> bar >> number >> separator >> name) || bar != "|" || separator != "|" ||
            number.find_first_not_of("-0123456789") != std::string::npos || name.size() < 3 ||
            name.front() != '`')
            continue;
        const int code = std::stoi(number);
        INFO(line);
        const auto opcode = opcodeFromCode(code < 0 ? -code : code);
        REQUIRE(opcode);
        CHECK(mnemonic(*opcode) == name.substr(1, name.size() - 2));
        documented.insert(code);
    }
    for (int code = 0; code < 200; ++code)
        if (opcodeFromCode(code)) {
            INFO("opcode " << code << " is missing from docs/card.md");
            CHECK(documented.contains(code));
        }
    CHECK(documented.contains(-1)); // mov with an immediate
}

TEST_CASE("docs/card.md's text-form example is the unit sphere", "[docs][card]") {
    const std::string doc = cardDoc();
    const std::size_t section = doc.find("## The text form");
    REQUIRE(section != std::string::npos);
    const std::size_t open = doc.find("```\n", section);
    const std::size_t close = doc.find("```", open + 4);
    const std::string example = doc.substr(open + 4, close - open - 4);
    INFO(example);
    const VerifiedProgram program = verify(assemble(example, "docs/card.md"));
    CardMachine machine(program);
    machine.run(3, 4, 0);
    CHECK(machine.distance() == 4);
    machine.run(0, 0, 0.25f);
    CHECK(machine.distance() == -0.75f);
}
