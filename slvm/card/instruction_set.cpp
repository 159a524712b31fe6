// The opcode and register tables.
#include "slvm/card/instruction_set.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fmt/format.h>

namespace slvm::card {

namespace {

struct OpcodeEntry {
    Opcode opcode;
    std::string_view mnemonic;
};

#define LRT_CARD_ENTRY(name, code, text) {Opcode::name, text},
constexpr OpcodeEntry kOpcodes[] = {LRT_CARD_OPCODES(LRT_CARD_ENTRY)};
#undef LRT_CARD_ENTRY

struct FileEntry {
    RegisterFile file;
    std::string_view prefix;
    int typecode;
    int count;
    int width;
};

constexpr FileEntry kFiles[] = {
    {RegisterFile::Matrix, "rm", 0, kMatrixRegisters, 16},
    {RegisterFile::Vector, "rv", 10, kVectorRegisters, 4},
    {RegisterFile::Float, "rf", 100, kFloatRegisters, 1},
};

const FileEntry& entryOf(RegisterFile file) {
    return *std::find_if(std::begin(kFiles), std::end(kFiles),
                         [file](const FileEntry& e) { return e.file == file; });
}

bool equalIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

std::optional<Opcode> opcodeFromCode(int code) {
    for (const OpcodeEntry& entry : kOpcodes)
        if (static_cast<int>(entry.opcode) == code)
            return entry.opcode;
    return std::nullopt;
}

std::optional<Opcode> opcodeFromMnemonic(std::string_view text) {
    for (const OpcodeEntry& entry : kOpcodes)
        if (equalIgnoringCase(entry.mnemonic, text))
            return entry.opcode;
    return std::nullopt;
}

std::string_view mnemonic(Opcode opcode) {
    for (const OpcodeEntry& entry : kOpcodes)
        if (entry.opcode == opcode)
            return entry.mnemonic;
    return "?";
}

bool isExtension(Opcode opcode) {
    return static_cast<int>(opcode) >= 100;
}

int Register::operand() const {
    return file == RegisterFile::Pos ? kPosOperand : entryOf(file).typecode + index;
}

int Register::offset() const {
    switch (file) {
    case RegisterFile::Matrix:
        return 16 * index;
    case RegisterFile::Vector:
        return 4 * index;
    case RegisterFile::Float:
        return index;
    case RegisterFile::Pos:
        break;
    }
    return -1;
}

int Register::width() const {
    return file == RegisterFile::Pos ? 1 : entryOf(file).width;
}

std::optional<Register> registerFromOperand(int operand) {
    if (operand == kPosOperand)
        return Register{RegisterFile::Pos, 0};
    // Typecodes match from the largest down, as the specification says.
    for (auto entry = std::rbegin(kFiles); entry != std::rend(kFiles); ++entry)
        if (operand >= entry->typecode)
            return operand - entry->typecode < entry->count
                       ? std::optional<Register>(Register{entry->file, operand - entry->typecode})
                       : std::nullopt;
    return std::nullopt;
}

std::string registerName(Register r) {
    return r.file == RegisterFile::Pos ? "pos"
                                       : fmt::format("{}{}", entryOf(r.file).prefix, r.index);
}

std::optional<Register> registerFromName(std::string_view name) {
    if (equalIgnoringCase(name, "pos"))
        return Register{RegisterFile::Pos, 0};
    for (const FileEntry& entry : kFiles) {
        if (name.size() <= 2 || !equalIgnoringCase(name.substr(0, 2), entry.prefix))
            continue;
        const std::string_view digits = name.substr(2);
        if (digits.size() > 1 && digits[0] == '0')
            return std::nullopt;
        int index = 0;
        const auto [end, error] =
            std::from_chars(digits.data(), digits.data() + digits.size(), index);
        if (error != std::errc() || end != digits.data() + digits.size() || index < 0 ||
            index >= entry.count)
            return std::nullopt;
        return Register{entry.file, index};
    }
    return std::nullopt;
}

std::string_view registerNamesSummary() {
    return "rm0-rm9, rv0-rv39, rf0-rf159 or pos";
}

} // namespace slvm::card
