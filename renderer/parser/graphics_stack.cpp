// The block-matching messages both scene readers give.
#include "renderer/parser/graphics_stack.h"

#include <fmt/format.h>

namespace lrt {

std::string unmatchedEndMessage(const std::string& end, const std::string& block,
                                const OpenBlock* innermost) {
    return innermost ? fmt::format("{} closes {} opened at line {}", end, innermost->name,
                                   innermost->where.line)
                     : fmt::format("{} without {}", end, block);
}

void refuseInsideBlock(std::string_view statement, const OpenBlock* open,
                       const SourceLocation& where, std::string_view advice) {
    if (open)
        throw SceneError(where, fmt::format("{} inside {} (opened at line {}){}", statement,
                                            open->name, open->where.line, advice));
}

} // namespace lrt
