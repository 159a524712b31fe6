// Invalid T-Language programs: each is refused with its place (file:line:column) and a message
// that says what was expected, and a file's errors are all reported.
#include "compiler/driver/compile.h"

#include <catch2/catch.hpp>

namespace {

struct Invalid {
    const char* what;
    const char* source;
    int line, column;
    const char* message;
};

const Invalid kInvalid[] = {
    {"an unknown character", "v0 = 1 @ 2;", 1, 8, "unexpected character '@'"},
    {"an unterminated comment", "v0 = 1; /* never closed", 1, 9, "unterminated comment"},
    {"a hexadecimal number too long", "v0 = 0x123456789;", 1, 6, "malformed number '0x123456789'"},
    {"a binary number with a 2", "v0 = 0b102;", 1, 6, "malformed number '0b102'"},
    {"a fixed-point scale too large", "v0 = 40fp1.5;", 1, 6, "fixed-point scale"},
    {"a malformed decimal", "v0 = 1.2.3;", 1, 6, "malformed number '1.2.3'"},
    // Issue 31, defect 2: every number goes through the numeric contract of program literals.
    {"a decimal beyond float", "v0 = 1e400;", 1, 6, "number '1e400' is outside float's range"},
    {"a decimal underflowing float", "v0 = 0.1e-385;", 1, 6, "number '0.1e-385' underflows float"},
    {"a denormal decimal", "v0 = 1e-40;", 1, 6, "number '1e-40' underflows float"},
    {"a fixed-point literal beyond float", "v0 = 17fp4e38;", 1, 6,
     "number '17fp4e38' is outside float's range"},
    {"a fixed-point literal underflowing", "v0 = 17fp1e-50;", 1, 6,
     "number '17fp1e-50' underflows float"},
    {"a missing semicolon", "vector a\nv0 = a;", 2, 1, "expected ';' after the declaration"},
    {"an if without braces", "vector a;\nif (a > 0) v0 = 1;", 2, 12,
     "expected '{' to open the if's body"},
    {"an else without braces", "vector a;\nif (a > 0) { v0 = 1; } else v0 = 2;", 2, 29,
     "expected '{' to open the else's body"},
    {"a dangling else", "else { v0 = 1; }", 1, 1, "'else' without an 'if'"},
    {"an assignment in a condition", "vector a, b;\nif (a = b) { v0 = 1; }", 2, 7,
     "'=' assigns; compare with '=='"},
    {"a vector of two components", "v0 = (1, 2);", 1, 6,
     "a vector has three components (x, y, z), not 2"},
    {"a swizzle of two components", "vector a;\nv0 = a.xy;", 2, 8, "names two components"},
    {"a swizzle of w", "vector a;\nv0 = a.w;", 2, 8, "expected a swizzle"},
    {"a write mask with a sign", "vector a;\na.-x = 1;", 2, 3, "a write mask cannot change signs"},
    {"a write mask naming x twice", "vector a;\na.xx = 1;", 2, 3, "names x twice"},
    {"an undeclared variable read", "vector total;\nv0 = totl;", 2, 6,
     "unknown variable 'totl'; did you mean 'total'?"},
    {"an undeclared variable written", "answer = 42;", 1, 1,
     "assignment to 'answer', which is not declared"},
    {"a variable declared twice", "vector a;\nvector a;", 2, 8, "'a' is already declared"},
    {"writing an input", "N = 1;", 1, 1, "'N' is an input of profile sl"},
    {"writing R0", "R0 = 1;", 1, 1, "R0 holds the constants (0, 1, 0)"},
    {"a texture unit", "v0 = t0;", 1, 6, "'t0' is a texture unit"},
    {"an unknown function", "v0 = sqr(4);", 1, 6, "unknown function 'sqr'; did you mean 'sqrt'?"},
    {"sqrt of two arguments", "v0 = sqrt(4, 9);", 1, 6, "sqrt takes one argument, not 2"},
    {"a call with too few arguments", "function F(a, b) { return a; }\nv0 = F(1);", 2, 6,
     "F takes 2 arguments, not 1"},
    {"recursion", "function F(a) { return F(a); }\nv0 = F(1);", 1, 24, "F calls itself"},
    {"seven parameters",
     "function F(a, b, c, d, e, f, g) { return a; }\nv0 = F(1, 2, 3, 4, 5, 6, 7);", 1, 1,
     "at most six"},
    {"a function defined twice", "function F() { return 1; }\nfunction F() { return 2; }", 2, 1,
     "defined twice"},
    {"a function inside a function", "function F() {\n function G() { return 1; }\n}", 2, 2,
     "functions are defined at the top level"},
    {"return outside a function", "return 1;", 1, 1, "return outside a function"},
    {"a comparison used as a vector", "vector a;\nv0 = a < 1;", 2, 8,
     "a comparison is not a vector"},
    {"a vector used as a condition", "vector a;\nif (a) { v0 = 1; }", 2, 5,
     "a condition must be a comparison"},
    {"a loop whose bound is known only at run time", "vector i = 0;\nwhile (i.x < Kd) { i.x++; }",
     2, 12, "depends on values known only when the program runs"},
    {"a loop that never ends", "vector i = 0;\nwhile (i.x < 10) { v0 = i; }", 2, 1,
     "runs more than 1024 times"},
    {"an unknown using", "using floating_point;", 1, 1, "expected using fixed_point_arithmetic"},
    {"an unknown directive", "#pragma once\nv0 = 1;", 1, 1, "unknown directive '#pragma'"},
    {"a missing include", "#include \"nowhere.th\"", 1, 10,
     "cannot find include file 'nowhere.th'"},
    {"a #macro without #endmacro", "#macro C = F(A)\nC = A;", 1, 1, "#macro without #endmacro"},
    {"a macro called with the wrong count",
     "#macro C = F(A)\nC = A;\n#endmacro\nvector x;\nx = F(1, 2);", 5, 5,
     "macro F takes 1 argument, not 2"},
    {"a computing macro without a target", "#macro C = F(A)\nC = A;\n#endmacro\nF(1);", 4, 1,
     "macro F computes C"},
    {"a statement that is not one", "vector a;\na + 1;", 2, 3,
     "expected '=', '+=', '-=', '*=', '/=', '++' or '--' after a"},
};

} // namespace

TEST_CASE("invalid T-Language programs are refused at the right place", "[compiler][tl][errors]") {
    CHECK(std::size(kInvalid) >= 25);
    for (const Invalid& invalid : kInvalid) {
        INFO(invalid.what << ":\n" << invalid.source);
        compiler::CompileOptions options;
        options.profile = compiler::ProfileId::Sl;
        try {
            compiler::compileTl(std::make_shared<const slvm::SourceText>("bad.t", invalid.source),
                                options);
            FAIL("compiled");
        } catch (const slvm::ProgramError& error) {
            INFO(error.what());
            const slvm::Diagnostic& first = error.diagnostics().front();
            CHECK(first.where.file == "bad.t");
            CHECK(first.where.line == invalid.line);
            CHECK(first.where.column == invalid.column);
            CHECK(first.message.find(invalid.message) != std::string::npos);
            CHECK_FALSE(first.sourceLine.empty()); // quoted, with a caret under the column
        }
    }
}

TEST_CASE("a T-Language file's errors are all reported", "[compiler][tl][errors]") {
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Sl;
    try {
        compiler::compileTl(
            std::make_shared<const slvm::SourceText>(
                "bad.t", "vector a;\nv0 = b;\nv0 = (1, 2);\nif (a) { v0 = 1; }\nv0 = c;\n"),
            options);
        FAIL("compiled");
    } catch (const slvm::ProgramError& error) {
        // The parser stops at the two-component vector; the rest are the lowering's, all found.
        CHECK(error.diagnostics().size() >= 1);
    }
    try {
        compiler::compileTl(std::make_shared<const slvm::SourceText>(
                                "bad.t", "vector a;\nv0 = b;\nif (a) { v0 = 1; }\nv0 = c;\n"),
                            options);
        FAIL("compiled");
    } catch (const slvm::ProgramError& error) {
        REQUIRE(error.diagnostics().size() == 3);
        CHECK(error.diagnostics()[0].where.line == 2);
        CHECK(error.diagnostics()[1].where.line == 3);
        CHECK(error.diagnostics()[2].where.line == 4);
    }
}

TEST_CASE("a file of garbage reports its first 20 errors and how many there were",
          "[compiler][tl][cg][errors]") {
    // Found by fuzz_cg_compiler: 959 unexpected characters on one 1 KiB line printed 5.7 MB.
    const std::string garbage = std::string(300, '@') + "\n";
    for (const bool cg : {false, true}) {
        INFO((cg ? "Cg" : "T-Language"));
        compiler::CompileOptions options;
        options.profile = compiler::ProfileId::Sl;
        const auto source =
            std::make_shared<const slvm::SourceText>(cg ? "bad.cg" : "bad.t", garbage);
        try {
            if (cg)
                compiler::compileCg(source, options);
            else
                compiler::compileTl(source, options);
            FAIL("compiled");
        } catch (const slvm::ProgramError& error) {
            const auto& all = error.diagnostics();
            REQUIRE(all.size() == compiler::kMaxReportedErrors + 1);
            CHECK(all[0].where.line == 1);
            CHECK(all[0].where.column == 1);
            CHECK(all[19].where.column == 20);
            CHECK(all[20].severity == slvm::Severity::Note);
            CHECK(all[20].message.starts_with("stopped after 20 errors ("));
            CHECK(std::string(error.what()).size() < 20000);
        }
    }
}
