// The Cg syntax tree as the parser reads it: types are still names, calls are not yet resolved
// (a call may be a constructor, a library function or a user function); the lowering gives them
// meaning.
#pragma once

#include "slvm/common/source_text.h"

#include <memory>
#include <string>
#include <vector>

namespace compiler::cg {

struct TypeName {
    std::string name;            // "float3", "MyStruct"
    std::vector<int> arraySizes; // float a[3][2]: {3, 2}
    slvm::SourceLocation where;
};

enum class ExprKind {
    Number,          // number, isFloat
    Boolean,         // number is 1 (true) or 0 (false)
    Name,            // text
    Unary,           // text is the operator: - + ! ~
    Binary,          // text is the operator
    Assign,          // text is = += -= *= /= %=
    Conditional,     // operands: condition, then, else
    Call,            // text is the callee (a function or a type), operands are the arguments
    Cast,            // type; operands[0]
    Member,          // operands[0] . text (a swizzle or a field)
    Index,           // operands[0] [ operands[1] ]
    Increment,       // text ++ or --, prefix or postfix
    InitializerList, // { operands }
};

struct Expr {
    ExprKind kind = ExprKind::Number;
    slvm::SourceLocation where;
    std::string text;
    double number = 0.0;
    bool isFloat = false;
    bool prefix = false;
    TypeName type;
    std::vector<std::unique_ptr<Expr>> operands;
};
using ExprPtr = std::unique_ptr<Expr>;

struct Qualifiers {
    bool isConst = false, isStatic = false, isUniform = false, isVarying = false;
    bool in = false, out = false;
};

// A variable, parameter or struct member.
struct Declarator {
    Qualifiers qualifiers;
    TypeName type;
    std::string name;
    std::string semantic; // "" when none; "register(c12)" is kept as "c12"
    slvm::SourceLocation where, semanticWhere;
    ExprPtr initializer;
};

enum class StmtKind {
    Block,
    Declaration,
    Expression,
    If,
    For,
    While,
    Do,
    Return,
    Break,
    Continue,
    Discard,
    Empty
};

struct Stmt {
    StmtKind kind = StmtKind::Empty;
    slvm::SourceLocation where;
    std::vector<std::unique_ptr<Stmt>> body; // Block
    std::vector<Declarator> declarations;    // Declaration
    ExprPtr expression;                      // Expression, Return, loop condition, If condition
    ExprPtr step;                            // For
    std::unique_ptr<Stmt> init;              // For
    std::unique_ptr<Stmt> then, otherwise;   // If; then is also a loop's body
};
using StmtPtr = std::unique_ptr<Stmt>;

struct StructDecl {
    std::string name;
    std::vector<Declarator> members;
    slvm::SourceLocation where;
};

struct FunctionDecl {
    TypeName returnType;
    std::string name;
    std::vector<Declarator> parameters;
    std::string semantic;
    slvm::SourceLocation where, semanticWhere;
    StmtPtr body; // null for a prototype
};

struct TranslationUnit {
    std::vector<StructDecl> structs;
    std::vector<Declarator> globals;
    std::vector<FunctionDecl> functions;
};

} // namespace compiler::cg
