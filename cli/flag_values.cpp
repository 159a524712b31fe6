// Flag-value checks shared by the subcommands.
#include "cli/flag_values.h"

#include "cli/exit_status.h"
#include "renderer/integrators/integrator_registry.h"
#include "slvm/common/number.h"

#include <OpenImageIO/imageio.h>
#include <fmt/format.h>

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

void checkFlagNumber(std::string_view flag, double value, const slvm::NumberDomain& domain) {
    if (const auto message = slvm::outsideDomain(flag, value, domain))
        throw UsageError(*message);
}

std::vector<float> parseFlagNumbers(std::string_view flag, std::string_view text, std::size_t count,
                                    const slvm::NumberDomain& domain, std::string_view shape) {
    const auto values = parseFloatList(text);
    if (!values || values->size() != count)
        throw UsageError(fmt::format("{} '{}': expected {}, {} numbers", flag, text, shape, count));
    for (const float v : *values)
        checkFlagNumber(flag, v, domain);
    return *values;
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

void addVmOption(CLI::App& command, slvm::jit::VmKind& vm) {
    command
        .add_option_function<std::string>(
            "--vm", [&vm](const std::string& name) { vm = *slvm::jit::parseVmKind(name); },
            fmt::format("What runs the programs: jit (compiled to x86-64) or interpreter "
                        "(default {})",
                        slvm::jit::vmName(slvm::jit::defaultVm())))
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                return slvm::jit::parseVmKind(text)
                           ? std::string()
                           : fmt::format("expected jit or interpreter, found '{}'", text);
            },
            "jit|interpreter"));
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

} // namespace lrt::cli
