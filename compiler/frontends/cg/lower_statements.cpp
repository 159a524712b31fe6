// Statements. Variables live in the scopes as IR values, so an assignment just rebinds a name;
// `if` lowers each side from a copy of the scopes and merges them with Phis. return, break,
// continue and discard set flags that guard what follows them, which keeps the IR structured.
// Loops unroll: their trip count must be known when the program is compiled.
#include "compiler/frontends/cg/lowering.h"
#include "compiler/frontends/common/lower_if.h"

#include <fmt/format.h>

namespace compiler::cg {

namespace {

constexpr int kMaximumIterations = 1024;
constexpr std::size_t kMaximumInstructions = 1u << 20;

bool isConstantTrue(const ir::Function& function, ir::ValueId id) {
    return function[id].op == ir::Op::Constant && function[id].constant[0] != 0.0f;
}

bool isConstantFalse(const ir::Function& function, ir::ValueId id) {
    return function[id].op == ir::Op::Constant && function[id].constant[0] == 0.0f;
}

} // namespace

Variable* Lowering::lookup(const std::string& name) {
    for (auto scope = state_.rbegin(); scope != state_.rend(); ++scope) {
        if (const auto it = scope->variables.find(name); it != scope->variables.end())
            return &it->second;
        if (scope->frame) {
            if (name[0] == '$')
                return nullptr; // control flags never cross a frame
            const auto global = state_.front().variables.find(name);
            return global == state_.front().variables.end() ? nullptr : &global->second;
        }
    }
    return nullptr;
}

ir::ValueId Lowering::exitFlag() {
    ir::ValueId flag = ir::kNoValue;
    for (const char* name : {kReturned, kBroken, kContinued})
        if (const Variable* variable = lookup(name);
            variable &&
            !(flag != ir::kNoValue && isConstantFalse(builder_.function(), variable->value.id)))
            flag = flag == ir::kNoValue ? variable->value.id
                                        : builder_.binary(ir::Op::Or, flag, variable->value.id);
    return flag;
}

void Lowering::statements(const std::vector<StmtPtr>& list, std::size_t from) {
    for (std::size_t i = from; i < list.size(); ++i) {
        const ir::ValueId exit = exitFlag();
        if (exit != ir::kNoValue && builder_.function()[exit].op != ir::Op::Constant) {
            // Some paths have left: the rest runs on the others, where every flag is false.
            branch(
                exit, {},
                [&] {
                    for (const char* name : {kReturned, kBroken, kContinued})
                        if (Variable* variable = lookup(name))
                            variable->value =
                                scalarValue(builder_.constant(0.0f), ir::Scalar::Bool);
                    statements(list, i);
                },
                list[i]->where);
            return;
        }
        if (exit != ir::kNoValue && isConstantTrue(builder_.function(), exit))
            return; // every path has left: the rest cannot run
        try {
            statement(*list[i]);
        } catch (const CompileError& error) {
            report(error);
        }
    }
}

void Lowering::statement(const Stmt& stmt) {
    builder_.setLocation(stmt.where);
    if (builder_.function().values.size() > kMaximumInstructions)
        fail(stmt.where,
             fmt::format("the program grows past {} instructions as its loops unroll and "
                         "its functions inline",
                         kMaximumInstructions));
    switch (stmt.kind) {
    case StmtKind::Empty:
        return;
    case StmtKind::Block:
        state_.push_back({});
        statements(stmt.body, 0);
        state_.pop_back();
        return;
    case StmtKind::Declaration:
        for (const Declarator& declarator : stmt.declarations)
            declare(declarator);
        return;
    case StmtKind::Expression:
        expression(*stmt.expression);
        return;
    case StmtKind::If:
        ifStatement(stmt);
        return;
    case StmtKind::For:
    case StmtKind::While:
    case StmtKind::Do:
        loop(stmt);
        return;
    case StmtKind::Return: {
        Variable* result = lookup(kResult);
        if (stmt.expression) {
            if (result->value.type.kind == CgType::Kind::Void)
                fail(stmt.where, "a void function returns no value");
            result->value = convert(expression(*stmt.expression), result->value.type,
                                    stmt.expression->where, false);
        } else if (result->value.type.kind != CgType::Kind::Void) {
            fail(stmt.where, fmt::format("expected a value of type {} after 'return'",
                                         typeName(result->value.type)));
        }
        lookup(kReturned)->value = scalarValue(builder_.constant(1.0f), ir::Scalar::Bool);
        return;
    }
    case StmtKind::Break:
    case StmtKind::Continue: {
        const char* flag = stmt.kind == StmtKind::Break ? kBroken : kContinued;
        Variable* variable = lookup(flag);
        if (!variable)
            fail(stmt.where, fmt::format("'{}' outside a loop",
                                         stmt.kind == StmtKind::Break ? "break" : "continue"));
        variable->value = scalarValue(builder_.constant(1.0f), ir::Scalar::Bool);
        return;
    }
    case StmtKind::Discard:
        requireHost(ir::Op::Discard, stmt.where);
        builder_.add({.op = ir::Op::Discard, .type = ir::kVoid});
        // Nothing after a discard runs: the flag stops this function, and the program ends.
        lookup(kReturned)->value = scalarValue(builder_.constant(1.0f), ir::Scalar::Bool);
        return;
    }
}

void Lowering::declare(const Declarator& declarator) {
    builder_.setLocation(declarator.where);
    if (state_.back().variables.count(declarator.name))
        fail(declarator.where,
             fmt::format("'{}' is already declared in this scope (at line {})", declarator.name,
                         state_.back().variables[declarator.name].declared.line));
    CgType type;
    try {
        type = resolveType(declarator.type);
    } catch (const CompileError&) {
        poison(declarator.name, declarator.where);
        throw;
    }
    if (type.kind == CgType::Kind::Void || type.kind == CgType::Kind::Sampler)
        fail(declarator.where, fmt::format("a variable cannot have type {}", typeName(type)));
    Variable variable{{}, declarator.qualifiers.isConst, declarator.where};
    if (declarator.initializer) {
        try {
            variable.value = convert(expression(*declarator.initializer), type,
                                     declarator.initializer->where, false);
        } catch (const CompileError&) {
            poison(declarator.name, declarator.where);
            throw;
        }
    } else if (declarator.qualifiers.isConst)
        fail(declarator.where, fmt::format("const '{}' needs an initialiser", declarator.name));
    else
        variable.value = zero(type); // Cg leaves it undefined; zero is one defined choice
    state_.back().variables[declarator.name] = std::move(variable);
}

void Lowering::ifStatement(const Stmt& stmt) {
    const ir::ValueId test = condition(*stmt.expression);
    const auto side = [&](const Stmt* part) {
        return [this, part] {
            if (!part)
                return;
            state_.push_back({});
            try {
                statement(*part);
            } catch (const CompileError& error) {
                report(error);
            }
            state_.pop_back();
        };
    };
    branch(test, side(stmt.then.get()), side(stmt.otherwise.get()), stmt.where);
}

void Lowering::branch(ir::ValueId test, const std::function<void()>& thenPart,
                      const std::function<void()>& elsePart, const slvm::SourceLocation& where) {
    // Every variable that differs between the sides becomes a Phi of the two.
    frontends::lowerIf<State>(
        builder_, state_, test, thenPart, elsePart, where,
        [&](State& joined, const State& elseState, ir::ValueId region) {
            std::function<void(Value&, const Value&)> mergeValue = [&](Value& a, const Value& b) {
                if (a.id != ir::kNoValue)
                    a.id = builder_.merge(region, test, a.id, b.id);
                if (a.uniformSlot != b.uniformSlot)
                    a.uniformSlot = -1;
                for (std::size_t i = 0; i < a.parts.size() && i < b.parts.size(); ++i)
                    mergeValue(a.parts[i], b.parts[i]);
            };
            for (std::size_t s = 0; s < joined.size() && s < elseState.size(); ++s)
                for (auto& [name, variable] : joined[s].variables)
                    if (const auto other = elseState[s].variables.find(name);
                        other != elseState[s].variables.end())
                        mergeValue(variable.value, other->second.value);
        });
}

void Lowering::loop(const Stmt& stmt) {
    state_.push_back({});
    if (stmt.init)
        statement(*stmt.init);
    state_.back().variables[kBroken] = {scalarValue(builder_.constant(0.0f), ir::Scalar::Bool),
                                        false, stmt.where};
    state_.back().variables[kContinued] = {scalarValue(builder_.constant(0.0f), ir::Scalar::Bool),
                                           false, stmt.where};
    // One iteration and the ones after it. Once a break or return may have happened at run
    // time, the next iterations nest inside "if nothing has left", where the loop's variables
    // are still the constants that decide how many iterations there are.
    std::function<void(int)> iterate = [&](int iteration) {
        for (;; ++iteration) {
            if (stmt.kind != StmtKind::Do || iteration > 0) {
                if (stmt.expression) {
                    const ir::ValueId test = condition(*stmt.expression);
                    if (builder_.function()[test].op != ir::Op::Constant)
                        fail(stmt.expression->where,
                             fmt::format(
                                 "this loop's condition depends on values known only when the "
                                 "program runs: loops are unrolled, so the number of iterations "
                                 "must be known when it compiles (profile {})",
                                 target_.name()));
                    if (builder_.function()[test].constant[0] == 0.0f)
                        return;
                }
            }
            if (iteration >= kMaximumIterations)
                fail(stmt.where,
                     fmt::format("this loop runs more than {} times: loops are unrolled, and "
                                 "a longer one would not fit any target",
                                 kMaximumIterations));
            lookup(kContinued)->value = scalarValue(builder_.constant(0.0f), ir::Scalar::Bool);
            state_.push_back({});
            statement(*stmt.then);
            state_.pop_back();
            lookup(kContinued)->value = scalarValue(builder_.constant(0.0f), ir::Scalar::Bool);
            ir::ValueId left =
                builder_.binary(ir::Op::Or, lookup(kBroken)->value.id, lookup(kReturned)->value.id);
            if (builder_.function()[left].op != ir::Op::Constant) {
                branch(
                    left, {},
                    [&] {
                        lookup(kBroken)->value =
                            scalarValue(builder_.constant(0.0f), ir::Scalar::Bool);
                        lookup(kReturned)->value =
                            scalarValue(builder_.constant(0.0f), ir::Scalar::Bool);
                        if (stmt.step)
                            expression(*stmt.step);
                        iterate(iteration + 1);
                    },
                    stmt.where);
                return;
            }
            if (isConstantTrue(builder_.function(), left))
                return;
            if (stmt.step)
                expression(*stmt.step);
        }
    };
    try {
        iterate(0);
    } catch (...) {
        state_.pop_back();
        throw;
    }
    state_.pop_back();
}

Value Lowering::callFunction(const FunctionDecl& function, std::vector<Value> arguments,
                             const std::vector<const Expr*>& argumentExprs,
                             const slvm::SourceLocation& where) {
    for (const std::string& caller : callStack_)
        if (caller == function.name) {
            std::string chain;
            for (const std::string& name : callStack_)
                chain += name + " -> ";
            fail(where, fmt::format("recursive call to '{}' ({}{}): Cg functions are inlined, so a "
                                    "function cannot call itself",
                                    function.name, chain, function.name));
        }
    if (!function.body)
        fail(where, fmt::format("function '{}' is declared but never defined", function.name));
    if (callStack_.size() > 64)
        fail(where, "function calls nest more than 64 deep");
    callStack_.push_back(function.name);
    Scope frame{{}, true};
    for (std::size_t i = 0; i < function.parameters.size(); ++i) {
        const Declarator& parameter = function.parameters[i];
        const CgType type = resolveType(parameter.type);
        Value value;
        if (i < arguments.size())
            value = parameter.qualifiers.out && !parameter.qualifiers.in
                        ? zero(type)
                        : convert(arguments[i], type, argumentExprs[i]->where, false);
        else
            value = convert(expression(*parameter.initializer), type, parameter.where, false);
        frame.variables[parameter.name] = {std::move(value), parameter.qualifiers.isConst,
                                           parameter.where};
    }
    const CgType returnType = resolveType(function.returnType);
    frame.variables[kResult] = {zero(returnType), false, function.where};
    frame.variables[kReturned] = {scalarValue(builder_.constant(0.0f), ir::Scalar::Bool), false,
                                  function.where};
    state_.push_back(std::move(frame));
    try {
        statements(function.body->body, 0);
    } catch (...) {
        state_.pop_back();
        callStack_.pop_back();
        throw;
    }
    Scope done = std::move(state_.back());
    state_.pop_back();
    callStack_.pop_back();
    for (std::size_t i = 0; i < function.parameters.size() && i < argumentExprs.size(); ++i)
        if (function.parameters[i].qualifiers.out)
            write(place(*argumentExprs[i]), done.variables[function.parameters[i].name].value);
    return done.variables[kResult].value;
}

} // namespace compiler::cg
