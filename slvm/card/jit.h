// Compiled cards: a verified card translated to x86-64 that computes bitwise what the
// interpreter computes (docs/jit.md). The 40 vector registers live in SSE registers, four floats
// each, so the 16-float arithmetic of the spec's matrix registers is four packed operations. A
// CardMachine given a NativeCard runs through it; a block the budget cuts, and a jump to a pixel
// held in a register, go on in the interpreter. The sphere tracer's distance has a function of
// its own, which computes rf0 and nothing that cannot reach it.
#pragma once

#include "slvm/card/vm.h"
#include "slvm/jit/native_code.h"

#include <array>
#include <memory>
#include <optional>

namespace slvm::card {

class NativeCard {
public:
    // Compiles `program`, which must outlive the result. Throws jit::CompileError where the code
    // generator fails. Whether a card is compiled at all is card::Executor's choice (a wide card
    // image's padding of exits is too long to compile).
    static std::shared_ptr<const NativeCard> compile(const VerifiedProgram& program);

    const VerifiedProgram& program() const { return *program_; }

    // How a compiled run ended: `result`, or where the interpreter goes on (resumeAt >= 0, with
    // result.executed counted so far).
    struct Outcome {
        ExecutionResult result;
        int resumeAt = -1;
    };
    // Runs from a cleared machine at the point (x, y, z), writing every register the program
    // writes into `registers` (the others must be zero: a machine only ever runs one program).
    Outcome run(std::array<float, kRegisterFloats>& registers, float x, float y, float z,
                std::uint64_t budget) const;

    // The distance at (x, y, z): interpretedDistance(program(), x, y, z, budget), bitwise. Keeps no
    // registers, so it costs no machine (an SDF shape's march calls it at every step).
    float distance(float x, float y, float z, std::uint64_t budget = kDefaultBudget) const {
        Frame frame; // the distance function reads the program and the budget
        frame.program = program_;
        frame.budget = budget;
        frame.outcome = kFinished;
        const float distance = distance_(x, y, z, &frame);
        return frame.outcome == kFinished ? distance : unfinishedDistance(frame);
    }

    // The distances at four points (x[i], y[i], z[i]) at once, each bitwise distance(x[i], y[i],
    // z[i], budget). A card without computed jumps takes one path at every point, so its four
    // runs are one call into code whose SSE lanes are the four points (an SDF's gradient, six
    // evaluations, is two such calls); a card with them runs point by point.
    std::array<float, 4> distances(const std::array<float, 4>& x, const std::array<float, 4>& y,
                                   const std::array<float, 4>& z,
                                   std::uint64_t budget = kDefaultBudget) const;

    // What compiled code receives: plain data, here so that distance() inlines into a sphere
    // tracer's loop.
    enum FrameOutcome : std::int32_t { kFinished = 0, kResume = 1, kFault = 2 };
    struct Frame {
        const VerifiedProgram* program;
        std::uint64_t budget;
        // The point `in` loads. The distance function gets it in registers, and writes it here
        // where its outcome is not kFinished (in `outcome`), so that its caller need not keep it.
        float x, y, z;
        std::int32_t outcome;
        std::int32_t resumeAt;  // out: the instruction the interpreter goes on with
        std::uint64_t executed; // out
    };

private:
    using RunEntry = int (*)(float* registers, Frame* frame);
    using DistanceEntry = float (*)(float x, float y, float z, Frame* frame);
    // `run` computes every register; `distance` rf0 alone, leaving out work on floats that cannot
    // reach it.
    // `lanes` the four-point distances, where the card has no computed jump (lane_code.h).
    NativeCard(const VerifiedProgram& program, jit::NativeCode run, jit::NativeCode distance,
               std::optional<jit::NativeCode> lanes);

    // The distance of a run the distance function did not finish: NaN for a fault, else the
    // interpreter's, from the start.
    float unfinishedDistance(const Frame& frame) const;

    const VerifiedProgram* program_;
    jit::NativeCode runCode_, distanceCode_;
    std::optional<jit::NativeCode> lanesCode_;
    RunEntry run_;
    DistanceEntry distance_;
    void* lanes_; // LaneEntry, or null
};

} // namespace slvm::card
