// How a VertexProgram statement's parameters fill the program parameter registers: constants
// "c[N]", tracked matrices (row-wise into c[N..N+3], as the spec's TrackMatrixNV does), and the
// frame number and time for animation. docs/vp2.md has the spellings.
#pragma once

#include "compiler/target.h"
#include "renderer/core/parameter_list.h"
#include "renderer/core/transform.h"
#include "renderer/description/vertex_program_description.h"
#include "slvm/vp2/executor.h"
#include "slvm/vp2/verifier.h"
#include "slvm/vp2/vm.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

enum class TrackedMatrix {
    ObjectToWorld,
    WorldToObject,
    WorldToCamera,
    CameraToWorld,
    ObjectToCamera,
    CameraToObject
};

struct VertexProgramBinding {
    std::shared_ptr<const slvm::vp2::VerifiedProgram> program;
    // What runs `program`, compiled or interpreted: chosen by the scene builder, none until then
    // (declared after it: it must not outlive it).
    std::optional<slvm::vp2::Executor> executor;
    struct Constant {
        int index;
        slvm::vp2::Vector4 value;
    };
    std::vector<Constant> constants;
    struct Tracking {
        TrackedMatrix matrix;
        bool inverseTranspose;
        int first; // c[first..first+3] hold the rows
    };
    std::vector<Tracking> tracked;
    int frameRegister = -1; // c[N] = (frame, time in seconds, 0, 1), or -1
    float framesPerSecond = 24;
    int tessellation[2] = {64, 32}; // quadrics: segments around (u) and along (v)
    SourceLocation where;
};

// Checks the statement's parameters against the program's environment (register ranges,
// overlaps); throws SceneError naming the offending parameter.
VertexProgramBinding bindVertexProgram(const VertexProgramDescription& description,
                                       std::shared_ptr<const slvm::vp2::VerifiedProgram> program);

// For a program compiled from Cg: the parameters that are none of the binding's own ("c[N]",
// tracked matrices, "frame", "fps", "tessellation") give its uniforms values by name.
std::map<std::string, std::vector<float>> cgUniformValues(const ParameterList& parameters);
// The binding of a program compiled from Cg: the compiler's c[] layout (literals, uniforms'
// values, tracked matrices and the frame at the registers it chose) and then d's own binding
// parameters, which may fill the registers of uniforms (overriding their values) and free ones,
// but not the compiler's literals.
VertexProgramBinding
bindCompiledVertexProgram(const VertexProgramDescription& d,
                          std::shared_ptr<const slvm::vp2::VerifiedProgram> program,
                          const std::vector<compiler::ConstantSlot>& layout);

// Where the shapes of one binding sit: what the tracked matrices and the frame register hold.
struct VertexProgramPlacement {
    Transform objectToWorld;
    Transform worldToCamera;
    int frame = 0;
};

// The program parameter registers c[0..] for a shape placed at `placement`.
std::vector<slvm::vp2::Vector4> parameterRegisters(const VertexProgramBinding& binding,
                                                   const VertexProgramPlacement& placement);

} // namespace lrt
