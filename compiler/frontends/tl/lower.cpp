// The lowering. Variables map to SSA values; an if copies the map into each side and merges the
// sides with Phis, which is how SSA form falls out; a return inside a function sets a flag that
// guards every later write of that call.
#include "compiler/frontends/tl/lower.h"

#include "compiler/frontends/common/lower_if.h"
#include "slvm/common/suggestion.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <set>

namespace compiler::tl {

namespace {

constexpr int kMaxIterations = 1024;
constexpr std::size_t kMaxParameters = 6;

struct CompileError {
    slvm::SourceLocation where;
    std::string message;
};

// One running function (or the top-level code): its variables, and for a function what it
// returns and whether it has returned.
struct Frame {
    std::map<std::string, ir::ValueId> locals;
    bool isFunction = false;
    ir::ValueId result = ir::kNoValue;
    ir::ValueId returned = ir::kNoValue;
};

struct State {
    std::vector<Frame> frames;
    std::map<std::string, ir::ValueId> globals; // R0-R63 and v0
};

// A value met in an expression: a vector, or the truth of a comparison.
struct Value {
    ir::ValueId id = ir::kNoValue;
    bool isBool = false;
};

bool isRegisterName(const std::string& name, int& index) {
    if (name.size() < 2 || name.size() > 3 || (name[0] != 'R' && name[0] != 'r') ||
        name.find_first_not_of("0123456789", 1) != std::string::npos ||
        (name.size() == 3 && name[1] == '0'))
        return false;
    index = std::stoi(name.substr(1));
    return index < 64;
}

class Lowering {
public:
    Lowering(const Program& program, const compiler::Target& target,
             std::vector<slvm::Diagnostic>& errors)
        : program_(program), target_(target), errors_(errors) {
        for (const Function& f : program_.functions) {
            if (functions_.contains(f.name))
                errors_.emplace_back(slvm::Severity::Error, f.where,
                                     fmt::format("function '{}' is defined twice", f.name));
            functions_[f.name] = &f;
        }
    }

    ir::Function run() {
        state_.frames.emplace_back();
        state_.globals["v0"] = zero();
        // Every input the program may read is read first, in the body: one read inside a branch
        // would not exist on the other side.
        for (const StmtPtr& s : program_.statements)
            bindInputs(*s);
        for (const Function& f : program_.functions)
            for (const StmtPtr& s : f.body)
                bindInputs(*s);
        block(program_.statements);
        const auto binding = target_.bind(target_.defaultResultSemantic(), Direction::Out);
        if (binding) {
            ir::ValueId result = state_.globals["v0"];
            if (binding->width < 3)
                result = builder_.swizzle(result, {0});
            builder_.output(binding->name, result);
        }
        return std::move(function_);
    }

private:
    [[noreturn]] void fail(const slvm::SourceLocation& where, std::string message) {
        throw CompileError{where, std::move(message)};
    }

    ir::ValueId zero() { return builder_.constant({0, 0, 0, 0}, 3); }
    ir::ValueId vector(float x) { return builder_.constant({x, x, x, x}, 3); }
    bool isConstant(ir::ValueId id, float value) const {
        const ir::Instruction& in = function_[id];
        return in.op == ir::Op::Constant && in.constant[0] == value;
    }
    Frame& frame() { return state_.frames.back(); }

    void block(const Block& statements) {
        for (const StmtPtr& s : statements) {
            try {
                statement(*s);
            } catch (const CompileError& error) {
                if (!error.message.empty())
                    errors_.emplace_back(slvm::Severity::Error, error.where, error.message);
            }
        }
    }

    // ---- variables ----

    ir::ValueId read(const std::string& name, const slvm::SourceLocation& where) {
        if (const auto local = frame().locals.find(name); local != frame().locals.end())
            return local->second;
        if (const auto global = state_.globals.find(name); global != state_.globals.end())
            return global->second;
        int index = 0;
        if (isRegisterName(name, index))
            return state_.globals[registerKey(index)] =
                       index == 0 ? builder_.constant({0, 1, 0, 0}, 3) : zero();
        if (const auto input = inputs_.find(name); input != inputs_.end())
            return input->second;
        if (const auto binding = target_.bind(name, Direction::In); binding && binding->sampler)
            fail(where,
                 fmt::format("'{}' is a texture unit: T-Language has no texture lookups", name));
        std::vector<std::string_view> known;
        for (const auto& [local, id] : frame().locals)
            known.push_back(local);
        fail(where, fmt::format("unknown variable '{}'{}", name, slvm::didYouMean(name, known)));
    }

    void bindInputs(const Expr& e) {
        if (e.kind == Expr::Kind::Variable && !inputs_.contains(e.name))
            if (const auto input = target_.bind(e.name, Direction::In); input && !input->sampler) {
                builder_.setLocation(e.where);
                const ir::ValueId value = builder_.input(input->name, ir::floatType(input->width));
                inputs_[e.name] = input->width >= 3 ? builder_.swizzle(value, {0, 1, 2})
                                                    : builder_.splat(value, 3);
            }
        for (const ExprPtr& operand : e.operands)
            bindInputs(*operand);
    }
    void bindInputs(const Stmt& s) {
        for (const ExprPtr& init : s.inits)
            if (init)
                bindInputs(*init);
        if (s.value)
            bindInputs(*s.value);
        for (const Block* b : {&s.body, &s.otherwise})
            for (const StmtPtr& inner : *b)
                bindInputs(*inner);
        for (const StmtPtr* inner : {&s.init, &s.step})
            if (*inner)
                bindInputs(**inner);
    }

    static std::string registerKey(int index) { return fmt::format("R{}", index); }

    // The slot a write to `name` goes to; inputs are read-only.
    ir::ValueId* slot(const std::string& name, const slvm::SourceLocation& where) {
        if (const auto local = frame().locals.find(name); local != frame().locals.end())
            return &local->second;
        int index = 0;
        if (isRegisterName(name, index)) {
            if (index == 0)
                fail(where, "R0 holds the constants (0, 1, 0): it cannot be written");
            const std::string key = registerKey(index);
            if (!state_.globals.contains(key))
                state_.globals[key] = zero();
            return &state_.globals[key];
        }
        if (name == "v0")
            return &state_.globals["v0"];
        if (inputs_.contains(name) || target_.bind(name, Direction::In))
            fail(where,
                 fmt::format("'{}' is an input of profile {}: it cannot be written (copy it into "
                             "a vector first)",
                             name, target_.name()));
        fail(where,
             fmt::format("assignment to '{}', which is not declared: declare it with 'vector {};'",
                         name, name));
    }

    // Writes `value` through `mask` into the variable, unless the running function has returned.
    void write(const Place& target, ir::ValueId value) {
        ir::ValueId* place = slot(target.name, target.where);
        ir::ValueId updated = value;
        if (!target.mask.empty()) {
            std::vector<ir::ValueId> parts;
            for (int c = 0; c < 3; ++c) {
                const bool written =
                    std::find(target.mask.begin(), target.mask.end(), c) != target.mask.end();
                parts.push_back(builder_.swizzle(written ? value : *place, {c}));
            }
            updated = builder_.construct(parts, ir::Scalar::Float);
        }
        if (frame().isFunction && !isConstant(frame().returned, 0))
            updated = builder_.select(frame().returned, *place, updated);
        *place = updated;
    }

    // ---- statements ----

    void statement(const Stmt& s) {
        builder_.setLocation(s.where);
        switch (s.kind) {
        case Stmt::Kind::Declare:
            for (std::size_t i = 0; i < s.names.size(); ++i) {
                int index = 0;
                const std::string& name = s.names[i];
                if (isRegisterName(name, index)) { // a register needs no declaration
                    if (s.inits[i])
                        write({name, {}, s.nameWhere[i]}, vectorValue(*s.inits[i]));
                    continue;
                }
                if (frame().locals.contains(name))
                    fail(s.nameWhere[i], fmt::format("'{}' is already declared", name));
                frame().locals[name] = s.inits[i] ? vectorValue(*s.inits[i]) : zero();
            }
            return;
        case Stmt::Kind::Assign: {
            ir::ValueId value = vectorValue(*s.value);
            if (s.op != "=") {
                static const std::map<std::string, ir::Op> kOps = {{"+=", ir::Op::Add},
                                                                   {"-=", ir::Op::Sub},
                                                                   {"*=", ir::Op::Mul},
                                                                   {"/=", ir::Op::Div}};
                value = builder_.binary(kOps.at(s.op), read(s.target.name, s.target.where), value);
            }
            write(s.target, value);
            return;
        }
        case Stmt::Kind::Increment:
            write(s.target, builder_.binary(s.op == "++" ? ir::Op::Add : ir::Op::Sub,
                                            read(s.target.name, s.target.where), vector(1)));
            return;
        case Stmt::Kind::Call:
            call(*s.value);
            return;
        case Stmt::Kind::If:
            branch(condition(*s.value), s.body, s.otherwise, s.where);
            return;
        case Stmt::Kind::While:
        case Stmt::Kind::For:
            loop(s);
            return;
        case Stmt::Kind::Return: {
            if (!frame().isFunction)
                fail(s.where, "return outside a function");
            const ir::ValueId value = s.value ? vectorValue(*s.value) : zero();
            frame().result = isConstant(frame().returned, 0)
                                 ? value
                                 : builder_.select(frame().returned, frame().result, value);
            frame().returned = builder_.constant(1.0f);
            return;
        }
        case Stmt::Kind::Using:
            if (s.names[0] != "fixed_point_arithmetic")
                fail(s.where,
                     fmt::format("unknown 'using {}': expected using fixed_point_arithmetic",
                                 s.names[0]));
            return; // lrt computes in floats: fixed point needs no switch
        }
    }

    void branch(ir::ValueId test, const Block& thenPart, const Block& elsePart,
                const slvm::SourceLocation& where) {
        frontends::lowerIf<State>(
            builder_, state_, test, [&] { block(thenPart); }, [&] { block(elsePart); }, where,
            [&](State& joined, const State& elseState, ir::ValueId region) {
                const auto merge = [&](ir::ValueId& a, ir::ValueId b) {
                    if (a != ir::kNoValue && b != ir::kNoValue)
                        a = builder_.merge(region, test, a, b);
                };
                const auto mergeMap = [&](std::map<std::string, ir::ValueId>& a,
                                          const std::map<std::string, ir::ValueId>& b) {
                    for (auto& [name, id] : a) {
                        const auto other = b.find(name);
                        // declared on one side only
                        merge(id, other != b.end() ? other->second : zero());
                    }
                    for (const auto& [name, id] : b)
                        if (!a.contains(name)) {
                            ir::ValueId z = zero();
                            merge(z, id);
                            a[name] = z;
                        }
                };
                mergeMap(joined.globals, elseState.globals);
                for (std::size_t f = 0; f < joined.frames.size(); ++f) {
                    mergeMap(joined.frames[f].locals, elseState.frames[f].locals);
                    merge(joined.frames[f].result, elseState.frames[f].result);
                    merge(joined.frames[f].returned, elseState.frames[f].returned);
                }
            });
    }

    void loop(const Stmt& s) {
        if (s.init)
            statement(*s.init);
        for (int iteration = 0;; ++iteration) {
            builder_.setLocation(s.where);
            const ir::ValueId test = condition(*s.value);
            if (function_[test].op != ir::Op::Constant)
                fail(s.value->where,
                     "the loop's condition depends on values known only when the program "
                     "runs: lrt unrolls loops, so the number of iterations must be known "
                     "when it compiles");
            if (function_[test].constant[0] == 0)
                return;
            if (iteration == kMaxIterations)
                fail(s.where, fmt::format("the loop runs more than {} times", kMaxIterations));
            block(s.body);
            if (s.step)
                statement(*s.step);
        }
    }

    // ---- expressions ----

    ir::ValueId vectorValue(const Expr& e) {
        const Value v = expression(e);
        if (v.isBool)
            fail(e.where, "a comparison is not a vector: use it in if, while or for");
        return v.id;
    }

    ir::ValueId condition(const Expr& e) {
        const Value v = expression(e);
        if (!v.isBool)
            fail(e.where, "a condition must be a comparison (==, !=, <, <=, >, >=), perhaps joined "
                          "with && and ||");
        return v.id;
    }

    Value expression(const Expr& e) {
        builder_.setLocation(e.where);
        switch (e.kind) {
        case Expr::Kind::Number:
            return {vector(static_cast<float>(e.number))};
        case Expr::Kind::Tuple: {
            std::vector<ir::ValueId> parts;
            for (const ExprPtr& part : e.operands)
                parts.push_back(builder_.swizzle(vectorValue(*part), {0}));
            return {builder_.construct(parts, ir::Scalar::Float)};
        }
        case Expr::Kind::Variable:
            return {read(e.name, e.where)};
        case Expr::Kind::Swizzle: {
            const ir::ValueId source = vectorValue(*e.operands[0]);
            std::vector<ir::ValueId> parts;
            const std::size_t count = e.swizzle.components.size();
            for (std::size_t c = 0; c < 3; ++c) {
                const std::size_t from = count == 1 ? 0 : c;
                ir::ValueId part = builder_.swizzle(source, {e.swizzle.components[from]});
                if (e.swizzle.negated[from])
                    part = builder_.unary(ir::Op::Neg, part);
                parts.push_back(part);
            }
            return {builder_.construct(parts, ir::Scalar::Float)};
        }
        case Expr::Kind::Negate:
            return {builder_.unary(ir::Op::Neg, vectorValue(*e.operands[0]))};
        case Expr::Kind::Not:
            return {builder_.unary(ir::Op::Not, condition(*e.operands[0])), true};
        case Expr::Kind::Binary:
            return binary(e);
        case Expr::Kind::Call:
            return {call(e)};
        }
        fail(e.where, "internal compiler error: unknown expression");
    }

    Value binary(const Expr& e) {
        const std::string& op = e.name;
        if (op == "&&" || op == "||")
            return {builder_.binary(op == "&&" ? ir::Op::And : ir::Op::Or,
                                    condition(*e.operands[0]), condition(*e.operands[1])),
                    true};
        const ir::ValueId a = vectorValue(*e.operands[0]), b = vectorValue(*e.operands[1]);
        static const std::map<std::string, ir::Op> kArithmetic = {
            {"+", ir::Op::Add}, {"-", ir::Op::Sub}, {"*", ir::Op::Mul}, {"/", ir::Op::Div}};
        if (const auto arithmetic = kArithmetic.find(op); arithmetic != kArithmetic.end())
            return {builder_.binary(arithmetic->second, a, b)};
        static const std::map<std::string, ir::Op> kComparisons = {
            {"<", ir::Op::Lt},  {"<=", ir::Op::Le}, {">", ir::Op::Gt},
            {">=", ir::Op::Ge}, {"==", ir::Op::Eq}, {"!=", ir::Op::Ne}};
        // A comparison of vectors holds when it holds in x, y and z.
        const ir::ValueId each = builder_.binary(kComparisons.at(op), a, b);
        return {builder_.binary(ir::Op::And,
                                builder_.binary(ir::Op::And, builder_.swizzle(each, {0}),
                                                builder_.swizzle(each, {1})),
                                builder_.swizzle(each, {2})),
                true};
    }

    ir::ValueId call(const Expr& e) {
        if (e.name == "sqrt" || e.name == "scale" || e.name == "unscale") {
            if (e.operands.size() != 1)
                fail(e.where,
                     fmt::format("{} takes one argument, not {}", e.name, e.operands.size()));
            const ir::ValueId x = vectorValue(*e.operands[0]);
            builder_.setLocation(e.where);
            if (e.name == "sqrt") // of x alone, copied into x, y and z
                return builder_.splat(builder_.unary(ir::Op::Sqrt, builder_.swizzle(x, {0})), 3);
            return x; // floats carry their own scale: scaling is THEIA's fixed-point business
        }
        const auto found = functions_.find(e.name);
        if (found == functions_.end()) {
            std::vector<std::string_view> known{"sqrt", "scale", "unscale"};
            for (const auto& [name, f] : functions_)
                known.push_back(name);
            fail(e.where,
                 fmt::format("unknown function '{}'{}", e.name, slvm::didYouMean(e.name, known)));
        }
        const Function& f = *found->second;
        if (e.operands.size() != f.params.size())
            fail(e.where, fmt::format("{} takes {} argument{}, not {}", f.name, f.params.size(),
                                      f.params.size() == 1 ? "" : "s", e.operands.size()));
        if (f.params.size() > kMaxParameters)
            fail(f.where, fmt::format("{} has {} parameters: T-Language functions take at most six",
                                      f.name, f.params.size()));
        if (calling_.contains(f.name))
            fail(e.where, fmt::format("{} calls itself: lrt inlines functions, so recursion cannot "
                                      "end",
                                      f.name));
        Frame callee;
        callee.isFunction = true;
        for (std::size_t i = 0; i < f.params.size(); ++i)
            callee.locals[f.params[i]] = vectorValue(*e.operands[i]);
        callee.result = zero();
        callee.returned = builder_.constant(0.0f);
        state_.frames.push_back(std::move(callee));
        calling_.insert(f.name);
        block(f.body);
        calling_.erase(f.name);
        const ir::ValueId result = frame().result;
        state_.frames.pop_back();
        return result;
    }

    const Program& program_;
    const compiler::Target& target_;
    std::vector<slvm::Diagnostic>& errors_;
    std::map<std::string, const Function*> functions_;
    ir::Function function_;
    ir::Builder builder_{function_};
    State state_;
    std::map<std::string, ir::ValueId> inputs_;
    std::set<std::string> calling_;
};

} // namespace

ir::Function lower(const Program& program, const Target& target,
                   std::vector<slvm::Diagnostic>& errors) {
    return Lowering(program, target, errors).run();
}

} // namespace compiler::tl
