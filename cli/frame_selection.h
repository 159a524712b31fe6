// Which frames a command renders (--frames A-B:step) and what each frame's output is called
// (out.####.exr or out.%04d.exr).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace lrt::cli {

// "A", "A-B" or "A-B:step" (step > 0): the frame numbers A, A+step, ... up to B. Throws
// UsageError naming the flag.
std::vector<int> parseFrames(const std::string& text);

// Whether `pattern` names its frame: a run of '#' or a printf-style %d / %0Nd.
bool hasFrameField(const std::string& pattern);

// The output path of `frame`: each run of N '#' becomes the frame number zero-padded to N digits,
// each %d or %0Nd (printf-style) the number as printf prints it; a pattern without either gets
// ".NNNN" before the extension when several frames are rendered. Throws UsageError for any other
// '%' conversion.
std::filesystem::path framePath(const std::string& pattern, int frame, bool severalFrames);

} // namespace lrt::cli
