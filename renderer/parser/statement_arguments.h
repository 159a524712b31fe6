// The positional numbers of the statements the parser handles itself (Format, Clipping, Translate,
// Color...), each with its domain: the one table the statement handlers read them through and
// docs/scene-format.md lists (a test keeps the two equal). Shapes' arguments live in their
// registry entries (renderer/shapes/shape_registry.h).
#pragma once

#include "renderer/core/parameter_table.h"

#include <span>
#include <string_view>

namespace lrt {

struct StatementArguments {
    std::string_view statement;
    ArgumentTable arguments;
};

// Every such statement, in the order the document lists them.
std::span<const StatementArguments> statementArguments();
// The arguments of `statement`; asking for one the table lacks is a bug (std::logic_error).
ArgumentTable argumentsOf(std::string_view statement);

} // namespace lrt
