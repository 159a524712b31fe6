// Checks of flag values shared by the subcommands: numbers, lists, integrator and image names.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lrt::cli {

// "a,b,c" into floats, each a strict number literal; nullopt when any is malformed.
std::optional<std::vector<float>> parseFloatList(std::string_view text);

// Accepts decimal digits only (a count or seed), with a message naming what was found.
CLI::Validator nonNegativeInteger();

// Throws UsageError unless `name` is a registered integrator.
void checkIntegratorFlag(const std::string& name);

// Throws UsageError unless OpenImageIO can write the format `path`'s extension names.
void checkImageOutputFlag(const std::string& path);

} // namespace lrt::cli
