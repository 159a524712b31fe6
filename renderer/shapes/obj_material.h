// A Wavefront .mtl material, as much of it as lrt turns into a built-in surface.
#pragma once

#include "renderer/core/color.h"

#include <string>

namespace lrt {

struct ObjMaterial {
    std::string name;
    Color diffuse{1, 1, 1}; // Kd
    Color specular;         // Ks
    float shininess = 0;    // Ns
};

} // namespace lrt
