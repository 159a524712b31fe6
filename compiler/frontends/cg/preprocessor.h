// Cg's preprocessor, as C's: #define (with arguments, # and ##), #undef, #if / #ifdef / #ifndef /
// #elif / #else / #endif with defined(), #include "file" (relative to the including file, then
// the search path) and <file> (the search path), #error, and #pragma / #line (ignored). Expanded
// tokens keep the location of the macro's use, so errors point at the line the author wrote.
#pragma once

#include "compiler/frontends/cg/lexer.h"

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace compiler::cg {

struct PreprocessorOptions {
    std::vector<std::filesystem::path> searchPath;
    std::map<std::string, std::string> defines; // NAME -> replacement text (e.g. from the profile)
};

struct PreprocessedSource {
    std::vector<Token> tokens; // ending with an End token
    // The texts the tokens' locations point into: the main file and every included one.
    std::vector<std::shared_ptr<const slvm::SourceText>> sources;
};

PreprocessedSource preprocess(std::shared_ptr<const slvm::SourceText> source,
                              const PreprocessorOptions& options,
                              std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::cg
