// #include's search and its errors.
#include "compiler/frontends/common/include_file.h"

#include "slvm/common/file_contents.h"

#include <fmt/format.h>

namespace compiler::frontends {

std::shared_ptr<const slvm::SourceText>
readIncludedFile(const IncludeDirective& directive,
                 const std::vector<std::filesystem::path>& searchPath,
                 std::vector<slvm::Diagnostic>& errors) {
    if (directive.depth >= kMaximumIncludeDepth) {
        errors.emplace_back(slvm::Severity::Error, directive.where,
                            fmt::format("#include nested more than {} files deep: does a file "
                                        "include itself, directly or through another?",
                                        kMaximumIncludeDepth));
        return nullptr;
    }
    std::vector<std::filesystem::path> folders;
    if (directive.besideIncluder && directive.includer)
        folders.push_back(std::filesystem::path(directive.includer->name()).parent_path());
    folders.insert(folders.end(), searchPath.begin(), searchPath.end());
    for (const auto& folder : folders) {
        const std::filesystem::path candidate = folder / directive.file;
        std::error_code ignored;
        if (!std::filesystem::is_regular_file(candidate, ignored))
            continue;
        auto text = slvm::readFileContents(candidate);
        if (!text) {
            errors.emplace_back(slvm::Severity::Error, directive.fileWhere,
                                fmt::format("cannot read include file '{}'", candidate.string()));
            return nullptr;
        }
        return std::make_shared<const slvm::SourceText>(candidate.string(), std::move(*text),
                                                        directive.where);
    }
    std::string looked;
    for (const auto& folder : folders)
        looked +=
            (looked.empty() ? "" : ", ") + (folder.empty() ? std::string(".") : folder.string());
    errors.emplace_back(slvm::Severity::Error, directive.fileWhere,
                        fmt::format("cannot find include file '{}' ({})", directive.file,
                                    looked.empty()
                                        ? std::string("no include folders: give one with -I")
                                        : "looked in " + looked));
    return nullptr;
}

} // namespace compiler::frontends
