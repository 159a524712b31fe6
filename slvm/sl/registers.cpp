// The register table of SL 1.0 (spec section I; v1 is a scalar: docs/decisions.md).
#include "slvm/sl/registers.h"

#include <array>

namespace slvm::sl {

namespace {
using enum RegisterKind;
constexpr std::array<RegisterInfo, kRegisterCount> kRegisters{{
    {"C0", Vector, false}, {"C1", Vector, false}, {"L", Vector, false},  {"V", Vector, false},
    {"Pw", Vector, false}, {"P", Vector, false},  {"ds", Vector, false}, {"dt", Vector, false},
    {"du", Vector, false}, {"dv", Vector, false}, {"uv", Vector, false}, {"N", Vector, false},
    {"dE", Vector, false}, {"t0", Vector, false}, {"t1", Vector, false}, {"t2", Vector, false},
    {"t3", Vector, false}, {"t4", Vector, false}, {"t5", Vector, false}, {"t6", Vector, false},
    {"t7", Vector, false}, {"r0", Vector, true},  {"r1", Vector, true},  {"r2", Vector, true},
    {"r3", Vector, true},  {"v0", Vector, true},  {"s0", Scalar, true},  {"s1", Scalar, true},
    {"s2", Scalar, true},  {"s3", Scalar, true},  {"v1", Scalar, true},  {"Kd", Scalar, false},
    {"Ks", Scalar, false}, {"S", Scalar, false},  {"Kr", Scalar, false}, {"Kt", Scalar, false},
    {"Ka", Scalar, false}, {"I", Scalar, false},
}};
} // namespace

const RegisterInfo& registerInfo(int index) {
    return kRegisters.at(static_cast<std::size_t>(index));
}

std::optional<std::uint8_t> findRegister(std::string_view name) {
    if (name == "xy") // the spec's table spells the object-space point this way
        return reg::P;
    for (std::size_t i = 0; i < kRegisters.size(); ++i)
        if (kRegisters[i].name == name)
            return static_cast<std::uint8_t>(i);
    return std::nullopt;
}

} // namespace slvm::sl
