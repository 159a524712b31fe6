// The 38 SL registers: their canonical numbering (also the bytecode's), kinds and names.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace slvm::sl {

enum class RegisterKind : std::uint8_t { Vector, Scalar };

// Canonical register numbers: the spec's table order, vectors first. Bytecode stores these.
namespace reg {
enum : std::uint8_t {
    C0,
    C1,
    L,
    V,
    Pw,
    P,
    ds,
    dt,
    du,
    dv,
    uv,
    N,
    dE,
    t0,
    t1,
    t2,
    t3,
    t4,
    t5,
    t6,
    t7,
    r0,
    r1,
    r2,
    r3,
    v0,
    s0,
    s1,
    s2,
    s3,
    v1,
    Kd,
    Ks,
    S,
    Kr,
    Kt,
    Ka,
    I,
};
} // namespace reg

inline constexpr int kRegisterCount = 38;
inline constexpr int kVectorRegisterCount = 26;
inline constexpr int kTextureUnitCount = 8;

struct RegisterInfo {
    std::string_view name;
    RegisterKind kind;
    bool writeable;
};

// Information about register `index`, which must be below kRegisterCount.
const RegisterInfo& registerInfo(int index);

// The register spelled `name` (case-sensitive; "xy" is accepted for P), or nullopt.
std::optional<std::uint8_t> findRegister(std::string_view name);

} // namespace slvm::sl
