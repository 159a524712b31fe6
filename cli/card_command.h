// `lrt card asm|dis|run`: the punch-card toolchain. asm turns the text form into a card image,
// dis turns a card back into text, run evaluates a card at one point and prints JSON.
#pragma once

#include "slvm/card/verifier.h"
#include "slvm/jit/native_code.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <string>

namespace lrt::cli {

void addCardCommand(CLI::App& app, int& exitStatus);

// Evaluates the card `load` gives at `point` ("x,y,z") under `budget` and prints the JSON of
// docs/card.md; `lrt cg run --profile card` shares it.
int runCard(const std::string& point, std::uint64_t budget, slvm::jit::VmKind vm,
            const std::function<slvm::card::VerifiedProgram()>& load);

} // namespace lrt::cli
