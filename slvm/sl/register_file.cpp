// Default register values of an SL invocation.
#include "slvm/sl/register_file.h"

namespace slvm::sl {

RegisterFile RegisterFile::withDefaults() {
    RegisterFile file;
    file.scalar(reg::Kd) = 0.5f;
    file.scalar(reg::Ks) = 0.5f;
    file.scalar(reg::S) = 80.0f;
    file.scalar(reg::I) = 1.0f;
    file.vector(reg::C0)[3] = 1.0f;
    file.vector(reg::C1)[3] = 1.0f;
    for (int t = reg::t0; t <= reg::t7; ++t)
        file.vector(t)[3] = 1.0f;
    return file;
}

} // namespace slvm::sl
