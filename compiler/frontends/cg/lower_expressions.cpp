// Expressions: Cg's type rules (promotion of scalars, conversions, swizzles and write masks),
// operators on vectors and matrices, constructors, assignments through places, and calls to user
// functions (resolved among overloads, then inlined).
#include "compiler/frontends/cg/lowering.h"
#include "compiler/frontends/cg/parser.h"
#include "slvm/common/suggestion.h"

#include <fmt/format.h>

namespace compiler::cg {

bool isSwizzleText(const std::string& text, std::vector<int>& components) {
    static const std::string_view xyzw = "xyzw", rgba = "rgba";
    if (text.empty() || text.size() > 4)
        return false;
    const std::string_view set = xyzw.find(text[0]) != std::string_view::npos ? xyzw : rgba;
    for (const char c : text) {
        const auto index = set.find(c);
        if (index == std::string_view::npos)
            return false;
        components.push_back(static_cast<int>(index));
    }
    return true;
}

namespace {

// How the source spells an operator, for messages.
std::string_view symbol(ir::Op op) {
    switch (op) {
    case ir::Op::Add:
        return "+";
    case ir::Op::Sub:
        return "-";
    case ir::Op::Mul:
        return "*";
    case ir::Op::Div:
        return "/";
    case ir::Op::Lt:
        return "<";
    case ir::Op::Le:
        return "<=";
    case ir::Op::Gt:
        return ">";
    case ir::Op::Ge:
        return ">=";
    case ir::Op::Eq:
        return "==";
    case ir::Op::Ne:
        return "!=";
    case ir::Op::And:
        return "&&";
    case ir::Op::Or:
        return "||";
    default:
        return ir::opName(op);
    }
}

} // namespace

ir::Op binaryOp(const std::string& op) {
    if (op == "+")
        return ir::Op::Add;
    if (op == "-")
        return ir::Op::Sub;
    if (op == "*")
        return ir::Op::Mul;
    if (op == "/")
        return ir::Op::Div;
    if (op == "<")
        return ir::Op::Lt;
    if (op == "<=")
        return ir::Op::Le;
    if (op == ">")
        return ir::Op::Gt;
    if (op == ">=")
        return ir::Op::Ge;
    if (op == "==")
        return ir::Op::Eq;
    if (op == "!=")
        return ir::Op::Ne;
    if (op == "&&")
        return ir::Op::And;
    if (op == "||")
        return ir::Op::Or;
    return ir::Op::Constant; // not an arithmetic operator
}

Value Lowering::scalarValue(ir::ValueId id, ir::Scalar scalar) {
    if (scalar == ir::Scalar::Bool && builder_.function()[id].op == ir::Op::Constant)
        builder_.function()[id].type.scalar = ir::Scalar::Bool;
    return Value{scalarType(scalar), id};
}

ir::ValueId Lowering::truncate(ir::ValueId x) {
    return builder_.select(builder_.binary(ir::Op::Lt, x, builder_.constant(0.0f)),
                           builder_.unary(ir::Op::Ceil, x), builder_.unary(ir::Op::Floor, x));
}

ir::ValueId Lowering::condition(const Expr& expr) {
    const Value value = expression(expr);
    if (value.type.kind != CgType::Kind::Scalar)
        fail(expr.where, fmt::format("a condition must be a scalar, not {}", typeName(value.type)));
    return convert(value, scalarType(ir::Scalar::Bool), expr.where, false).id;
}

Value Lowering::convert(const Value& value, const CgType& to, const slvm::SourceLocation& where,
                        bool isExplicit) {
    if (value.type == to)
        return value;
    const auto cannot = [&]() -> Value {
        fail(where, fmt::format("cannot convert {} to {}{}", typeName(value.type), typeName(to),
                                isExplicit ? "" : " implicitly"));
    };
    // An initialiser list: {a, b, c} for a vector, matrix, struct or array.
    if (value.type.kind == CgType::Kind::Void && !value.parts.empty()) {
        if (to.kind == CgType::Kind::Struct || to.kind == CgType::Kind::Array) {
            const std::size_t count = to.kind == CgType::Kind::Struct
                                          ? to.structType->members.size()
                                          : static_cast<std::size_t>(to.length);
            if (value.parts.size() != count)
                fail(where, fmt::format("{} needs {} initialisers, given {}", typeName(to), count,
                                        value.parts.size()));
            Value result{to};
            for (std::size_t i = 0; i < count; ++i)
                result.parts.push_back(convert(
                    value.parts[i],
                    to.kind == CgType::Kind::Struct ? to.structType->members[i].type : *to.element,
                    where, isExplicit));
            return result;
        }
        return construct(to, value.parts, where);
    }
    if (to.isScalarOrVector() && value.type.isScalarOrVector()) {
        ir::ValueId id = value.id;
        const int from = value.type.width();
        if (from > to.width())
            id = builder_.swizzle(id, [&] {
                std::vector<int> components;
                for (int c = 0; c < to.width(); ++c)
                    components.push_back(c);
                return components;
            }());
        if (value.type.scalar != to.scalar)
            id = to.scalar == ir::Scalar::Bool
                     ? builder_.binary(ir::Op::Ne, id, builder_.constant(0.0f))
                     : builder_.unary(ir::Op::BoolToFloat, id);
        else if (to.isInt && !value.type.isInt && to.scalar == ir::Scalar::Float)
            id = truncate(id);
        if (from == 1 && to.width() > 1)
            id = builder_.splat(id, to.width());
        else if (from < to.width())
            return cannot();
        return Value{to, id};
    }
    if (to.kind == CgType::Kind::Matrix && value.type.kind == CgType::Kind::Scalar) {
        Value result{to};
        for (int r = 0; r < to.rows; ++r)
            result.parts.push_back(
                convert(value, vectorType(ir::Scalar::Float, to.columns), where, isExplicit));
        return result;
    }
    if (to.kind == CgType::Kind::Matrix && value.type.kind == CgType::Kind::Matrix && isExplicit &&
        value.type.rows >= to.rows && value.type.columns >= to.columns) {
        Value result{to};
        for (int r = 0; r < to.rows; ++r)
            result.parts.push_back(convert(value.parts[static_cast<std::size_t>(r)],
                                           vectorType(ir::Scalar::Float, to.columns), where, true));
        return result;
    }
    if (value.type.kind == CgType::Kind::Matrix && to.kind == CgType::Kind::Scalar && isExplicit)
        return convert(value.parts[0], to, where, true);
    return cannot();
}

Value Lowering::construct(const CgType& type, const std::vector<Value>& arguments,
                          const slvm::SourceLocation& where) {
    if (!type.isNumeric())
        fail(where, fmt::format("cannot construct a {} from a list of values", typeName(type)));
    // The arguments' components in order, as scalar or vector parts.
    std::vector<ir::ValueId> parts;
    int count = 0;
    std::function<void(const Value&)> flatten = [&](const Value& value) {
        if (value.type.kind == CgType::Kind::Void || value.type.kind == CgType::Kind::Matrix) {
            for (const Value& part : value.parts)
                flatten(part);
            return;
        }
        if (!value.type.isScalarOrVector())
            fail(where,
                 fmt::format("a {} cannot be part of a {}", typeName(value.type), typeName(type)));
        parts.push_back(
            convert(value, vectorType(type.scalar, value.type.width()), where, true).id);
        count += value.type.width();
    };
    for (const Value& argument : arguments)
        flatten(argument);
    const int needed = type.kind == CgType::Kind::Matrix ? type.rows * type.columns : type.width();
    if (count == 1 && needed > 1)
        return convert(Value{vectorType(type.scalar, 1), parts[0]}, type, where, true);
    if (count != needed)
        fail(where, fmt::format("{} has {} components, but {} {} given", typeName(type), needed,
                                count, count == 1 ? "is" : "are"));
    if (type.kind != CgType::Kind::Matrix)
        return Value{type, builder_.construct(parts, type.scalar)};
    // A matrix: split the components into rows.
    std::vector<ir::ValueId> scalars;
    for (const ir::ValueId part : parts)
        for (int c = 0; c < builder_.typeOf(part).width; ++c)
            scalars.push_back(builder_.swizzle(part, {c}));
    Value matrix{type};
    for (int r = 0; r < type.rows; ++r)
        matrix.parts.push_back(Value{vectorType(ir::Scalar::Float, type.columns),
                                     builder_.construct({scalars.begin() + r * type.columns,
                                                         scalars.begin() + (r + 1) * type.columns},
                                                        ir::Scalar::Float)});
    return matrix;
}

Value Lowering::arithmetic(ir::Op op, Value a, Value b, const slvm::SourceLocation& where) {
    if (!a.type.isNumeric() || !b.type.isNumeric())
        fail(where, fmt::format("operator '{}' needs numbers, vectors or matrices, not {} and {}",
                                symbol(op), typeName(a.type), typeName(b.type)));
    // Matrices: componentwise, row by row (a scalar applies to every row).
    if (a.type.kind == CgType::Kind::Matrix || b.type.kind == CgType::Kind::Matrix) {
        const CgType& shape = a.type.kind == CgType::Kind::Matrix ? a.type : b.type;
        if ((a.type.kind == CgType::Kind::Matrix && !(a.type == shape)) ||
            (b.type.kind == CgType::Kind::Matrix && !(b.type == shape)) ||
            (a.type.kind == CgType::Kind::Vector || b.type.kind == CgType::Kind::Vector))
            fail(where, fmt::format("operator '{}' on {} and {}: the shapes differ (use mul() for "
                                    "the matrix product)",
                                    symbol(op), typeName(a.type), typeName(b.type)));
        Value result{shape};
        if (ir::isComparison(op) || op == ir::Op::And || op == ir::Op::Or)
            fail(where, "comparisons of matrices are not supported: compare their rows");
        for (int r = 0; r < shape.rows; ++r) {
            const auto row = [&](const Value& m) {
                return m.type.kind == CgType::Kind::Matrix ? m.parts[static_cast<std::size_t>(r)]
                                                           : m;
            };
            result.parts.push_back(arithmetic(op, row(a), row(b), where));
        }
        return result;
    }
    const int wa = a.type.width(), wb = b.type.width();
    if (wa != wb && wa != 1 && wb != 1)
        fail(where,
             fmt::format("operator '{}' on {} and {}: vector sizes must match (or one be a scalar)",
                         symbol(op), typeName(a.type), typeName(b.type)));
    const bool logic = op == ir::Op::And || op == ir::Op::Or;
    const ir::Scalar operandScalar = logic ? ir::Scalar::Bool : ir::Scalar::Float;
    const bool isInt = a.type.isInt && b.type.isInt;
    a = convert(a, vectorType(operandScalar, wa, isInt), where, false);
    b = convert(b, vectorType(operandScalar, wb, isInt), where, false);
    ir::ValueId id = builder_.binary(op, a.id, b.id);
    if (op == ir::Op::Div && isInt)
        id = truncate(id);
    const bool boolean = logic || ir::isComparison(op);
    return Value{vectorType(boolean ? ir::Scalar::Bool : ir::Scalar::Float, std::max(wa, wb),
                            isInt && !boolean),
                 id};
}

Value Lowering::binaryOperator(const Expr& expr) {
    const std::string& op = expr.text;
    if (op == ",") {
        expression(*expr.operands[0]);
        return expression(*expr.operands[1]);
    }
    const std::vector<Value> values = operandValues(expr.operands);
    const Value& a = values[0];
    const Value& b = values[1];
    builder_.setLocation(expr.where);
    if (op == "%") {
        // C's fmod: a - b * trunc(a / b).
        const Value quotient = arithmetic(ir::Op::Div, a, b, expr.where);
        const Value whole{quotient.type, truncate(quotient.id)};
        return arithmetic(ir::Op::Sub, a, arithmetic(ir::Op::Mul, b, whole, expr.where),
                          expr.where);
    }
    const ir::Op irOp = binaryOp(op);
    if (irOp == ir::Op::Constant)
        fail(expr.where,
             fmt::format("operator '{}' is not supported: lrt's targets have no integers "
                         "to apply bitwise operators to",
                         op));
    return arithmetic(irOp, a, b, expr.where);
}

std::vector<Value> Lowering::operandValues(const std::vector<std::unique_ptr<Expr>>& operands) {
    std::vector<Value> values;
    bool failed = false;
    for (const auto& operand : operands) {
        try {
            values.push_back(expression(*operand));
        } catch (const CompileError& error) {
            report(error); // a poisoned name's has no message: it was reported where it was made
            failed = true;
        }
    }
    if (failed)
        throw CompileError{operands.front()->where, ""};
    return values;
}

Value Lowering::call(const Expr& expr) {
    std::vector<Value> arguments = operandValues(expr.operands);
    std::vector<const Expr*> argumentExprs;
    for (const auto& operand : expr.operands)
        argumentExprs.push_back(operand.get());
    builder_.setLocation(expr.where);
    if (isBuiltInTypeName(expr.text)) {
        const std::optional<CgType> type = builtInType(expr.text);
        if (!type)
            fail(expr.where, fmt::format("unknown type '{}'", expr.text));
        return construct(*type, arguments, expr.where);
    }
    // User functions first: a program may define its own version of a library function.
    const FunctionDecl* best = nullptr;
    int bestScore = 0;
    bool ambiguous = false;
    std::vector<std::string_view> names;
    for (const FunctionDecl& function : unit_.functions) {
        names.push_back(function.name);
        if (function.name != expr.text || !function.body)
            continue;
        const auto& parameters = function.parameters;
        if (arguments.size() > parameters.size())
            continue;
        int score = 0;
        bool viable = true;
        for (std::size_t i = 0; i < parameters.size() && viable; ++i) {
            if (i >= arguments.size()) {
                viable = parameters[i].initializer != nullptr;
                continue;
            }
            const CgType type = resolveType(parameters[i].type);
            const CgType& given = arguments[i].type;
            if (given == type)
                continue;
            if (type.isScalarOrVector() && given.isScalarOrVector() &&
                (given.width() == type.width() || given.width() == 1 ||
                 given.width() > type.width()))
                score += given.width() == type.width() ? 1 : given.width() == 1 ? 2 : 3;
            else
                viable = false;
        }
        if (!viable)
            continue;
        if (!best || score < bestScore) {
            best = &function;
            bestScore = score;
            ambiguous = false;
        } else if (score == bestScore) {
            ambiguous = true;
        }
    }
    if (best) {
        if (ambiguous)
            fail(expr.where,
                 fmt::format("the call to '{}' matches more than one overload equally well",
                             expr.text));
        return callFunction(*best, std::move(arguments), argumentExprs, expr.where);
    }
    if (auto result = libraryCall(expr.text, arguments, expr.where))
        return *result;
    for (const FunctionDecl& function : unit_.functions)
        if (function.name == expr.text) {
            std::string given;
            for (const Value& argument : arguments)
                given += (given.empty() ? "" : ", ") + typeName(argument.type);
            fail(expr.where, fmt::format("no overload of '{}' takes ({})", expr.text, given));
        }
    const std::vector<std::string_view> library = libraryFunctionNames();
    names.insert(names.end(), library.begin(), library.end());
    fail(expr.where,
         fmt::format("unknown function '{}'{}", expr.text, slvm::didYouMean(expr.text, names)));
}

Value Lowering::expression(const Expr& expr) {
    builder_.setLocation(expr.where);
    switch (expr.kind) {
    case ExprKind::Number:
        return Value{scalarType(ir::Scalar::Float, !expr.isFloat),
                     builder_.constant(static_cast<float>(expr.number))};
    case ExprKind::Boolean:
        return scalarValue(builder_.constant(static_cast<float>(expr.number)), ir::Scalar::Bool);
    case ExprKind::Name: {
        if (const Variable* variable = lookup(expr.text)) {
            if (variable->poisoned)
                throw CompileError{expr.where, ""};
            return variable->value;
        }
        std::vector<std::string_view> names;
        for (const Scope& scope : state_)
            for (const auto& [name, variable] : scope.variables)
                if (name[0] != '$')
                    names.push_back(name);
        fail(expr.where,
             fmt::format("unknown name '{}'{}", expr.text, slvm::didYouMean(expr.text, names)));
    }
    case ExprKind::Unary: {
        const Value operand = expression(*expr.operands[0]);
        builder_.setLocation(expr.where);
        if (expr.text == "+")
            return operand;
        if (expr.text == "!") {
            if (!operand.type.isScalarOrVector())
                fail(expr.where, fmt::format("'!' needs a bool, not {}", typeName(operand.type)));
            const Value boolean = convert(
                operand, vectorType(ir::Scalar::Bool, operand.type.width()), expr.where, false);
            return Value{boolean.type, builder_.unary(ir::Op::Not, boolean.id)};
        }
        if (expr.text == "-") {
            if (operand.type.kind == CgType::Kind::Matrix)
                return arithmetic(ir::Op::Mul, operand,
                                  Value{scalarType(ir::Scalar::Float), builder_.constant(-1.0f)},
                                  expr.where);
            if (!operand.type.isScalarOrVector())
                fail(expr.where,
                     fmt::format("'-' needs a number or a vector, not {}", typeName(operand.type)));
            const Value number = convert(
                operand, vectorType(ir::Scalar::Float, operand.type.width(), operand.type.isInt),
                expr.where, false);
            return Value{number.type, builder_.unary(ir::Op::Neg, number.id)};
        }
        fail(expr.where,
             fmt::format("operator '{}' is not supported: lrt's targets have no integers",
                         expr.text));
    }
    case ExprKind::Binary:
        return binaryOperator(expr);
    case ExprKind::Assign:
        return assignment(expr);
    case ExprKind::Conditional: {
        const Value test = expression(*expr.operands[0]);
        const Value a = expression(*expr.operands[1]);
        const Value b = expression(*expr.operands[2]);
        builder_.setLocation(expr.where);
        if (!test.type.isScalarOrVector() || !a.type.isScalarOrVector() ||
            !b.type.isScalarOrVector())
            fail(expr.where, "'?:' works on scalars and vectors");
        const int width = std::max(a.type.width(), b.type.width());
        const CgType type =
            vectorType(a.type.scalar == ir::Scalar::Bool && b.type.scalar == ir::Scalar::Bool
                           ? ir::Scalar::Bool
                           : ir::Scalar::Float,
                       width);
        const Value choice =
            convert(test, vectorType(ir::Scalar::Bool, test.type.width()), expr.where, false);
        if (test.type.width() != 1 && test.type.width() != width)
            fail(expr.where, "the condition of '?:' must be a scalar or as wide as its values");
        return Value{type, builder_.select(choice.id, convert(a, type, expr.where, false).id,
                                           convert(b, type, expr.where, false).id)};
    }
    case ExprKind::Call:
        return call(expr);
    case ExprKind::Cast: {
        const Value value = expression(*expr.operands[0]);
        return convert(value, resolveType(expr.type), expr.where, true);
    }
    case ExprKind::Member:
        return member(expr);
    case ExprKind::Index: {
        const Value base = expression(*expr.operands[0]);
        const Value index = expression(*expr.operands[1]);
        if (index.type.kind != CgType::Kind::Scalar)
            fail(expr.operands[1]->where,
                 fmt::format("an index must be a scalar, not {}", typeName(index.type)));
        if (builder_.function()[index.id].op != ir::Op::Constant)
            return indexAtRunTime(base, index, expr.operands[1]->where);
        const int i = static_cast<int>(builder_.function()[index.id].constant[0]);
        const int size = base.type.kind == CgType::Kind::Vector ? base.type.columns
                         : base.type.kind == CgType::Kind::Scalar
                             ? 0
                             : static_cast<int>(base.parts.size());
        if (i < 0 || i >= size)
            fail(expr.operands[1]->where,
                 fmt::format("index {} is outside {}", i, typeName(base.type)));
        if (base.type.kind == CgType::Kind::Vector)
            return Value{scalarType(base.type.scalar, base.type.isInt),
                         builder_.swizzle(base.id, {i})};
        return base.parts[static_cast<std::size_t>(i)];
    }
    case ExprKind::Increment: {
        const Place target = place(*expr.operands[0]);
        const Value before = read(target);
        write(target,
              arithmetic(expr.text == "++" ? ir::Op::Add : ir::Op::Sub, before,
                         Value{scalarType(ir::Scalar::Float, true), builder_.constant(1.0f)},
                         expr.where));
        return expr.prefix ? read(target) : before;
    }
    case ExprKind::InitializerList: {
        Value list; // Void with parts: convert() gives it its type
        for (const auto& operand : expr.operands)
            list.parts.push_back(expression(*operand));
        return list;
    }
    }
    fail(expr.where, "unsupported expression");
}

} // namespace compiler::cg
