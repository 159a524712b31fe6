// Shared CLI plumbing.
#include "cli/cli_support.h"

#include "renderer/core/scene_error.h"
#include "renderer/integrators/integrator_registry.h"
#include "slvm/common/diagnostic.h"
#include "slvm/common/number.h"

#include <OpenImageIO/imageio.h>
#include <cmath>
#include <fmt/format.h>
#include <iostream>

namespace lrt::cli {

std::optional<std::vector<float>> parseFloatList(std::string_view text) {
    std::vector<float> values;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const auto value = slvm::parseFloatLiteral(text.substr(start, comma - start));
        if (!value)
            return std::nullopt;
        values.push_back(*value);
        if (comma == std::string_view::npos)
            return values;
        start = comma + 1;
    }
}

CLI::Validator nonNegativeInteger() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            const bool digits = !text.empty() && text.size() <= 19 &&
                                text.find_first_not_of("0123456789") == std::string::npos;
            return digits ? std::string()
                          : fmt::format("expected a non-negative integer, found '{}'", text);
        },
        "UINT");
}

void checkIntegratorFlag(const std::string& name) {
    if (integratorRegistry().find(name))
        return;
    const auto names = integratorRegistry().names();
    std::string expected;
    for (std::size_t i = 0; i < names.size(); ++i)
        expected += fmt::format("{}{}",
                                i == 0                  ? ""
                                : i + 1 == names.size() ? " or "
                                                        : ", ",
                                names[i]);
    throw UsageError(fmt::format("--integrator '{}': expected {}", name, expected));
}

void checkImageOutputFlag(const std::string& path) {
    if (!OIIO::ImageOutput::create(path))
        throw UsageError(fmt::format(
            "-o '{}': no image format for this file extension (use .exr, .png, .tif, ...)", path));
}

namespace {
// `text` with `prefix` before every line that does not start with a blank.
void printPrefixed(std::string_view prefix, std::string_view text) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line[0] != ' ' && line[0] != '\t')
            out += prefix;
        out += line;
        out += '\n';
        start = end + 1;
    }
    std::cerr << out << std::flush;
}
} // namespace

void printError(std::string_view text) {
    printPrefixed("ERROR: ", text);
}

void printWarning(const slvm::Diagnostic& warning) {
    printPrefixed("WARNING: ", slvm::formatDiagnostic(warning));
}

int guarded(const std::function<int()>& action) {
    try {
        return action();
    } catch (const UsageError& e) {
        printError(e.what());
        return kExitUsage;
    } catch (const slvm::ProgramError& e) {
        printError(e.what());
    } catch (const SceneError& e) {
        printError(e.what());
    } catch (const std::logic_error& e) {
        printError(fmt::format("internal error (a bug in lrt, please report it): {}", e.what()));
        return kExitInternal;
    } catch (const std::bad_alloc&) {
        printError("out of memory");
        return kExitInternal;
    } catch (const std::exception& e) {
        printError(e.what());
    }
    return kExitFailure;
}

std::string jsonNumber(float value) {
    if (std::isnan(value))
        return "\"nan\"";
    if (std::isinf(value))
        return value > 0 ? "\"inf\"" : "\"-inf\"";
    return fmt::format("{:.9g}", value);
}

} // namespace lrt::cli
