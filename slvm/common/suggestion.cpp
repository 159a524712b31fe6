// Edit distance between names, computed in full for candidates whose length is near the name's.
#include "slvm/common/suggestion.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <vector>

namespace slvm {

namespace {

char folded(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Optimal string alignment distance, case-insensitive.
std::size_t editDistance(std::string_view a, std::string_view b) {
    const std::size_t columns = b.size() + 1;
    std::vector<std::size_t> d((a.size() + 1) * columns);
    const auto at = [&](std::size_t i, std::size_t j) -> std::size_t& {
        return d[i * columns + j];
    };
    for (std::size_t i = 0; i <= a.size(); ++i)
        at(i, 0) = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
        at(0, j) = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = folded(a[i - 1]) == folded(b[j - 1]) ? 0 : 1;
            at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
            if (i > 1 && j > 1 && folded(a[i - 1]) == folded(b[j - 2]) &&
                folded(a[i - 2]) == folded(b[j - 1]))
                at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
        }
    return at(a.size(), b.size());
}

// Never as many edits as the name has characters: any one-letter name is one edit from 'x'.
std::size_t allowedDistance(std::string_view name) {
    const std::size_t byLength = name.size() <= 4 ? 1 : name.size() <= 8 ? 2 : 3;
    return std::min(byLength, name.empty() ? 0 : name.size() - 1);
}

} // namespace

std::optional<std::string_view> nearestName(std::string_view name,
                                            std::span<const std::string_view> candidates) {
    if (std::find(candidates.begin(), candidates.end(), name) != candidates.end())
        return std::nullopt;
    std::optional<std::string_view> best;
    std::size_t bestDistance = allowedDistance(name) + 1;
    for (const std::string_view candidate : candidates) {
        // Lengths further apart than the allowance need more edits than it allows: skipping them
        // keeps a megabyte-long name from costing its length times every candidate's.
        const std::size_t apart = name.size() > candidate.size() ? name.size() - candidate.size()
                                                                 : candidate.size() - name.size();
        if (apart >= bestDistance)
            continue;
        const std::size_t distance = editDistance(name, candidate);
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}

std::string didYouMean(std::string_view name, std::span<const std::string_view> candidates) {
    const auto nearest = nearestName(name, candidates);
    return nearest ? fmt::format("; did you mean '{}'?", *nearest) : std::string();
}

} // namespace slvm
