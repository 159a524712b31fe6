// The Catch2 main shared by every test executable, with one option of ours: --source-file.
//
// CTest runs one process per test source file (tests/CMakeLists.txt), not one per test case:
// starting a process that maps lrt's libraries (OpenImageIO brings some 260 shared objects) costs
// about half a second, a second under the sanitizers, which was most of the suite's time.
// `--source-file renderer/integrators/path_test.cpp` runs the test cases that file defines (with
// test case names as well, those are run too). Without it the executable is Catch2's own.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace {

// `name` as a Catch2 test spec that matches only that name: every character that is not a letter
// or a digit is escaped, so commas, brackets, quotes and wildcards are taken literally.
std::string exactNameSpec(std::string_view name) {
    std::string spec;
    for (const char c : name) {
        const bool plain =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!plain)
            spec += '\\';
        spec += c;
    }
    return spec;
}

// Whether `path` names `sourceFile`: it is that path, or ends with "/" and that path.
bool isFile(std::string_view path, std::string_view sourceFile) {
    if (path.size() < sourceFile.size() ||
        path.substr(path.size() - sourceFile.size()) != sourceFile)
        return false;
    return path.size() == sourceFile.size() || path[path.size() - sourceFile.size() - 1] == '/';
}

// Adds to `session`'s selection every visible test case defined in `sourceFile`. Selects nothing
// when none is, so that `--warn NoTests` reports it. Returns false, saying which, when a test case
// cannot be selected by its name (which would leave it unrun without a word).
bool selectTestsOfFile(Catch::Session& session, const std::string& sourceFile) {
    std::vector<std::string> specs;
    for (const auto& test : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) {
        const auto& info = test.getTestCaseInfo();
        if (test.isHidden() || !isFile(info.lineInfo.file, sourceFile))
            continue;
        specs.push_back(exactNameSpec(info.name));
        if (!Catch::TestSpecParser(Catch::ITagAliasRegistry::get())
                 .parse(specs.back())
                 .testSpec()
                 .matches(info)) {
            Catch::cerr() << "--source-file: the test case \"" << info.name
                          << "\" cannot be selected by its name\n";
            return false;
        }
    }
    if (specs.empty())
        specs.push_back(exactNameSpec("no test case is defined in " + sourceFile));
    auto& selection = session.configData().testsOrTags;
    for (const auto& spec : specs) {
        if (!selection.empty())
            selection.emplace_back(",");
        selection.push_back(spec);
    }
    return true;
}

} // namespace

int main(int argc, char* argv[]) {
    Catch::Session session;
    std::string sourceFile;
    session.cli(session.cli() |
                Catch::clara::Opt(sourceFile, "path")["--source-file"](
                    "run the test cases defined in this file (a path relative to tests/)"));
    if (const int status = session.applyCommandLine(argc, argv); status != 0)
        return status;
    if (!sourceFile.empty() && !selectTestsOfFile(session, sourceFile))
        return 1;
    return session.run();
}
