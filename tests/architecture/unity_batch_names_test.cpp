// Unity batches (tests/CMakeLists.txt): a test executable compiles its files eight at a time, in
// the order of their paths, so two of its files that define the same name at namespace scope (in
// the same namespace, with the same parameters) break its build as soon as one batch holds both,
// which adding or renaming any file can bring about. This test finds such pairs before a batch
// does. It reads the sources as text, as .clang-format and the style write them: a definition at
// namespace scope starts in column 0, and a namespace opens with `namespace NAME {` and closes
// with `} // namespace`.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kTestsFolder = fs::path(LRT_SOURCE_DIR) / "tests";

// Each test executable's source files, as tests/CMakeLists.txt lists them.
std::map<std::string, std::vector<std::string>> testExecutableSources() {
    std::ifstream in(kTestsFolder / "CMakeLists.txt");
    std::stringstream text;
    text << in.rdbuf();
    const std::string cmake = text.str();
    const std::regex call(R"(lrt_add_test_executable\((\w+)\s+([^)]*)\))");
    std::map<std::string, std::vector<std::string>> sources;
    for (auto it = std::sregex_iterator(cmake.begin(), cmake.end(), call);
         it != std::sregex_iterator(); ++it) {
        std::istringstream files((*it)[2].str());
        for (std::string file; files >> file;)
            sources[(*it)[1].str()].push_back(file);
    }
    return sources;
}

// The parameter types of a parameter list as written on one line: the names and the default
// values left out ("const Image& a, int n = 2" is "const Image&,int").
std::string parameterTypes(const std::string& parameters) {
    static const std::regex defaultValue(R"(\s*=.*$)"), name(R"(([\s&*])\w+\s*$)");
    std::string types;
    std::istringstream list(parameters);
    for (std::string parameter; std::getline(list, parameter, ',');) {
        parameter = std::regex_replace(parameter, defaultValue, "");
        parameter = std::regex_replace(parameter, name, "$1");
        const auto first = parameter.find_first_not_of(' ');
        const auto last = parameter.find_last_not_of(' ');
        types += (types.empty() ? "" : ",") +
                 (first == std::string::npos ? "" : parameter.substr(first, last - first + 1));
    }
    return types;
}

// What a file defines at namespace scope: "namespace::name(parameter types" for a function, and
// "namespace::name" for a type, a constant or an alias.
std::vector<std::string> namespaceScopeDefinitions(const fs::path& file) {
    static const std::regex function(
        R"(^(?:static |inline |constexpr |template <[^>]*> )*(?:const )?)" // qualifiers
        R"([\w:<>,]+(?:<[^()]*>)?[\s&*]+(\w+)\(([^)]*))"); // return type, name, parameters
    static const std::regex type(R"(^(?:struct|class|enum class|enum) (\w+)[^;]*$)");
    static const std::regex constant(
        R"(^(?:static )?(?:constexpr|const) [\w:<>, ]+?\s(\w+)(?:\[\])?\s*[=({])");
    static const std::regex alias(R"(^using (\w+) =)");
    static const std::regex opening(R"(^namespace ([\w:]*) ?\{)");
    std::vector<std::string> definitions;
    std::vector<std::string> namespaces;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        std::smatch match;
        if (std::regex_search(line, match, opening)) {
            namespaces.push_back(match[1].str());
            continue;
        }
        if (line.starts_with("} // namespace") && !namespaces.empty()) {
            namespaces.pop_back();
            continue;
        }
        if (line.empty() || line.starts_with("TEST_CASE") || line.starts_with("}") ||
            line.starts_with("#") || line.starts_with("//") || line.starts_with(" "))
            continue;
        std::string scope;
        for (const std::string& name : namespaces)
            if (!name.empty())
                scope += name + "::";
        if (std::regex_search(line, match, function)) {
            if (match[1].str() != "main")
                definitions.push_back(scope + match[1].str() + "(" +
                                      parameterTypes(match[2].str()));
        } else if (std::regex_search(line, match, type) ||
                   std::regex_search(line, match, constant) ||
                   std::regex_search(line, match, alias)) {
            definitions.push_back(scope + match[1].str());
        }
    }
    return definitions;
}

} // namespace

TEST_CASE("no two files of a test executable define the same name at namespace scope",
          "[architecture]") {
    const auto executables = testExecutableSources();
    REQUIRE(executables.size() >= 5);
    for (const auto& [executable, sources] : executables) {
        std::map<std::string, std::string> definedIn;
        for (const std::string& source : sources)
            for (const std::string& definition : namespaceScopeDefinitions(kTestsFolder / source)) {
                const auto [where, added] = definedIn.emplace(definition, source);
                INFO(executable << ": " << definition << " in tests/" << where->second
                                << " and tests/" << source
                                << " (rename one: a unity batch may hold both)");
                CHECK((added || where->second == source));
            }
    }
}
