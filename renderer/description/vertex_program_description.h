// A VertexProgram statement as plain data; renderer/vertex/vertex_program_binding.h loads the
// program and checks the bindings when the scene is built.
#pragma once

#include "renderer/core/parameter_list.h"

#include <string>

namespace lrt {

// The program file (relative to `directory`) and its bindings ("c[N]" constants, tracked
// matrices, frame register), checked when the scene is built.
struct VertexProgramDescription {
    std::string file;
    ParameterList parameters;
    std::string directory;
    SourceLocation where;
};

} // namespace lrt
