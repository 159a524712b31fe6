// A statement that picks an implementation by name and configures it with parameters, such as
// SurfaceIntegrator "path" "maxdepth" [8]: kept as written until the thing is created.
#pragma once

#include "renderer/core/parameter_list.h"

#include <string>

namespace lrt {

struct SceneEntity {
    std::string name;
    ParameterList parameters;
    SourceLocation where; // the statement
};

} // namespace lrt
