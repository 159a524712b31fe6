// Keeps docs/sl.md honest: every SL example in it assembles, and the worked examples give the
// results the text states.
#include "../slvm/sl/sl_test_support.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using namespace slvm::sl;

namespace {

// The fenced code blocks of docs/sl.md whose first line is the SL header.
std::vector<std::string> slExamples() {
    std::ifstream in(LRT_SOURCE_DIR "/docs/sl.md");
    std::vector<std::string> blocks;
    std::string line, block;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.rfind("```", 0) == 0) {
            if (inside && block.rfind("sl 1.0\n", 0) == 0)
                blocks.push_back(block);
            inside = !inside;
            block.clear();
        } else if (inside) {
            block += line + "\n";
        }
    }
    return blocks;
}

std::string withoutHeader(const std::string& block) {
    return block.substr(block.find('\n') + 1);
}

} // namespace

TEST_CASE("every SL example in docs/sl.md assembles", "[docs]") {
    const auto examples = slExamples();
    CHECK(examples.size() >= 3);
    for (const std::string& example : examples) {
        INFO("example:\n" << example);
        CHECK_NOTHROW(slvm::sl::assemble(example, "docs/sl.md"));
    }
}

TEST_CASE("the first shader of docs/sl.md gives the documented result", "[docs]") {
    slvm::sl::RegisterFile r = slvm::sl::RegisterFile::withDefaults();
    r.vector(reg::N) = {0, 0, 1, 0};
    r.vector(reg::L) = {0, 0.6f, 0.8f, 0};
    r.vector(reg::C0) = {1, 0.5f, 0.25f, 1};
    r.vector(reg::dE) = {2, 2, 2, 0};
    const Float4 v0 = testing::run(withoutHeader(slExamples().at(0)), r).registers.vector(reg::v0);
    CHECK(v0[0] == Approx(0.8f));
    CHECK(v0[1] == Approx(0.4f));
    CHECK(v0[2] == Approx(0.2f));
    // Facing away: no light.
    r.vector(reg::L) = {0, 0.6f, -0.8f, 0};
    CHECK(testing::run(withoutHeader(slExamples().at(0)), r).registers.vector(reg::v0) ==
          Float4{0, 0, 0, 0});
}

TEST_CASE("the mirror example of docs/sl.md gives the documented result", "[docs]") {
    const auto examples = slExamples();
    const auto mirror = std::find_if(examples.begin(), examples.end(), [](const std::string& e) {
        return e.find("trace r1, Pw, r0") != std::string::npos;
    });
    REQUIRE(mirror != examples.end());
    slvm::sl::RegisterFile r = slvm::sl::RegisterFile::withDefaults();
    r.vector(reg::N) = {0, 0, 1, 0};
    r.vector(reg::V) = {0, 0.6f, 0.8f, 0};
    r.scalar(reg::Kr) = 0.9f;
    testing::FakeHost host;
    host.traceResult = {1, 1, 1};
    const auto result = testing::run(withoutHeader(*mirror), r, &host);
    REQUIRE(host.traces.size() == 1);
    CHECK(host.traces[0].second[0] == Approx(0.0f).margin(1e-7));
    CHECK(host.traces[0].second[1] == Approx(-0.6f));
    CHECK(host.traces[0].second[2] == Approx(0.8f));
    CHECK(result.registers.vector(reg::v0)[0] == Approx(0.9f));
}

TEST_CASE("the checker example of docs/sl.md alternates C0 and C1", "[docs]") {
    const auto examples = slExamples();
    const auto checker = std::find_if(examples.begin(), examples.end(), [](const std::string& e) {
        return e.find("even:") != std::string::npos;
    });
    REQUIRE(checker != examples.end());
    slvm::sl::RegisterFile r = slvm::sl::RegisterFile::withDefaults();
    r.vector(reg::N) = {0, 0, 1, 0};
    r.vector(reg::L) = {0, 0, 1, 0};
    r.scalar(reg::Kd) = 1;
    r.vector(reg::C0) = {1, 0, 0, 1};
    r.vector(reg::C1) = {0, 0, 1, 1};
    auto at = [&](float s, float t) {
        r.vector(reg::uv) = {s, t, 0, 0};
        return testing::run(withoutHeader(*checker), r).registers.vector(reg::v0);
    };
    CHECK(at(0.01f, 0.01f) == Float4{1, 0, 0, 0}); // square (0, 0): even
    CHECK(at(0.2f, 0.01f) == Float4{0, 0, 1, 0});  // square (1, 0): odd
    CHECK(at(0.2f, 0.2f) == Float4{1, 0, 0, 0});   // square (1, 1): even
}
