// Little-endian serialisation of SL programs.
#include "slvm/sl/bytecode.h"

#include "slvm/common/diagnostic.h"

#include <array>
#include <cstring>
#include <fmt/format.h>

namespace slvm::sl {

namespace {
constexpr std::array<std::byte, 4> kMagic{std::byte{'S'}, std::byte{'L'}, std::byte{'C'},
                                          std::byte{0x1a}};

void putLittleEndian(std::vector<std::byte>& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<std::byte>((value >> (8 * i)) & 0xff));
}

std::uint64_t getLittleEndian(std::span<const std::byte> in, std::size_t offset, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i)
        value |= static_cast<std::uint64_t>(in[offset + i]) << (8 * i);
    return value;
}

[[noreturn]] void fail(const std::string& name, std::string message) {
    throw ProgramError({fileDiagnostic(name, std::move(message))});
}
} // namespace

std::uint64_t encodeInstruction(const Instruction& in) {
    return static_cast<std::uint64_t>(in.opcode) | static_cast<std::uint64_t>(in.component) << 8 |
           static_cast<std::uint64_t>(in.a) << 16 | static_cast<std::uint64_t>(in.b) << 24 |
           static_cast<std::uint64_t>(in.c) << 32;
}

Instruction decodeInstruction(std::uint64_t word) {
    return Instruction{static_cast<std::uint8_t>(word), static_cast<std::uint8_t>(word >> 8),
                       static_cast<std::uint8_t>(word >> 16), static_cast<std::uint8_t>(word >> 24),
                       static_cast<std::uint32_t>(word >> 32)};
}

bool hasSlcMagic(std::span<const std::byte> bytes) {
    return bytes.size() >= kMagic.size() &&
           std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) == 0;
}

std::vector<std::byte> writeSlc(const Program& program) {
    std::vector<std::byte> out(kMagic.begin(), kMagic.end());
    putLittleEndian(out, kSlcVersionMajor, 2);
    putLittleEndian(out, kSlcVersionMinor, 2);
    putLittleEndian(out, program.code.size(), 4);
    putLittleEndian(out, 0, 4); // reserved
    for (const Instruction& in : program.code)
        putLittleEndian(out, encodeInstruction(in), 8);
    return out;
}

Program readSlc(std::span<const std::byte> bytes, const std::string& name) {
    if (bytes.size() < kSlcHeaderSize)
        fail(name, fmt::format("not an .slc file: {} bytes is shorter than the {}-byte header",
                               bytes.size(), kSlcHeaderSize));
    if (!hasSlcMagic(bytes))
        fail(name, "not an .slc file: bad magic (expected \"SLC\\x1a\")");
    const auto major = getLittleEndian(bytes, 4, 2);
    const auto minor = getLittleEndian(bytes, 6, 2);
    if (major != kSlcVersionMajor)
        fail(name, fmt::format("unsupported .slc version {}.{} (this loader reads {}.x)", major,
                               minor, kSlcVersionMajor));
    const auto count = getLittleEndian(bytes, 8, 4);
    if (getLittleEndian(bytes, 12, 4) != 0)
        fail(name, "corrupt .slc header: reserved field is not zero");
    if (count == 0 || count > kMaxProgramLength)
        fail(name, fmt::format("corrupt .slc header: instruction count {} is outside 1..{}", count,
                               kMaxProgramLength));
    const std::size_t expected = kSlcHeaderSize + 8 * count;
    if (bytes.size() != expected)
        fail(name, fmt::format("corrupt .slc file: header says {} instructions ({} bytes) but the "
                               "file has {} bytes",
                               count, expected, bytes.size()));
    Program program{name, {}, {}};
    program.code.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        program.code.push_back(
            decodeInstruction(getLittleEndian(bytes, kSlcHeaderSize + 8 * i, 8)));
    return program;
}

} // namespace slvm::sl
