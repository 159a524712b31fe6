// "#const c[N] = x y z w" comments, in NVIDIA cgc's form: what is read, what is only a comment,
// and what the machine starts with.
#include "slvm/vp2/parser.h"
#include "tests/slvm/vp2/vp2_test_support.h"

#include <catch2/catch.hpp>

namespace slvm::vp2 {
namespace {

TEST_CASE("#const lines declare c[] values, components left out being 0, 0, 1", "[vp2][const]") {
    const VerifiedProgram program =
        loadVertexProgram("!!VP2.0\n"
                          "#const c[1] = 2 0.5 0 1\n"
                          "  #const\tc[7] = -1e-016 4 3\n" // cgc on Windows: three exponent digits
                          "#const c[9] = 0.25\n"
                          "#constant c[2] = 9\n"                 // another word: a comment
                          "# const c[3] = 9\n"                   // so is this
                          "MOV o[HPOS], c[1]; #const c[4] = 9\n" // not at the start of a line
                          "END\n",
                          "const.vp");
    const auto& constants = program.constants();
    REQUIRE(constants.size() == 3);
    CHECK(constants[0].index == 1);
    CHECK(constants[0].value == std::array<float, 4>{2, 0.5f, 0, 1});
    CHECK(constants[0].where.line == 2);
    CHECK(constants[0].where.column == 8);
    CHECK(constants[1].index == 7);
    CHECK(constants[1].value == std::array<float, 4>{-1e-16f, 4, 3, 1});
    CHECK(constants[2].index == 9);
    CHECK(constants[2].value == std::array<float, 4>{0.25f, 0, 0, 1});
}

} // namespace
} // namespace slvm::vp2
