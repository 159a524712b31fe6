// #include for both front ends' preprocessors: where the named file is looked for, how deep
// includes may nest, and the words of their errors, so that Cg and T-Language agree.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/common/source_text.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace compiler::frontends {

// How many files deep includes may nest below the file being compiled: enough for any real
// header tree, and it stops a file that includes itself.
constexpr int kMaximumIncludeDepth = 32;

struct IncludeDirective {
    std::string file;               // as written between the quotes or angle brackets
    bool besideIncluder = true;     // "file": the including file's folder comes first
    slvm::SourceLocation where;     // the directive, where the included text is included from
    slvm::SourceLocation fileWhere; // the file name, where "not found" points
    const slvm::SourceText* includer = nullptr; // the file the directive is in
    int depth = 0; // how deep the includer is nested (0: the compiled file)
};

// The text of the file `directive` names: the first regular file of that name beside the
// includer (for "file") and then in each folder of `searchPath`. Null, with an error in
// `errors`, when includes nest deeper than kMaximumIncludeDepth or no folder has the file.
std::shared_ptr<const slvm::SourceText>
readIncludedFile(const IncludeDirective& directive,
                 const std::vector<std::filesystem::path>& searchPath,
                 std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::frontends
