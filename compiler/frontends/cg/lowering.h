// The lowering's internals, shared by its files: values of Cg types as IR values, the variable
// scopes (copied and merged around branches, which is how SSA form falls out), and the Lowering
// class whose members lower_*.cpp and library.cpp define.
#pragma once

#include "compiler/frontends/cg/lower.h"
#include "compiler/frontends/cg/types.h"

#include <functional>
#include <map>
#include <optional>
#include <set>

namespace compiler::cg {

// An error that abandons the current statement; the lowering records it and goes on with the
// next, so a file's errors are all reported.
struct CompileError {
    slvm::SourceLocation where;
    std::string message; // empty: already reported, stop quietly
};

// A value of any Cg type: one IR value for a scalar or vector; rows, members or elements for the
// aggregates; a texture unit for a sampler.
struct Value {
    Value() = default;
    explicit Value(CgType type_, ir::ValueId id_ = ir::kNoValue)
        : type(std::move(type_)), id(id_) {}

    CgType type;
    ir::ValueId id = ir::kNoValue;
    std::vector<Value> parts;
    int unit = -1;
    // The first c[] register of a uniform the program has not changed (vertex targets): an
    // array of them can be indexed at run time, by relative addressing.
    int uniformSlot = -1;
};

struct Variable {
    Value value;
    bool isConst = false;
    slvm::SourceLocation declared;
    // Its declaration failed (and was reported): a use stops its statement without a second
    // message.
    bool poisoned = false;
};

// One scope of names. A frame scope starts an inlined function's body: names are looked up to
// it, then in the global scope.
struct Scope {
    std::map<std::string, Variable> variables;
    bool frame = false;
};
using State = std::vector<Scope>;

// Where an assignment writes: a variable and the path to the part written.
struct Place {
    std::string variable;
    struct Step {
        enum class Kind { Part, Swizzle } kind;
        int index = 0;               // Part: row, member or element
        std::vector<int> components; // Swizzle
    };
    std::vector<Step> path;
    CgType type;
    slvm::SourceLocation where;
};

class Lowering {
public:
    Lowering(const TranslationUnit& unit, const Target& target, const LowerOptions& options,
             std::vector<slvm::Diagnostic>& errors);
    LoweredProgram run();

    // lower_program.cpp: types, declarations, the entry point.
    CgType resolveType(const TypeName& name);
    void bindEntry(const FunctionDecl& entry);
    Value bindUniform(const Declarator& declarator, const CgType& type);
    Value bindVarying(const CgType& type, const std::string& semantic,
                      const slvm::SourceLocation& where, const std::string& what);
    void bindOutputs(const Value& value, const std::string& semantic,
                     const slvm::SourceLocation& where, const std::string& what);
    Value zero(const CgType& type);
    bool isConstant(const Value& value) const; // every part a compile-time constant

    // lower_statements.cpp
    void statement(const Stmt& stmt);
    void statements(const std::vector<StmtPtr>& list, std::size_t from);
    void declare(const Declarator& declarator);
    void ifStatement(const Stmt& stmt);
    void loop(const Stmt& stmt);
    void branch(ir::ValueId condition, const std::function<void()>& thenPart,
                const std::function<void()>& elsePart, const slvm::SourceLocation& where);
    ir::ValueId exitFlag(); // true once this path has returned, discarded, broken or continued
    Value callFunction(const FunctionDecl& function, std::vector<Value> arguments,
                       const std::vector<const Expr*>& argumentExprs,
                       const slvm::SourceLocation& where);

    // lower_expressions.cpp
    Value expression(const Expr& expr);
    // Every operand's value, in order. An operand that fails does not stop the others: each
    // reports its own errors (an independent mistake in a later operand is not hidden behind an
    // earlier one), then the whole fails without a message of its own.
    std::vector<Value> operandValues(const std::vector<std::unique_ptr<Expr>>& operands);
    Value binaryOperator(const Expr& expr);
    Value assignment(const Expr& expr);
    Value member(const Expr& expr);
    Value call(const Expr& expr);
    Value construct(const CgType& type, const std::vector<Value>& arguments,
                    const slvm::SourceLocation& where);
    Value convert(const Value& value, const CgType& to, const slvm::SourceLocation& where,
                  bool isExplicit);
    Value arithmetic(ir::Op op, Value a, Value b, const slvm::SourceLocation& where);
    Place place(const Expr& expr);
    Value read(const Place& place);
    void write(const Place& place, const Value& value);
    Variable* lookup(const std::string& name);
    // Declares `name` as a variable whose declaration failed, so later uses stay quiet.
    void poison(const std::string& name, const slvm::SourceLocation& where);
    Value scalarValue(ir::ValueId id, ir::Scalar scalar = ir::Scalar::Float);
    // base[index] for an index known only at run time: an element of a uniform array, read
    // through relative addressing on the vertex targets; an error elsewhere.
    Value indexAtRunTime(const Value& base, const Value& index, const slvm::SourceLocation& where);
    ir::ValueId truncate(ir::ValueId x);
    ir::ValueId condition(const Expr& expr); // a scalar bool

    // library.cpp: the standard library and lrt's host functions (its table); nullopt when `name`
    // is none.
    std::optional<Value> libraryCall(const std::string& name, std::vector<Value>& arguments,
                                     const slvm::SourceLocation& where);
    // Fails at `where` when the target cannot perform `op` (a host call, discard).
    void requireHost(ir::Op op, const slvm::SourceLocation& where);

    [[noreturn]] void fail(const slvm::SourceLocation& where, std::string message) const {
        throw CompileError{where, std::move(message)};
    }
    void report(const CompileError& error);

    const TranslationUnit& unit_;
    const Target& target_;
    const LowerOptions& options_;
    std::vector<slvm::Diagnostic>& errors_;
    LoweredProgram program_;
    ir::Builder builder_;
    State state_;
    std::map<std::string, StructType> structs_;
    std::vector<std::string> callStack_;
    std::vector<ConstantSlot>& slots_;
    int nextSlot_ = 0;
    std::set<std::string> boundUniforms_;
};

// The names of the library's functions, from its table (library.cpp).
std::vector<std::string_view> libraryFunctionNames();

// Whether `text` is a swizzle or write mask (xyzw or rgba, one to four), with its components
// (lower_expressions.cpp).
bool isSwizzleText(const std::string& text, std::vector<int>& components);
// The IR operation of binary operator `op` ("+", "<=", "&&"...), or Op::Constant for none.
ir::Op binaryOp(const std::string& op);

// Reserved names of the control flags in the scopes; no Cg identifier starts with '$'.
inline constexpr const char* kReturned = "$returned";
inline constexpr const char* kResult = "$result";
inline constexpr const char* kBroken = "$broken";
inline constexpr const char* kContinued = "$continued";

} // namespace compiler::cg
