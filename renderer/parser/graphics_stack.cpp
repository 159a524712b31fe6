// The block-matching message both scene readers give.
#include "renderer/parser/graphics_stack.h"

#include <fmt/format.h>

namespace lrt {

std::string unmatchedEndMessage(const std::string& end, const std::string& block,
                                const OpenBlock* innermost) {
    return innermost ? fmt::format("{} closes {} opened at line {}", end, innermost->name,
                                   innermost->where.line)
                     : fmt::format("{} without {}", end, block);
}

} // namespace lrt
