// A parameter list's problems as a list, for the readers that report every statement's problems
// and go on (the .lrt parser, the vocabulary check of imported frames).
#pragma once

#include "renderer/core/parameter_table.h"

#include <string>
#include <vector>

namespace lrt {

// What Parameters(list, table, what, where) would throw; empty when the list reads cleanly.
std::vector<Diagnostic> parameterProblems(const ParameterList& list, ParameterTable table,
                                          std::string what, const SourceLocation& where);

} // namespace lrt
