// Test helpers for the vertex program VM: parse a program text and run it once.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/vp2/parser.h"
#include "slvm/vp2/vm.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace slvm::vp2::testing {

inline constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
inline constexpr float kInf = std::numeric_limits<float>::infinity();

struct Outcome {
    ExecutionStatus status;
    std::uint64_t executed;
    std::array<Vector4, kResultCount> results;
    std::array<Vector4, kMaxTemporaries> temporaries;
    std::array<std::array<int, 4>, 2> address;
    std::array<Condition, 4> condition;
    const Vector4& r(int i) const { return temporaries[static_cast<std::size_t>(i)]; }
    const Vector4& out(Result result) const { return results[static_cast<std::size_t>(result)]; }
};

// Runs `text` (a whole program) with c[i] = parameters[i] and v[i] = attributes[i] (the rest
// (0,0,0,1)).
inline Outcome runProgram(const std::string& text, const std::vector<Vector4>& parameters = {},
                          const std::vector<Vector4>& attributes = {}) {
    const VerifiedProgram program = loadVertexProgram(text, "test.vp");
    VertexMachine machine(program, parameters);
    std::array<Vector4, kAttributeCount> v;
    v.fill({0, 0, 0, 1});
    for (std::size_t i = 0; i < attributes.size(); ++i)
        v[i] = attributes[i];
    Outcome o{};
    const ExecutionResult result = machine.run(v);
    o.status = result.status;
    o.executed = result.executed;
    for (int i = 0; i < kResultCount; ++i)
        o.results[static_cast<std::size_t>(i)] = machine.result(static_cast<Result>(i));
    for (int i = 0; i < kMaxTemporaries; ++i)
        o.temporaries[static_cast<std::size_t>(i)] = machine.temporary(i);
    o.address = {machine.address(0), machine.address(1)};
    for (int i = 0; i < 4; ++i)
        o.condition[static_cast<std::size_t>(i)] = machine.condition(i);
    return o;
}

// A !!VP2.0 program of `body` that ends by copying R0 to o[HPOS].
inline std::string vp2Body(const std::string& body) {
    return "!!VP2.0\n" + body + "\nMOV o[HPOS], R0;\nEND\n";
}

// Bitwise-meaningful equality: NaN matches NaN, and zeros must agree in sign.
inline bool sameFloat(float a, float b) {
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
}

inline void checkVector(const Vector4& actual, const Vector4& expected, float tolerance = 0) {
    for (std::size_t i = 0; i < 4; ++i) {
        INFO("component "
             << "xyzw"[i] << ": got " << actual[i] << ", expected " << expected[i]);
        if (tolerance > 0 && std::isfinite(expected[i]))
            CHECK(std::fabs(actual[i] - expected[i]) <= tolerance);
        else
            CHECK(sameFloat(actual[i], expected[i]));
    }
}

// The message of the first diagnostic `text` fails to load with ("" if it loads).
inline std::vector<Diagnostic> loadErrors(const std::string& text) {
    try {
        loadVertexProgram(text, "bad.vp");
    } catch (const ProgramError& e) {
        return e.diagnostics();
    }
    return {};
}

inline std::string at(Position p) {
    return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// Everything an instruction means, and (when `positions`) where its parts were written.
inline std::string describe(const Instruction& in, bool positions) {
    std::ostringstream o;
    o << opcodeInfo(in.opcode).name << (in.updatesCondition ? "C" : "")
      << " dst=" << int(in.destination.file) << ":" << in.destination.index << "/"
      << int(in.destination.writeMask) << " cc=" << int(in.conditionRule) << "."
      << int(in.conditionSwizzle[0]) << int(in.conditionSwizzle[1]) << int(in.conditionSwizzle[2])
      << int(in.conditionSwizzle[3]) << " label=" << in.label << " target=" << in.target;
    if (positions)
        o << " @" << at(in.where) << " dst@" << at(in.destination.where) << " cc@"
          << at(in.conditionWhere) << " label@" << at(in.labelWhere);
    for (std::size_t i = 0; i < in.sourceCount; ++i) {
        const Source& s = in.sources[i];
        o << " src" << i << "=" << int(s.file) << ":" << s.index << (s.relative ? " rel" : "")
          << " A" << int(s.addressRegister) << "." << int(s.addressComponent) << "+" << s.offset
          << " sw" << int(s.swizzle[0]) << int(s.swizzle[1]) << int(s.swizzle[2])
          << int(s.swizzle[3]) << (s.negateBase ? " neg" : "") << (s.absolute ? " abs" : "")
          << (s.negateAbsolute ? " negabs" : "") << (s.explicitPlus ? " plus" : "");
        if (positions)
            o << " @" << at(s.where) << " reg@" << at(s.registerWhere) << " abs@"
              << at(s.absoluteWhere) << " plus@" << at(s.plusWhere) << " A@" << at(s.addressWhere)
              << " c@" << at(s.componentWhere) << " off@" << at(s.offsetWhere);
    }
    return o.str();
}

} // namespace slvm::vp2::testing
