// What the pixel debugger (`lrt debug`) records of the programs that shade the camera ray's first
// hit: each run of the material's SL program, with the light sample it served, the registers as
// set up, every executed instruction and the registers at the end. A ShadingContext carries a
// recorder only at that hit of the sample being debugged; everywhere else it has none and
// materials run as always.
#pragma once

#include "slvm/sl/register_file.h"
#include "slvm/sl/trace.h"

#include <cstddef>
#include <vector>

namespace lrt {

struct ProgramRun {
    const slvm::sl::VerifiedProgram* program = nullptr; // owned by the material
    int light = -1; // index of the scene light whose sample the run served; -1 for none
    slvm::sl::RegisterFile inputs;
    std::vector<slvm::sl::TraceStep> steps;
    slvm::sl::RegisterFile outputs;
    slvm::ExecutionResult result;
};

class ProgramRecorder {
public:
    // At most this many steps are kept per run (a loop may run its whole budget).
    static constexpr std::size_t kMaxSteps = 4096;

    // The light whose sample the following runs serve (-1: the run without light).
    void beginLight(int light) { light_ = light; }
    int light() const { return light_; }
    void add(ProgramRun run) { runs_.push_back(std::move(run)); }
    const std::vector<ProgramRun>& runs() const { return runs_; }

private:
    int light_ = -1;
    std::vector<ProgramRun> runs_;
};

} // namespace lrt
