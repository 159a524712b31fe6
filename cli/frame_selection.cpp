// Frame lists and frame-numbered file names.
#include "cli/frame_selection.h"

#include "cli/cli_support.h"

#include <fmt/format.h>
#include <regex>

namespace lrt::cli {

std::vector<int> parseFrames(const std::string& text) {
    static const std::regex pattern(R"((-?\d{1,9})(?:-(-?\d{1,9})(?::(\d{1,9}))?)?)");
    std::smatch m;
    if (!std::regex_match(text, m, pattern))
        throw UsageError(
            fmt::format("--frames '{}': expected A, A-B or A-B:step (frame numbers)", text));
    const int first = std::stoi(m[1]), last = m[2].matched ? std::stoi(m[2]) : first;
    const int step = m[3].matched ? std::stoi(m[3]) : 1;
    if (last < first)
        throw UsageError(fmt::format("--frames '{}': the last frame comes before the first", text));
    if (step < 1)
        throw UsageError(fmt::format("--frames '{}': the step must be at least 1", text));
    std::vector<int> frames;
    for (long long f = first; f <= last; f += step)
        frames.push_back(static_cast<int>(f));
    return frames;
}

bool hasFrameField(const std::string& pattern) {
    static const std::regex field(R"(#|%0?\d*d)");
    return std::regex_search(pattern, field);
}

std::filesystem::path framePath(const std::string& pattern, int frame, bool severalFrames) {
    if (!hasFrameField(pattern)) {
        if (pattern.find('%') != std::string::npos)
            throw UsageError(fmt::format("output '{}': '%' may only appear as %d or %0Nd, the "
                                         "frame number",
                                         pattern));
        if (!severalFrames)
            return pattern;
        const std::filesystem::path p(pattern);
        return p.parent_path() /
               fmt::format("{}.{:04}{}", p.stem().string(), frame, p.extension().string());
    }
    static const std::regex field(R"(#+|%(0?)(\d*)d|%)");
    std::string out;
    auto begin = std::sregex_iterator(pattern.begin(), pattern.end(), field);
    std::size_t copied = 0;
    for (auto it = begin; it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        out += pattern.substr(copied, static_cast<std::size_t>(m.position(0)) - copied);
        copied = static_cast<std::size_t>(m.position(0) + m.length(0));
        const std::string text = m.str(0);
        if (text[0] == '#') {
            out += fmt::format("{:0{}}", frame, text.size());
        } else if (text == "%") {
            throw UsageError(fmt::format("output '{}': '%' may only appear as %d or %0Nd, the "
                                         "frame number",
                                         pattern));
        } else {
            const int width = m[2].length() > 0 ? std::stoi(m[2]) : 0;
            out += m[1].length() > 0 ? fmt::format("{:0{}}", frame, width)
                                     : fmt::format("{:{}}", frame, width);
        }
    }
    out += pattern.substr(copied);
    return out;
}

} // namespace lrt::cli
