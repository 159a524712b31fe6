// "Did you mean": the nearest known name to a misspelt one, with distances counted by hand.
#include "slvm/common/suggestion.h"

#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

using namespace slvm;

namespace {
const std::vector<std::string_view> kStatements = {"Sphere", "Cylinder",   "Cone",     "Disk",
                                                   "Format", "WorldBegin", "WorldEnd", "Surface"};
}

TEST_CASE("each kind of edit counts once", "[suggestion]") {
    CHECK(nearestName("Spehre", kStatements) == "Sphere");  // neighbours swapped
    CHECK(nearestName("Sphre", kStatements) == "Sphere");   // one deleted
    CHECK(nearestName("Spherre", kStatements) == "Sphere"); // one inserted
    CHECK(nearestName("Sphare", kStatements) == "Sphere");  // one substituted
    CHECK(nearestName("sphere", kStatements) == "Sphere");  // case alone is no edit
    CHECK(nearestName("WorldBgein", kStatements) == "WorldBegin");
    CHECK(nearestName("Surfase", kStatements) == "Surface");
}

TEST_CASE("the allowed distance grows with the name's length", "[suggestion]") {
    // 4 characters: one edit ("Dsik" is a swap), not two ("Dxsx").
    CHECK(nearestName("Dsik", kStatements) == "Disk");
    CHECK_FALSE(nearestName("Dxsx", kStatements));
    // 5 to 8 characters: two edits, not three.
    CHECK(nearestName("Formta2", kStatements) == "Format"); // swap + insertion
    CHECK_FALSE(nearestName("Fxrmxtx", kStatements));       // two substitutions and an insertion
    // 9 and more: three.
    CHECK(nearestName("Cylindeeerr", kStatements) == "Cylinder"); // three insertions
    // Never as many edits as the name is long: 'x' is not a typo of any one-letter name.
    const std::vector<std::string_view> registers = {"P", "N", "L", "s0", "s1"};
    CHECK_FALSE(nearestName("x", registers));
    CHECK(nearestName("n", registers) == "N");
    CHECK(nearestName("s4", registers) == "s0"); // the nearest, then the first
}

TEST_CASE("an exact name and an empty list suggest nothing", "[suggestion]") {
    CHECK_FALSE(nearestName("Sphere", kStatements));
    CHECK_FALSE(nearestName("Sphere", std::vector<std::string_view>{}));
    CHECK(didYouMean("Sphere", kStatements).empty());
    CHECK(didYouMean("Spehre", kStatements) == "; did you mean 'Sphere'?");
}
