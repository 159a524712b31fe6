// Fuzzes the .slc loader and verifier with arbitrary bytes: hostile bytecode must be rejected or,
// if it verifies, run within its budget without touching memory out of bounds.
#include "fuzz_support.h"
#include "slvm/common/diagnostic.h"
#include "slvm/sl/bytecode.h"

#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
        slvm::sl::fuzzing::exerciseProgram(slvm::sl::verify(slvm::sl::readSlc(bytes, "fuzz.slc")));
    } catch (const slvm::ProgramError&) {
    }
    return 0;
}
