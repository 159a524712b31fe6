// Places: what an assignment, a swizzle, a member or an index reads and writes (variables,
// write masks, struct members, array elements, and indices known only when the program runs,
// through the target's relative addressing), and the assignments through them.
#include "compiler/frontends/cg/lowering.h"
#include "slvm/common/suggestion.h"

#include <fmt/format.h>

namespace compiler::cg {

Value Lowering::indexAtRunTime(const Value& base, const Value& index,
                               const slvm::SourceLocation& where) {
    if (target_.constantRegisters() == 0)
        fail(where,
             fmt::format("the index must be known when the program compiles: profile {} has no "
                         "relative addressing",
                         target_.name()));
    if (base.type.kind != CgType::Kind::Array || base.uniformSlot < 0)
        fail(where,
             fmt::format("an index known only when the program runs can select an element of a "
                         "uniform array (by relative addressing of c[]), not of {}",
                         base.type.kind == CgType::Kind::Array
                             ? std::string("an array the program computes or changes")
                             : typeName(base.type)));
    const CgType& element = *base.type.element;
    if (!(element.isScalarOrVector() || element.kind == CgType::Kind::Matrix) ||
        element.scalar != ir::Scalar::Float)
        fail(where,
             fmt::format("an element of {} cannot be selected at run time: only float arrays of "
                         "scalars, vectors and matrices can",
                         typeName(base.type)));
    // The element's registers: c[first + stride * floor(index) + row].
    const int stride = element.kind == CgType::Kind::Matrix ? element.rows : 1;
    // The element floor(index): the address register takes whole elements.
    const ir::ValueId at = builder_.unary(
        ir::Op::Floor, convert(index, scalarType(ir::Scalar::Float), where, false).id);
    const auto row = [&](int r, int width) {
        ir::Instruction read{.op = ir::Op::Indexed, .type = ir::floatType(4), .operands = {at}};
        read.binding = fmt::format("c[{}]", base.uniformSlot + r);
        read.unit = stride;
        const ir::ValueId whole = builder_.add(std::move(read));
        std::vector<int> components;
        for (int c = 0; c < width; ++c)
            components.push_back(c);
        return builder_.swizzle(whole, components);
    };
    if (element.kind != CgType::Kind::Matrix)
        return Value{element, row(0, element.width())};
    Value matrix{element};
    for (int r = 0; r < element.rows; ++r)
        matrix.parts.push_back(
            Value{vectorType(ir::Scalar::Float, element.columns), row(r, element.columns)});
    return matrix;
}

Place Lowering::place(const Expr& expr) {
    switch (expr.kind) {
    case ExprKind::Name: {
        const Variable* variable = lookup(expr.text);
        if (!variable)
            fail(expr.where, fmt::format("unknown name '{}'", expr.text));
        if (variable->poisoned)
            throw CompileError{expr.where, ""};
        if (variable->isConst)
            fail(expr.where, fmt::format("'{}' is const and cannot be assigned", expr.text));
        return Place{expr.text, {}, variable->value.type, expr.where};
    }
    case ExprKind::Member: {
        Place base = place(*expr.operands[0]);
        if (base.type.kind == CgType::Kind::Struct) {
            const auto& members = base.type.structType->members;
            for (std::size_t i = 0; i < members.size(); ++i)
                if (members[i].name == expr.text) {
                    base.path.push_back({Place::Step::Kind::Part, static_cast<int>(i), {}});
                    base.type = members[i].type;
                    return base;
                }
            fail(expr.where, fmt::format("{} has no member '{}'", typeName(base.type), expr.text));
        }
        std::vector<int> components;
        if (!base.type.isScalarOrVector() || !isSwizzleText(expr.text, components))
            fail(expr.where,
                 fmt::format("'.{}' is not a write mask of {}", expr.text, typeName(base.type)));
        for (std::size_t i = 0; i < components.size(); ++i) {
            if (components[i] >= base.type.width())
                fail(expr.where, fmt::format("write mask '.{}' names a component {} does not have",
                                             expr.text, typeName(base.type)));
            for (std::size_t j = 0; j < i; ++j)
                if (components[i] == components[j])
                    fail(expr.where,
                         fmt::format("write mask '.{}' names a component twice", expr.text));
        }
        base.path.push_back({Place::Step::Kind::Swizzle, 0, components});
        base.type =
            vectorType(base.type.scalar, static_cast<int>(components.size()), base.type.isInt);
        return base;
    }
    case ExprKind::Index: {
        Place base = place(*expr.operands[0]);
        const Value index = expression(*expr.operands[1]);
        if (index.type.kind != CgType::Kind::Scalar ||
            builder_.function()[index.id].op != ir::Op::Constant)
            fail(expr.operands[1]->where,
                 "an index must be a constant here: lrt's targets cannot write "
                 "to a computed place");
        const int i = static_cast<int>(builder_.function()[index.id].constant[0]);
        const int size = base.type.kind == CgType::Kind::Array    ? base.type.length
                         : base.type.kind == CgType::Kind::Matrix ? base.type.rows
                         : base.type.kind == CgType::Kind::Vector ? base.type.columns
                                                                  : 0;
        if (i < 0 || i >= size)
            fail(expr.operands[1]->where,
                 fmt::format("index {} is outside {} (0 to {})", i, typeName(base.type), size - 1));
        if (base.type.kind == CgType::Kind::Vector) {
            base.path.push_back({Place::Step::Kind::Swizzle, 0, {i}});
            base.type = scalarType(base.type.scalar, base.type.isInt);
            return base;
        }
        base.path.push_back({Place::Step::Kind::Part, i, {}});
        base.type = base.type.kind == CgType::Kind::Array
                        ? *base.type.element
                        : vectorType(ir::Scalar::Float, base.type.columns);
        return base;
    }
    default:
        fail(expr.where, "this expression cannot be assigned to: expected a variable, a member, an "
                         "element or a write mask");
    }
}

Value Lowering::read(const Place& place) {
    Value value = lookup(place.variable)->value;
    for (const Place::Step& step : place.path)
        value = step.kind == Place::Step::Kind::Part
                    ? value.parts[static_cast<std::size_t>(step.index)]
                    : Value{vectorType(value.type.scalar, static_cast<int>(step.components.size()),
                                       value.type.isInt),
                            builder_.swizzle(value.id, step.components)};
    return value;
}

void Lowering::write(const Place& place, const Value& value) {
    const Value converted = convert(value, place.type, place.where, false);
    std::function<void(Value&, std::size_t)> update = [&](Value& target, std::size_t step) {
        target.uniformSlot = -1; // changed: no longer the registers' own value
        if (step == place.path.size()) {
            target = converted;
            return;
        }
        const Place::Step& s = place.path[step];
        if (s.kind == Place::Step::Kind::Part) {
            update(target.parts[static_cast<std::size_t>(s.index)], step + 1);
            return;
        }
        // A write mask: the written components from the value, the others kept.
        std::vector<ir::ValueId> components;
        for (int c = 0; c < target.type.width(); ++c) {
            ir::ValueId component = builder_.swizzle(target.id, {c});
            for (std::size_t k = 0; k < s.components.size(); ++k)
                if (s.components[k] == c)
                    component = builder_.swizzle(converted.id, {static_cast<int>(k)});
            components.push_back(component);
        }
        target.id = builder_.construct(components, target.type.scalar);
    };
    update(lookup(place.variable)->value, 0);
}

Value Lowering::assignment(const Expr& expr) {
    const Place target = place(*expr.operands[0]);
    Value value = expression(*expr.operands[1]);
    builder_.setLocation(expr.where);
    if (expr.text != "=") {
        const std::string op = expr.text.substr(0, 1);
        const Value current = read(target);
        if (op == "%") {
            const Value quotient = arithmetic(ir::Op::Div, current, value, expr.where);
            value = arithmetic(ir::Op::Sub, current,
                               arithmetic(ir::Op::Mul, value,
                                          Value{quotient.type, truncate(quotient.id)}, expr.where),
                               expr.where);
        } else {
            value = arithmetic(binaryOp(op), current, value, expr.where);
        }
    }
    write(target, value);
    return read(target);
}

Value Lowering::member(const Expr& expr) {
    const Value base = expression(*expr.operands[0]);
    if (base.type.kind == CgType::Kind::Struct) {
        const auto& members = base.type.structType->members;
        for (std::size_t i = 0; i < members.size(); ++i)
            if (members[i].name == expr.text)
                return base.parts[i];
        std::vector<std::string_view> names;
        for (const auto& m : members)
            names.push_back(m.name);
        fail(expr.where, fmt::format("{} has no member '{}'{}", typeName(base.type), expr.text,
                                     slvm::didYouMean(expr.text, names)));
    }
    std::vector<int> components;
    if (!base.type.isScalarOrVector() || !isSwizzleText(expr.text, components))
        fail(expr.where, fmt::format("'.{}' is not a swizzle of {} (use x, y, z, w or r, g, b, a)",
                                     expr.text, typeName(base.type)));
    for (const int c : components)
        if (c >= base.type.width())
            fail(expr.where, fmt::format("swizzle '.{}' reads a component {} does not have",
                                         expr.text, typeName(base.type)));
    return Value{vectorType(base.type.scalar, static_cast<int>(components.size()), base.type.isInt),
                 builder_.swizzle(base.id, components)};
}

} // namespace compiler::cg
