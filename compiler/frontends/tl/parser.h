// The T-Language parser: tokens to a Program, with every syntax error reported (the parser skips
// to the next statement after one).
#pragma once

#include "compiler/frontends/tl/ast.h"
#include "compiler/frontends/tl/lexer.h"

namespace compiler::tl {

Program parse(const std::vector<Token>& tokens, std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::tl
