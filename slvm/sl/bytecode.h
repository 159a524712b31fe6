// The .slc bytecode: 64-bit instruction words behind a 16-byte header (docs/slc-format.md).
#pragma once

#include "slvm/sl/program.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace slvm::sl {

inline constexpr std::uint16_t kSlcVersionMajor = 1;
inline constexpr std::uint16_t kSlcVersionMinor = 0;
inline constexpr std::size_t kSlcHeaderSize = 16;

std::uint64_t encodeInstruction(const Instruction& instruction);
Instruction decodeInstruction(std::uint64_t word);

std::vector<std::byte> writeSlc(const Program& program);

// Parses the container (magic, version, counts, exact size); throws ProgramError naming `name`.
// The instructions themselves are checked by verify().
Program readSlc(std::span<const std::byte> bytes, const std::string& name);

// True when bytes begin with the .slc magic.
bool hasSlcMagic(std::span<const std::byte> bytes);

} // namespace slvm::sl
