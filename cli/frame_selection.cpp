// Frame lists and frame-numbered file names.
#include "cli/frame_selection.h"

#include "cli/exit_status.h"

#include <cctype>
#include <fmt/format.h>
#include <optional>

namespace lrt::cli {

namespace {

// A decimal integer of one to nine digits, optionally negative, at text[at...]; advances at.
std::optional<int> readInteger(const std::string& text, std::size_t& at, bool allowSign) {
    const std::size_t start = at;
    if (allowSign && at < text.size() && text[at] == '-')
        ++at;
    const std::size_t digits = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
        ++at;
    if (at == digits || at - digits > 9)
        return std::nullopt;
    return std::stoi(text.substr(start, at - start));
}

// The frame field at pattern[at...]: a run of '#' or %d / %0Nd; its length in `length`, its
// zero-padded width in `width` (0: no padding).
bool frameFieldAt(const std::string& pattern, std::size_t at, std::size_t& length, int& width) {
    if (pattern[at] == '#') {
        length = pattern.find_first_not_of('#', at);
        length = (length == std::string::npos ? pattern.size() : length) - at;
        width = static_cast<int>(length);
        return true;
    }
    if (pattern[at] != '%')
        return false;
    std::size_t end = at + 1;
    while (end < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[end])))
        ++end;
    if (end >= pattern.size() || pattern[end] != 'd' || end - at > 4)
        return false;
    const std::string digits = pattern.substr(at + 1, end - at - 1);
    // printf pads with zeros only for a leading 0 (%04d); %4d pads with blanks.
    width = digits.empty() ? 0 : std::stoi(digits) * (digits[0] == '0' ? 1 : -1);
    length = end + 1 - at;
    return true;
}

} // namespace

std::vector<int> parseFrames(const std::string& text) {
    std::size_t at = 0;
    const auto first = readInteger(text, at, true);
    std::optional<int> last = first, step = 1;
    if (first && at < text.size() && text[at] == '-') {
        last = readInteger(text, ++at, true);
        if (last && at < text.size() && text[at] == ':')
            step = readInteger(text, ++at, false);
    }
    if (!first || !last || !step || at != text.size())
        throw UsageError(
            fmt::format("--frames '{}': expected A, A-B or A-B:step (frame numbers)", text));
    if (*last < *first)
        throw UsageError(fmt::format("--frames '{}': the last frame comes before the first", text));
    if (*step < 1)
        throw UsageError(fmt::format("--frames '{}': the step must be at least 1", text));
    constexpr long long kMaxFrames = 1'000'000;
    if ((static_cast<long long>(*last) - *first) / *step + 1 > kMaxFrames)
        throw UsageError(
            fmt::format("--frames '{}': more than {} frames; split the range", text, kMaxFrames));
    std::vector<int> frames;
    for (long long f = *first; f <= *last; f += *step)
        frames.push_back(static_cast<int>(f));
    return frames;
}

bool hasFrameField(const std::string& pattern) {
    std::size_t length;
    int width;
    for (std::size_t at = 0; at < pattern.size(); ++at)
        if (frameFieldAt(pattern, at, length, width))
            return true;
    return false;
}

std::filesystem::path framePath(const std::string& pattern, int frame, bool severalFrames) {
    const bool numbered = hasFrameField(pattern);
    std::string out;
    for (std::size_t at = 0; at < pattern.size();) {
        std::size_t length;
        int width;
        if (frameFieldAt(pattern, at, length, width)) {
            out += width > 0   ? fmt::format("{:0{}}", frame, width)
                   : width < 0 ? fmt::format("{:>{}}", frame, -width)
                               : std::to_string(frame);
            at += length;
        } else if (pattern[at] == '%') {
            throw UsageError(fmt::format("output '{}': '%' may only appear as %d or %0Nd, the "
                                         "frame number",
                                         pattern));
        } else {
            out += pattern[at++];
        }
    }
    if (numbered || !severalFrames)
        return out;
    const std::filesystem::path p(out);
    return p.parent_path() /
           fmt::format("{}.{:04}{}", p.stem().string(), frame, p.extension().string());
}

} // namespace lrt::cli
