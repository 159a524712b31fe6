// Differential testing of the whole compiler: random well-typed programs (random_program.h)
// compiled for each profile and run on the VMs, against a direct evaluation in double precision.
// A sample too close to a discontinuity, or whose values grow past what a float keeps to the
// tolerance, is skipped; the test demands that most are not. LRT_DIFFERENTIAL_PROGRAMS sets how
// many programs per profile (default 600); the fuzz target runs many more.
#include "compiler/driver/compile.h"
#include "quiet_host.h"
#include "random_program.h"
#include "slvm/card/vm.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/vm.h"
#include "slvm/vp2/vm.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>

using compiler::testing::ProgramShape;
using compiler::testing::RandomProgram;
using compiler::testing::Vector;

namespace {

int programCount() {
    const char* count = std::getenv("LRT_DIFFERENTIAL_PROGRAMS");
    return count ? std::max(1, std::atoi(count)) : 600;
}

using compiler::testing::QuietHost;

struct Outcome {
    int compared = 0;
    int skipped = 0;       // samples too near a discontinuity
    int unallocatable = 0; // programs too big for the target
};

// Whether got is ref within float rounding of a computation whose values reached `magnitude`.
bool close(double got, double ref, double magnitude) {
    return std::fabs(got - ref) <= 2e-4 * (1.0 + magnitude) && std::isfinite(got);
}

std::vector<double> randomValues(std::mt19937_64& random, std::size_t count) {
    std::vector<double> values;
    for (std::size_t i = 0; i < count; ++i)
        values.push_back(static_cast<float>(
            std::round(std::uniform_real_distribution<double>(-2, 2)(random) * 256) / 256));
    return values;
}

// Compiles `source`; a failure whose message contains `acceptable` (a program too big for its
// target) is counted, any other fails the test.
// Which front end a program is written for: the same random tree is printed as Cg or as
// T-Language, and checked against the same evaluation.
enum class Language { Cg, Tl };

bool compileOrSkip(const std::string& profile, const std::string& source, const char* acceptable,
                   compiler::CompiledProgram& compiled, Outcome& outcome,
                   Language language = Language::Cg) {
    compiler::CompileOptions options;
    options.profile = compiler::requireProfile(profile).id;
    try {
        if (language == Language::Tl) {
            compiled = compiler::compileTl(
                std::make_shared<const slvm::SourceText>("random.t", source), options);
            return true;
        }
        options.entry = "main";
        compiled = compiler::compileCg(
            std::make_shared<const slvm::SourceText>("random.cg", source), options);
        return true;
    } catch (const slvm::ProgramError& error) {
        INFO(error.what());
        REQUIRE(std::string(error.what()).find(acceptable) != std::string::npos);
        if (std::getenv("LRT_DIFFERENTIAL_VERBOSE"))
            WARN(error.what());
        ++outcome.unallocatable;
        return false;
    }
}

void runSl(const std::string& profile, int count, Outcome& outcome,
           Language language = Language::Cg) {
    namespace sl = slvm::sl;
    for (int seed = 0; seed < count; ++seed) {
        const ProgramShape shape = compiler::testing::slProgramShape(
            language == Language::Tl, static_cast<std::uint64_t>(seed));
        const RandomProgram program(shape, static_cast<std::uint64_t>(seed));
        const std::string source = language == Language::Tl ? program.tlSource() : program.source();
        INFO("profile " << profile << ", program seed " << seed << ":\n" << source);
        // SL has five vector and ten scalar places: a random program may need more at once.
        compiler::CompiledProgram compiled;
        if (!compileOrSkip(profile, source, "registers than SL has", compiled, outcome, language))
            continue;
        std::mt19937_64 random(static_cast<std::uint64_t>(seed) * 7919u);
        for (int sample = 0; sample < 3; ++sample) {
            std::vector<Vector> vectors;
            sl::RegisterFile registers = sl::RegisterFile::withDefaults();
            for (const std::string& name : shape.vectorInputs) {
                const auto v = randomValues(random, 3);
                vectors.push_back({v[0], v[1], v[2], 0});
                registers.vector(*sl::findRegister(name)) = {static_cast<float>(v[0]),
                                                             static_cast<float>(v[1]),
                                                             static_cast<float>(v[2]), 0};
            }
            const std::vector<double> scalars = randomValues(random, shape.scalarInputs.size());
            for (std::size_t i = 0; i < scalars.size(); ++i)
                registers.scalar(*sl::findRegister(shape.scalarInputs[i])) =
                    static_cast<float>(scalars[i]);
            const auto expected = program.evaluate(vectors, scalars);
            if (expected.margin < 1e-3 || expected.magnitude > 1e5) {
                ++outcome.skipped;
                continue;
            }
            QuietHost host;
            const auto result = sl::execute(*compiled.sl(), registers, host);
            REQUIRE(result.status == sl::ExecutionStatus::Ok);
            const auto& v0 = registers.vector(sl::reg::v0);
            std::array<double, 4> got{v0[0], v0[1], v0[2], registers.scalar(sl::reg::v1)};
            for (int c = 0; c < shape.resultWidth; ++c) {
                INFO("sample " << sample << ", component " << c << ": expected "
                               << expected.value[static_cast<std::size_t>(c)] << ", got "
                               << got[static_cast<std::size_t>(c)] << " (largest intermediate "
                               << expected.magnitude << ")\n"
                               << compiled.assembly);
                CHECK(close(got[static_cast<std::size_t>(c)],
                            expected.value[static_cast<std::size_t>(c)], expected.magnitude));
            }
            ++outcome.compared;
        }
    }
}

void runVertex(const std::string& profile, int count, Outcome& outcome) {
    namespace vp2 = slvm::vp2;
    ProgramShape shape;
    shape.vectorInputs = {"ATTR0", "ATTR1", "ATTR2", "ATTR3", "ATTR4", "ATTR5"};
    shape.inputWidth = 4;
    shape.resultWidth = 4;
    shape.resultSemantic = "POSITION";
    for (int seed = 0; seed < count; ++seed) {
        const RandomProgram program(shape, static_cast<std::uint64_t>(seed) + 100000u);
        const std::string source = program.source();
        INFO("profile " << profile << ", program seed " << seed + 100000 << ":\n" << source);
        // A random program may outgrow a vertex profile's instruction limit.
        compiler::CompiledProgram compiled;
        if (!compileOrSkip(profile, source, "instructions; profile", compiled, outcome))
            continue;
        std::vector<vp2::Vector4> parameters(vp2::kMaxParameters, vp2::Vector4{0, 0, 0, 0});
        for (const compiler::ConstantSlot& slot : compiled.constants)
            parameters[static_cast<std::size_t>(slot.index)] = slot.value;
        vp2::VertexMachine machine(*compiled.vertex(), parameters);
        std::mt19937_64 random(static_cast<std::uint64_t>(seed) * 7919u);
        for (int sample = 0; sample < 3; ++sample) {
            std::vector<Vector> vectors;
            std::array<vp2::Vector4, vp2::kAttributeCount> attributes{};
            for (std::size_t i = 0; i < shape.vectorInputs.size(); ++i) {
                const auto v = randomValues(random, 4);
                vectors.push_back({v[0], v[1], v[2], v[3]});
                attributes[i] = {static_cast<float>(v[0]), static_cast<float>(v[1]),
                                 static_cast<float>(v[2]), static_cast<float>(v[3])};
            }
            const auto expected = program.evaluate(vectors, {});
            if (expected.margin < 1e-3 || expected.magnitude > 1e5) {
                ++outcome.skipped;
                continue;
            }
            const auto result = machine.run(attributes);
            REQUIRE(result.status == slvm::ExecutionStatus::Ok);
            const auto& position = machine.result(vp2::Result::HPOS);
            for (int c = 0; c < 4; ++c) {
                INFO("sample " << sample << ", component " << c << ": expected "
                               << expected.value[static_cast<std::size_t>(c)] << ", got "
                               << position[static_cast<std::size_t>(c)] << " (largest intermediate "
                               << expected.magnitude << ")\n"
                               << compiled.assembly);
                CHECK(close(position[static_cast<std::size_t>(c)],
                            expected.value[static_cast<std::size_t>(c)], expected.magnitude));
            }
            ++outcome.compared;
        }
    }
}

void runCard(int count, Outcome& outcome, Language language = Language::Cg) {
    ProgramShape shape;
    shape.vectorInputs = {"POSITION"};
    shape.inputWidth = 3;
    shape.resultWidth = 1;
    shape.resultSemantic = "DISTANCE";
    shape.allowLog = false;
    shape.allowExponentials = false;
    shape.tlSubset = language == Language::Tl;
    for (int seed = 0; seed < count; ++seed) {
        const RandomProgram program(shape, static_cast<std::uint64_t>(seed) + 200000u);
        const std::string source = language == Language::Tl ? program.tlSource() : program.source();
        INFO("profile card, program seed " << seed + 200000 << ":\n" << source);
        compiler::CompiledProgram compiled;
        if (!compileOrSkip("card", source, "values at once", compiled, outcome, language))
            continue;
        slvm::card::CardMachine machine(*compiled.card());
        std::mt19937_64 random(static_cast<std::uint64_t>(seed) * 7919u);
        for (int sample = 0; sample < 3; ++sample) {
            const auto p = randomValues(random, 3);
            const auto expected = program.evaluate({{p[0], p[1], p[2], 0}}, {});
            if (expected.margin < 1e-3 || expected.magnitude > 1e5) {
                ++outcome.skipped;
                continue;
            }
            const auto result = machine.run(static_cast<float>(p[0]), static_cast<float>(p[1]),
                                            static_cast<float>(p[2]));
            REQUIRE(result.status == slvm::ExecutionStatus::Ok);
            INFO("sample " << sample << ": expected " << expected.value[0] << ", got "
                           << machine.distance() << " (largest intermediate " << expected.magnitude
                           << ")\n"
                           << compiled.assembly);
            CHECK(close(machine.distance(), expected.value[0], expected.magnitude));
            ++outcome.compared;
        }
    }
}

// The figures docs/cg.md quotes ("Registers and limits"), printed by every run.
void report(const std::string& what, const Outcome& outcome) {
    WARN(what << ": " << outcome.compared << " samples compared, " << outcome.skipped
              << " skipped, " << outcome.unallocatable << " of " << programCount()
              << " programs refused");
}

} // namespace

TEST_CASE("random programs compute on the card VM what a direct evaluation computes",
          "[compiler][differential]") {
    Outcome outcome;
    runCard(programCount(), outcome);
    report("Cg, profile card", outcome);
    // With the point the only input, more samples meet a discontinuity (a comparison of a value
    // with itself, a floor on the 1/256 grid the inputs lie on): about half are skipped.
    CHECK(outcome.compared > programCount());
    CHECK(outcome.unallocatable * 10 < programCount());
}

TEST_CASE("random T-Language programs compute on the SL and card VMs what a direct evaluation "
          "computes",
          "[compiler][differential][tl]") {
    // The same trees as the Cg programs', in the subset both languages can say.
    Outcome sl;
    runSl("sl", programCount(), sl, Language::Tl);
    report("T-Language, profile sl", sl);
    CHECK(sl.compared > sl.skipped * 3);
    // 16% were refused before values were rematerialised (issue 31, defect 7), 4% after, 2.3%
    // once operands are also reordered (issue 42, item 8), at most 1 in 150 once SL's
    // componentwise syntheses take no vector the scheduler does not count (issue 53, item 7).
    CHECK(sl.unallocatable * 150 <= programCount());
    Outcome card;
    runCard(programCount(), card, Language::Tl);
    report("T-Language, profile card", card);
    CHECK(card.compared > programCount());
    CHECK(card.unallocatable * 10 < programCount());
}

TEST_CASE("random programs compute on the SL VM what a direct evaluation computes",
          "[compiler][differential]") {
    Outcome outcome;
    runSl("sl", programCount(), outcome);
    CHECK(outcome.compared > outcome.skipped * 3);
    // Random programs are denser than shaders: 1 to 2% still keep more than SL's five vectors
    // (or ten scalars) alive at once in every order the compiler tries (it says where); real
    // shaders fit (the twins). One in five did before rematerialisation (issue 31, defect 7),
    // 9 to 11% before operands were reordered (issue 42, item 8), 6 to 8% before SL's
    // componentwise syntheses stopped taking a vector the scheduler does not count (issue 53,
    // item 7).
    CHECK(outcome.unallocatable * 50 <= programCount());
    report("Cg, profile sl", outcome);
}

TEST_CASE("random programs compute on the VP2 VM what a direct evaluation computes",
          "[compiler][differential]") {
    Outcome outcome;
    runVertex("vp2", programCount(), outcome);
    report("Cg, profile vp2", outcome);
    CHECK(outcome.compared > outcome.skipped * 3);
    CHECK(outcome.unallocatable * 10 < programCount());
}

TEST_CASE("random programs compute on the VP1.1 VM what a direct evaluation computes",
          "[compiler][differential]") {
    Outcome outcome;
    runVertex("vp1.1", programCount(), outcome);
    report("Cg, profile vp1.1", outcome);
    CHECK(outcome.compared > outcome.skipped * 2);
    CHECK(outcome.unallocatable * 4 <
          programCount()); // 128 instructions: sin and cos are long here
}
