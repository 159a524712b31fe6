// The T-Language syntax tree: expressions over 3-component vectors, statements, and functions.
#pragma once

#include "slvm/common/source_text.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace compiler::tl {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

// A swizzle with sign control: components 0-2 (x, y, z), each perhaps negated.
struct Swizzle {
    std::vector<int> components;
    std::vector<bool> negated;
};

struct Expr {
    enum class Kind {
        Number,   // `number`, in every component
        Tuple,    // (a, b, c)
        Variable, // `name`
        Swizzle,  // operands[0].swizzle
        Negate,   // -operands[0]
        Not,      // !operands[0]
        Binary,   // operands[0] `op` operands[1]: + - * / < <= > >= == != && ||
        Call,     // name(operands...): sqrt, scale, unscale, or a function
    } kind;
    slvm::SourceLocation where;
    double number = 0;
    std::string name; // Variable, Call; Binary: the operator
    Swizzle swizzle;
    std::vector<ExprPtr> operands;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

// Where an assignment writes: a variable, perhaps through a write mask.
struct Place {
    std::string name;
    std::vector<int> mask; // components written; empty for all three
    slvm::SourceLocation where;
};

struct Stmt {
    enum class Kind {
        Declare,   // vector a [= e], b ...: names[i] with inits[i] (null when none)
        Assign,    // target op value: op is =, +=, -=, *=, /=
        Increment, // target++ (op "++") or target-- (op "--")
        Call,      // a function called for what it writes
        If,        // if (condition) body else otherwise
        While,     // while (condition) body
        For,       // for (init; condition; step) body
        Return,    // return [value]
        Using,     // using fixed_point_arithmetic: accepted, no effect
    } kind;
    slvm::SourceLocation where;
    std::vector<std::string> names;
    std::vector<slvm::SourceLocation> nameWhere;
    std::vector<ExprPtr> inits;
    Place target;
    std::string op;
    ExprPtr value; // Assign, Call, Return; If, While, For: the condition
    Block body, otherwise;
    StmtPtr init, step; // For
};

struct Function {
    std::string name;
    slvm::SourceLocation where;
    std::vector<std::string> params;
    Block body;
};

// A program: its top-level statements in order (a function named main runs where it is
// defined, as the statement at `mainAt`), and its functions.
struct Program {
    Block statements;
    std::vector<Function> functions;
};

} // namespace compiler::tl
