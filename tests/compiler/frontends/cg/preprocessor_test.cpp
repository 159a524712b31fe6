// The Cg preprocessor: macros with arguments, # and ##, conditionals with defined(), includes
// relative to the including file and along the search path, and where expanded tokens point.
#include "compiler/frontends/cg/preprocessor.h"
#include "tests/file_bytes.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

using namespace compiler::cg;

namespace {

// The tokens' texts joined by spaces, without the End token.
std::string expand(const std::string& text, const PreprocessorOptions& options = {},
                   const std::string& name = "test.cg") {
    std::vector<slvm::Diagnostic> errors;
    const auto source = std::make_shared<const slvm::SourceText>(name, text);
    const PreprocessedSource result = preprocess(source, options, errors);
    INFO(slvm::formatDiagnostics(errors));
    REQUIRE(errors.empty());
    std::string joined;
    for (const Token& token : result.tokens)
        if (token.kind != TokenKind::End)
            joined += (joined.empty() ? "" : " ") + token.text;
    return joined;
}

std::vector<slvm::Diagnostic> errorsOf(const std::string& text) {
    std::vector<slvm::Diagnostic> errors;
    preprocess(std::make_shared<const slvm::SourceText>("test.cg", text), {}, errors);
    return errors;
}

void write(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

} // namespace

TEST_CASE("object-like and function-like macros expand", "[compiler][preprocessor]") {
    CHECK(expand("#define K 0.5\nfloat x = K;") == "float x = 0.5 ;");
    CHECK(expand("#define SQ(a) ((a) * (a))\nSQ(x + 1)") == "( ( x + 1 ) * ( x + 1 ) )");
    // Arguments may hold commas inside parentheses, and span lines.
    CHECK(expand("#define FIRST(a, b) a\nFIRST(f(1, 2),\n 3)") == "f ( 1 , 2 )");
    // A function-like macro's name without '(' is just a name.
    CHECK(expand("#define F(a) a\nF + 1") == "F + 1");
    // '#define N (x)' with a space is object-like.
    CHECK(expand("#define N (x)\nN") == "( x )");
    CHECK(expand("#define S(a) #a\nS(hello world)") == "\"hello world\"");
    CHECK(expand("#define CAT(a, b) a ## b\nCAT(tex, 2D)") == "tex2D");
    // A macro does not expand inside its own expansion.
    CHECK(expand("#define X X + 1\nX") == "X + 1");
    CHECK(expand("#define A 1\n#undef A\nA") == "A");
}

TEST_CASE("conditionals keep the right groups", "[compiler][preprocessor]") {
    CHECK(expand("#if 1 + 1 == 2\nyes\n#else\nno\n#endif") == "yes");
    CHECK(expand("#define V 3\n#if V > 4\na\n#elif V > 2\nb\n#else\nc\n#endif") == "b");
    CHECK(expand("#ifdef UNDEFINED\na\n#endif\n#ifndef UNDEFINED\nb\n#endif") == "b");
    CHECK(expand("#define D\n#if defined(D) && !defined E\nboth\n#endif") == "both");
    // Nested groups inside a skipped one stay skipped, #else included.
    CHECK(expand("#if 0\n#if 1\na\n#else\nb\n#endif\n#endif\nc") == "c");
    // An unknown name is 0, as in C; directives in a skipped group are not checked.
    CHECK(expand("#if NOTHING\na\n#bogus\n#endif") == "");
    PreprocessorOptions options;
    options.defines["PROFILE_SL"] = "1";
    CHECK(expand("#if PROFILE_SL\nsl\n#endif", options) == "sl");
}

TEST_CASE("#include finds files beside the includer, then on the search path",
          "[compiler][preprocessor]") {
    const lrt::testing::ScratchDirectory folder("lrt_cg_include_test_");
    write(folder / "shaders" / "main.cg",
          "#include \"lib/common.cgh\"\n#include <shared.cgh>\nend");
    write(folder / "shaders" / "lib" / "common.cgh", "#include \"inner.cgh\"\ncommon");
    write(folder / "shaders" / "lib" / "inner.cgh", "inner");
    write(folder / "library" / "shared.cgh", "#define SHARED shared\nSHARED");
    PreprocessorOptions options;
    options.searchPath = {folder / "library"};
    const std::string text = testing_files::requiredFileBytes(folder / "shaders" / "main.cg");
    CHECK(expand(text, options, (folder / "shaders" / "main.cg").string()) ==
          "inner common shared end");
}

TEST_CASE("an error in an included file names the include chain", "[compiler][preprocessor]") {
    const lrt::testing::ScratchDirectory folder("lrt_cg_include_error_test_");
    write(folder / "a.cgh", "\n#bogus\n");
    std::vector<slvm::Diagnostic> errors;
    preprocess(std::make_shared<const slvm::SourceText>((folder / "main.cg").string(),
                                                        "x\n#include \"a.cgh\"\n"),
               {}, errors);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].where.file == (folder / "a.cgh").string());
    CHECK(errors[0].where.line == 2);
    REQUIRE(errors[0].includedFrom.size() == 1);
    CHECK(errors[0].includedFrom[0].line == 2);
}

TEST_CASE("preprocessor errors are reported at their lines", "[compiler][preprocessor]") {
    const auto first = [](const std::string& text) {
        const auto errors = errorsOf(text);
        REQUIRE(!errors.empty());
        return errors[0];
    };
    CHECK(first("#if 1\nx").message == "unterminated conditional: expected '#endif'");
    CHECK(first("#endif").message == "'#endif' without '#if'");
    CHECK(first("#if 1\n#else\n#else\n#endif").where.line == 3);
    CHECK(first("#define F(a, b) a\nF(1)").message == "macro 'F' takes 2 arguments, given 1");
    CHECK(first("#include \"missing.cgh\"")
              .message.starts_with("cannot find include file 'missing.cgh'"));
    CHECK(first("#if 1 / 0\n#endif").message == "division by zero in the #if expression");
    CHECK(first("#error stop here").message == "#error stop here");
    CHECK(first("#fancy").message.starts_with("unknown directive '#fancy'"));
    // An include cycle stops at a depth limit instead of recursing forever.
    const lrt::testing::ScratchDirectory folder("lrt_cg_cycle_test_");
    write(folder / "loop.cgh", "#include \"loop.cgh\"\n");
    std::vector<slvm::Diagnostic> errors;
    preprocess(std::make_shared<const slvm::SourceText>((folder / "loop.cgh").string(),
                                                        "#include \"loop.cgh\"\n"),
               {}, errors);
    REQUIRE(!errors.empty());
    CHECK_THAT(errors[0].message, Catch::Contains("does a file include itself"));
}

TEST_CASE("expanded tokens point at the macro's use", "[compiler][preprocessor]") {
    std::vector<slvm::Diagnostic> errors;
    const auto source =
        std::make_shared<const slvm::SourceText>("test.cg", "#define K 1 + 2\n\n  K");
    const PreprocessedSource result = preprocess(source, {}, errors);
    REQUIRE(result.tokens.size() == 4);
    for (int i = 0; i < 3; ++i) {
        CHECK(result.tokens[static_cast<std::size_t>(i)].where.line == 3);
        CHECK(result.tokens[static_cast<std::size_t>(i)].where.column == 3);
    }
}
