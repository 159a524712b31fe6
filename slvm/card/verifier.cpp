// Decoding and verification of a card, pixel by pixel.
#include "slvm/card/verifier.h"

#include <cmath>
#include <fmt/format.h>
#include <optional>

namespace slvm::card {

std::string describePixel(const Card& card, int pixel) {
    if (card.width <= 0)
        return fmt::format("pixel {}", pixel);
    return fmt::format("pixel {} (column {}, row {} from the bottom)", pixel, pixel % card.width,
                       pixel / card.width);
}

namespace {

// A card value that must name something: a whole number that fits an int, in its one encoding:
// -0 is refused, so that every verified card survives `lrt card dis` and `lrt card asm` bit for
// bit (the text writes 0).
std::optional<int> wholeNumber(float value) {
    if (!std::isfinite(value) || value != std::floor(value) || std::fabs(value) > 1e9f ||
        (value == 0 && std::signbit(value)))
        return std::nullopt;
    return static_cast<int>(value);
}

struct DecodeError {
    int pixel;
    std::string reason;
};

class Decoder {
public:
    explicit Decoder(const Card& card) : card_(card) {}

    std::optional<DecodeError> run() {
        const int count = static_cast<int>(card_.pixels.size());
        if (count < kHeaderPixels)
            return DecodeError{0, "the card is shorter than its two header pixels"};
        if (auto error = checkHeader())
            return error;
        startAt_.assign(static_cast<std::size_t>(count) + 1, -1);
        for (int pixel = kHeaderPixels; pixel < count;) {
            startAt_[static_cast<std::size_t>(pixel)] =
                static_cast<std::int32_t>(instructions_.size());
            Instruction instruction;
            if (auto error = decode(pixel, instruction))
                return error;
            pixel = instruction.next;
            if (instruction.opcode == Opcode::Mov) {
                instruction.to = static_cast<std::int16_t>(instruction.destination.offset());
                instruction.from = static_cast<std::int16_t>(
                    instruction.hasImmediate ? 0 : instruction.source.offset());
                instruction.width = static_cast<std::int16_t>(instruction.destination.width());
            }
            instructions_.push_back(instruction);
        }
        startAt_[static_cast<std::size_t>(count)] = static_cast<std::int32_t>(instructions_.size());
        for (const Instruction& instruction : instructions_)
            if (auto error = checkJump(instruction))
                return error;
        return std::nullopt;
    }

    std::vector<Instruction>& instructions() { return instructions_; }
    std::vector<std::int32_t>& startAt() { return startAt_; }
    bool usesExtensions() const { return usesExtensions_; }

private:
    std::optional<DecodeError> checkHeader() const {
        const char* names[] = {"width", "height"};
        const int actual[] = {card_.width, card_.height};
        for (int i = 0; i < 2; ++i) {
            const float value = card_.pixels[static_cast<std::size_t>(i)];
            const auto whole = wholeNumber(value);
            if (!whole || *whole < 1)
                return DecodeError{i,
                                   fmt::format("the header's {} must be a whole number of pixels "
                                               "of at least 1, not {}",
                                               names[i], value)};
            if (*whole != actual[i])
                return DecodeError{i, fmt::format("the header says the card's {} is {}, but the "
                                                  "image's is {}",
                                                  names[i], *whole, actual[i])};
        }
        return std::nullopt;
    }

    // The float at `pixel`, or an error that the instruction at `start` runs off the card.
    std::optional<DecodeError> read(int pixel, int start, std::string_view what,
                                    float& value) const {
        if (pixel >= static_cast<int>(card_.pixels.size()))
            return DecodeError{start, fmt::format("truncated instruction: the card ends before its "
                                                  "{} (pixel {})",
                                                  what, pixel)};
        value = card_.pixels[static_cast<std::size_t>(pixel)];
        return std::nullopt;
    }

    std::optional<DecodeError> readRegister(int pixel, int start, std::string_view what,
                                            Register& out) const {
        float value = 0;
        if (auto error = read(pixel, start, what, value))
            return error;
        const auto whole = wholeNumber(value);
        if (!whole)
            return DecodeError{pixel, fmt::format("the {} must be a whole-number register operand, "
                                                  "not {}",
                                                  what, value)};
        if (*whole < 0)
            return DecodeError{pixel, fmt::format("the {} is {}: negative operands (the "
                                                  "specification's memory addresses) do not exist "
                                                  "on this machine; registers are {}",
                                                  what, *whole, registerNamesSummary())};
        const auto r = registerFromOperand(*whole);
        if (!r)
            return DecodeError{pixel, fmt::format("the {} {} names no register: registers are "
                                                  "0-9 (rm), 10-49 (rv), 100-259 (rf) and 1001 "
                                                  "(pos)",
                                                  what, *whole)};
        out = *r;
        return std::nullopt;
    }

    std::optional<DecodeError> decode(int pixel, Instruction& instruction) {
        const float code = card_.pixels[static_cast<std::size_t>(pixel)];
        const auto whole = wholeNumber(code);
        if (!whole)
            return DecodeError{pixel,
                               fmt::format("the opcode must be a whole number, not {}", code)};
        // A negative opcode takes its last operand as an immediate.
        const bool immediate = *whole < 0;
        const auto opcode = opcodeFromCode(immediate ? -*whole : *whole);
        if (!opcode)
            return DecodeError{pixel, fmt::format("unknown opcode {}: opcodes are 0-18 and lrt's "
                                                  "extensions 100-104",
                                                  *whole)};
        if (immediate && *opcode != Opcode::Mov)
            return DecodeError{pixel, fmt::format("opcode {} is {} with an immediate, but only mov "
                                                  "(-1) takes one",
                                                  *whole, mnemonic(*opcode))};
        instruction.opcode = *opcode;
        instruction.pixel = pixel;
        usesExtensions_ = usesExtensions_ || isExtension(*opcode);
        int at = pixel + 1;
        if (*opcode == Opcode::In) {
            float value = 0;
            if (auto error = read(at, pixel, "input number", value))
                return error;
            const auto input = wholeNumber(value);
            if (!input || *input < 0 || *input >= kInputs)
                return DecodeError{
                    at, fmt::format("in reads input 0 (the sample point), not {}", value)};
            instruction.input = *input;
            ++at;
        } else if (*opcode == Opcode::Mov) {
            if (auto error = decodeMov(pixel, at, immediate, instruction))
                return error;
        }
        instruction.next = at;
        return std::nullopt;
    }

    std::optional<DecodeError> decodeMov(int pixel, int& at, bool immediate,
                                         Instruction& instruction) const {
        if (auto error = readRegister(at, pixel, "destination", instruction.destination))
            return error;
        ++at;
        const Register& destination = instruction.destination;
        if (immediate) {
            instruction.hasImmediate = true;
            for (int i = 0; i < destination.width(); ++i, ++at) {
                float value = 0;
                if (auto error = read(at, pixel, "immediate", value))
                    return error;
                if (!std::isfinite(value))
                    return DecodeError{at,
                                       fmt::format("immediate {} is not a finite number", value)};
                instruction.immediate[static_cast<std::size_t>(i)] = value;
            }
            return std::nullopt;
        }
        if (auto error = readRegister(at, pixel, "source", instruction.source))
            return error;
        const Register& source = instruction.source;
        if (source.width() != destination.width())
            return DecodeError{at, fmt::format("mov {}, {} moves between registers of different "
                                               "types: a mov copies a matrix, a vector or a float "
                                               "(pos counts as a float)",
                                               registerName(destination), registerName(source))};
        ++at;
        return std::nullopt;
    }

    std::optional<DecodeError> checkJump(const Instruction& instruction) const {
        if (instruction.opcode != Opcode::Mov || !instruction.hasImmediate ||
            instruction.destination.file != RegisterFile::Pos)
            return std::nullopt;
        const float target = instruction.immediate[0];
        const auto whole = wholeNumber(target);
        if (!whole || *whole < 0 || *whole > static_cast<int>(card_.pixels.size()) ||
            startAt_[static_cast<std::size_t>(*whole)] < 0)
            return DecodeError{instruction.pixel + 2,
                               fmt::format("mov pos jumps to {}, which is not the pixel of an "
                                           "instruction or the end of the card ({})",
                                           target, card_.pixels.size())};
        return std::nullopt;
    }

    const Card& card_;
    std::vector<Instruction> instructions_;
    std::vector<std::int32_t> startAt_;
    bool usesExtensions_ = false;
};

Diagnostic diagnosticAt(const Card& card, const DecodeError& error) {
    return fileDiagnostic(card.name,
                          fmt::format("{}: {}", describePixel(card, error.pixel), error.reason));
}

std::optional<Diagnostic> sizeError(const Card& card) {
    if (card.width >= 1 && card.height >= 1 &&
        static_cast<std::size_t>(card.width) * static_cast<std::size_t>(card.height) ==
            card.pixels.size())
        return std::nullopt;
    return fileDiagnostic(card.name,
                          fmt::format("the card holds {} pixels, not width {} x height {}",
                                      card.pixels.size(), card.width, card.height));
}

} // namespace

std::vector<Diagnostic> checkCard(const Card& card) {
    if (auto error = sizeError(card))
        return {*error};
    Decoder decoder(card);
    if (const auto error = decoder.run())
        return {diagnosticAt(card, *error)};
    return {};
}

VerifiedProgram verify(Card card) {
    if (auto error = sizeError(card))
        throw ProgramError({*error});
    Decoder decoder(card);
    if (const auto error = decoder.run())
        throw ProgramError({diagnosticAt(card, *error)});
    std::vector<Instruction> instructions = std::move(decoder.instructions());
    std::vector<std::int32_t> startAt = std::move(decoder.startAt());
    const bool usesExtensions = decoder.usesExtensions();
    return VerifiedProgram(std::move(card), std::move(instructions), std::move(startAt),
                           usesExtensions);
}

} // namespace slvm::card
