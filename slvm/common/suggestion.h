// "Did you mean ...?": the known name nearest to a misspelt one, for every reader's diagnostics
// (statements, parameters, shaders, opcodes, registers).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace slvm {

// The candidate nearest to `name` when it is near enough to be a typo of it. Distance is the
// number of single-character insertions, deletions, substitutions and swaps of neighbours
// (Damerau-Levenshtein, optimal string alignment), ignoring ASCII case; near enough is at most 1
// for names of up to 4 characters, 2 up to 8, and 3 beyond, and always fewer than the name's
// length (a case difference alone counts as nothing). The nearest wins, then the earliest;
// nothing when `name` is itself a candidate.
std::optional<std::string_view> nearestName(std::string_view name,
                                            std::span<const std::string_view> candidates);

// "; did you mean 'X'?" for the nearest candidate, or "" when none is near.
std::string didYouMean(std::string_view name, std::span<const std::string_view> candidates);

} // namespace slvm
