// Failures into exit statuses and prefixed lines on stderr.
#include "cli/exit_status.h"

#include "renderer/core/scene_error.h"
#include "slvm/common/source_text.h"

#include <fmt/format.h>
#include <iostream>
#include <new>
#include <string>

namespace lrt::cli {

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
        out += slvm::printableText(line); // a message may quote a file name's raw bytes
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

} // namespace lrt::cli
