// Fuzzes the card loader and VM. The first byte picks the form: even, the bytes are card text for
// the assembler; odd, they are the card's floats (the image's pixels, width = the second byte).
// Whatever verifies must run to an end within its budget at a few points, disassemble, and
// assemble back to the same floats.
#include "slvm/card/assembler.h"
#include "slvm/card/disassembler.h"
#include "slvm/card/vm.h"

#include <cstdlib>
#include <cstring>
#include <string_view>

namespace card = slvm::card;

namespace {

card::Card cardFromFloats(const std::uint8_t* data, std::size_t size) {
    card::Card made;
    made.name = "fuzz.exr";
    const std::size_t count = size / sizeof(float);
    made.pixels.resize(count);
    if (count > 0)
        std::memcpy(made.pixels.data(), data, count * sizeof(float));
    made.width = count == 0 ? 1 : static_cast<int>(count);
    made.height = 1;
    return made;
}

void exercise(const card::VerifiedProgram& program) {
    constexpr std::uint64_t kBudget = 20000;
    card::CardMachine machine(program, kBudget);
    for (const float point : {0.0f, 0.5f, -1e30f})
        if (machine.run(point, -point, 1.0f).executed > kBudget)
            std::abort();
    const card::Card again = card::assemble(card::disassemble(program), "listing.pc");
    if (again.pixels.size() != program.card().pixels.size() ||
        std::memcmp(again.pixels.data(), program.card().pixels.data(),
                    again.pixels.size() * sizeof(float)) != 0)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0)
        return 0;
    try {
        if (data[0] % 2 == 0) {
            exercise(card::verify(card::assemble(
                std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), "fuzz.pc")));
        } else {
            card::Card made = cardFromFloats(data + 1, size - 1);
            // Make the header agree with the image half the time, so that decoding goes on.
            if (data[0] % 4 == 1 && made.pixels.size() >= 2) {
                made.pixels[0] = static_cast<float>(made.width);
                made.pixels[1] = 1;
            }
            exercise(card::verify(made));
        }
    } catch (const slvm::ProgramError&) {
    }
    return 0;
}
