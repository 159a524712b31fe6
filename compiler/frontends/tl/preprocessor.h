// T-Language's preprocessor: #define NAME tokens (a textual substitution), #macro OUT = NAME(A, B)
// ... #endmacro (a statement macro: `X = NAME(a, b);` becomes its body with OUT, A and B
// replaced), and #include "file" (beside the including file, then on the search path).
#pragma once

#include "compiler/frontends/tl/lexer.h"

#include <filesystem>
#include <memory>
#include <vector>

namespace compiler::tl {

struct PreprocessedSource {
    std::vector<Token> tokens;                                    // ends with End
    std::vector<std::shared_ptr<const slvm::SourceText>> sources; // every file read
};

PreprocessedSource preprocess(std::shared_ptr<const slvm::SourceText> source,
                              const std::vector<std::filesystem::path>& searchPath,
                              std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::tl
