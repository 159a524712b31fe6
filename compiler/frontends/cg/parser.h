// The Cg parser: recursive descent over the preprocessed tokens into a TranslationUnit, with C's
// operator precedence. It reports every syntax error of a file (recovering at the next ';' or
// '}') rather than stopping at the first.
#pragma once

#include "compiler/frontends/cg/ast.h"
#include "compiler/frontends/cg/lexer.h"
#include "slvm/common/diagnostic.h"

#include <string_view>
#include <vector>

namespace compiler::cg {

TranslationUnit parse(const std::vector<Token>& tokens, std::vector<slvm::Diagnostic>& errors);

// Whether `name` is one of Cg's built-in type names: float, float3, half2x2, bool4, int, void,
// sampler2D...
bool isBuiltInTypeName(std::string_view name);

} // namespace compiler::cg
