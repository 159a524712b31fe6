// The note every back end writes, in its assembly's comment syntax, before the first instruction
// made from a source line: "file:line: the line, trimmed". The pixel debugger and users read the
// generated assembly back to the Cg or T-Language line through it.
#pragma once

#include "slvm/common/source_text.h"

#include <string>

namespace compiler::backends {

// "file:line: text" for `where`, whose line must be at least 1.
std::string sourceLineNote(const slvm::SourceLocation& where);

} // namespace compiler::backends
