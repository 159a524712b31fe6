// Cg's standard library as lrt's targets can express it, and lrt's host functions (tex2D, trace,
// turbulence, random), in one table: each function's name, argument count and lowering, written
// once here in IR operations. Targets that lack one of those operations get it rewritten by the
// IR's expansion pass, or an error that says why. Every use of the library (the call, the "did you
// mean" of an unknown function) reads the table.
#include "compiler/frontends/cg/lowering.h"

#include <algorithm>
#include <fmt/format.h>
#include <numbers>

namespace compiler::cg {

// One call being lowered: its arguments, and the checks and conversions the functions share.
struct LibraryCall {
    Lowering& lowering;
    std::string_view name;
    std::vector<Value>& args;
    const slvm::SourceLocation& where;

    ir::Builder& b() { return lowering.builder_; }
    [[noreturn]] void fail(std::string message) const { lowering.fail(where, std::move(message)); }

    Value floats(const Value& value) {
        if (!value.type.isScalarOrVector())
            fail(fmt::format("{}() takes numbers or vectors, not {}", name, typeName(value.type)));
        return lowering.convert(value, vectorType(ir::Scalar::Float, value.type.width()), where,
                                false);
    }
    static Value result(ir::ValueId id, int width) {
        return Value{vectorType(ir::Scalar::Float, width), id};
    }
    // The arguments as floats of one width, the result's; a scalar stays one where the IR's
    // operations apply it to every component (so a colour times a scalar stays one multiply),
    // and is replicated where a function combines components (dot, reflect).
    int unify(bool replicateScalars = false) {
        int width = 1;
        for (Value& arg : args) {
            arg = floats(arg);
            if (arg.type.width() != 1 && width != 1 && arg.type.width() != width)
                fail(fmt::format("{}() takes vectors of one size: given {}", name,
                                 typeName(arg.type)));
            width = std::max(width, arg.type.width());
        }
        if (replicateScalars)
            for (Value& arg : args)
                arg = lowering.convert(arg, vectorType(ir::Scalar::Float, width), where, false);
        return width;
    }
    void requireWidth(const Value& value, int width) const {
        if (value.type.width() != width || !value.type.isScalarOrVector())
            fail(fmt::format("{}() takes a float{} here, not {}", name, width,
                             typeName(value.type)));
    }
    // A componentwise operation of the IR on the unified arguments.
    Value componentwise(ir::Op op) {
        const int width = unify();
        return result(args.size() == 1 ? b().unary(op, args[0].id)
                                       : b().binary(op, args[0].id, args[1].id),
                      width);
    }
};

namespace {

using Lower = Value (*)(LibraryCall&);

template <ir::Op op>
Value componentwise(LibraryCall& c) {
    return c.componentwise(op);
}

Value clamp(LibraryCall& c) { // saturate(x) is clamp(x, 0, 1)
    auto& b = c.b();
    if (c.args.size() == 1) {
        c.args.push_back(c.lowering.scalarValue(b.constant(0.0f)));
        c.args.push_back(c.lowering.scalarValue(b.constant(1.0f)));
    }
    const int width = c.unify();
    return c.result(
        b.binary(ir::Op::Min, b.binary(ir::Op::Max, c.args[0].id, c.args[1].id), c.args[2].id),
        width);
}

template <bool toDegrees>
Value angle(LibraryCall& c) {
    const int width = c.unify();
    const float scale =
        toDegrees ? 180.0f / std::numbers::pi_v<float> : std::numbers::pi_v<float> / 180.0f;
    return c.result(c.b().binary(ir::Op::Mul, c.args[0].id, c.b().constant(scale)), width);
}

Value step(LibraryCall& c) { // step(edge, x): x >= edge ? 1 : 0
    const int width = c.unify();
    auto& b = c.b();
    return c.result(b.unary(ir::Op::BoolToFloat, b.binary(ir::Op::Ge, c.args[1].id, c.args[0].id)),
                    width);
}

Value lerp(LibraryCall& c) {
    const int width = c.unify();
    auto& b = c.b();
    return c.result(
        b.binary(
            ir::Op::Add, c.args[0].id,
            b.binary(ir::Op::Mul, b.binary(ir::Op::Sub, c.args[1].id, c.args[0].id), c.args[2].id)),
        width);
}

Value smoothstep(LibraryCall& c) {
    const int width = c.unify();
    auto& b = c.b();
    const auto& a = c.args;
    const ir::ValueId t =
        b.binary(ir::Op::Min,
                 b.binary(ir::Op::Max,
                          b.binary(ir::Op::Div, b.binary(ir::Op::Sub, a[2].id, a[0].id),
                                   b.binary(ir::Op::Sub, a[1].id, a[0].id)),
                          b.constant(0.0f)),
                 b.constant(1.0f));
    return c.result(b.binary(ir::Op::Mul, b.binary(ir::Op::Mul, t, t),
                             b.binary(ir::Op::Sub, b.constant(3.0f),
                                      b.binary(ir::Op::Mul, b.constant(2.0f), t))),
                    width);
}

Value dot(LibraryCall& c) { // also length(v) = sqrt(dot(v, v)), distance(a, b) = length(a - b)
    if (c.name == "length")
        c.args.push_back(c.args[0]);
    c.unify(true);
    auto& b = c.b();
    ir::ValueId v = c.args[0].id, w = c.args[1].id;
    if (c.name == "distance")
        v = w = b.binary(ir::Op::Sub, c.args[0].id, c.args[1].id);
    const ir::ValueId product = b.binary(ir::Op::Dot, v, w);
    return c.result(c.name == "dot" ? product : b.unary(ir::Op::Sqrt, product), 1);
}

Value cross(LibraryCall& c) {
    for (Value& arg : c.args) {
        arg = c.floats(arg);
        c.requireWidth(arg, 3);
    }
    return c.result(c.b().binary(ir::Op::Cross, c.args[0].id, c.args[1].id), 3);
}

Value reflect(LibraryCall& c) { // i - 2 dot(n, i) n
    const int width = c.unify(true);
    auto& b = c.b();
    const ir::ValueId twice =
        b.binary(ir::Op::Mul, b.constant(2.0f), b.binary(ir::Op::Dot, c.args[1].id, c.args[0].id));
    return c.result(b.binary(ir::Op::Sub, c.args[0].id, b.binary(ir::Op::Mul, c.args[1].id, twice)),
                    width);
}

// Cg's: k = 1 - eta^2 (1 - dot(n,i)^2); k < 0 ? 0 : eta i - (eta dot(n,i) + sqrt(k)) n
Value refract(LibraryCall& c) {
    const Value eta = c.lowering.convert(c.args[2], scalarType(ir::Scalar::Float), c.where, false);
    c.args.pop_back();
    const int width = c.unify(true);
    auto& b = c.b();
    const ir::ValueId cosine = b.binary(ir::Op::Dot, c.args[1].id, c.args[0].id);
    const ir::ValueId k = b.binary(
        ir::Op::Sub, b.constant(1.0f),
        b.binary(ir::Op::Mul, b.binary(ir::Op::Mul, eta.id, eta.id),
                 b.binary(ir::Op::Sub, b.constant(1.0f), b.binary(ir::Op::Mul, cosine, cosine))));
    const ir::ValueId direction = b.binary(
        ir::Op::Sub, b.binary(ir::Op::Mul, c.args[0].id, eta.id),
        b.binary(ir::Op::Mul, c.args[1].id,
                 b.binary(ir::Op::Add, b.binary(ir::Op::Mul, eta.id, cosine),
                          b.unary(ir::Op::Sqrt, b.binary(ir::Op::Max, k, b.constant(0.0f))))));
    return c.result(b.select(b.binary(ir::Op::Lt, k, b.constant(0.0f)),
                             b.constant({0, 0, 0, 0}, width), direction),
                    width);
}

Value faceforward(LibraryCall& c) { // dot(ng, i) < 0 ? n : -n
    const int width = c.unify(true);
    auto& b = c.b();
    return c.result(b.select(b.binary(ir::Op::Lt, b.binary(ir::Op::Dot, c.args[2].id, c.args[1].id),
                                      b.constant(0.0f)),
                             c.args[0].id, b.unary(ir::Op::Neg, c.args[0].id)),
                    width);
}

template <ir::Op fold>
Value reduce(LibraryCall& c) { // any (Or) and all (And) of a vector's components
    const Value v = c.lowering.convert(
        c.args[0], vectorType(ir::Scalar::Bool, c.args[0].type.width()), c.where, false);
    auto& b = c.b();
    ir::ValueId folded = b.swizzle(v.id, {0});
    for (int component = 1; component < v.type.width(); ++component)
        folded = b.binary(fold, folded, b.swizzle(v.id, {component}));
    return c.lowering.scalarValue(folded, ir::Scalar::Bool);
}

Value transpose(LibraryCall& c) {
    const Value& m = c.args[0];
    if (m.type.kind != CgType::Kind::Matrix)
        c.fail(fmt::format("transpose() takes a matrix, not {}", typeName(m.type)));
    Value t{matrixType(m.type.columns, m.type.rows)};
    for (int column = 0; column < m.type.columns; ++column) {
        std::vector<ir::ValueId> parts;
        for (int r = 0; r < m.type.rows; ++r)
            parts.push_back(c.b().swizzle(m.parts[static_cast<std::size_t>(r)].id, {column}));
        t.parts.push_back(c.result(c.b().construct(parts, ir::Scalar::Float), m.type.rows));
    }
    return t;
}

Value mul(LibraryCall& c) {
    const Value& a = c.args[0];
    const Value& m = c.args[1];
    auto& b = c.b();
    if (a.type.kind == CgType::Kind::Matrix && m.type.kind == CgType::Kind::Matrix) {
        if (a.type.columns != m.type.rows)
            c.fail(fmt::format("mul({}, {}): the inner sizes differ", typeName(a.type),
                               typeName(m.type)));
        Value product{matrixType(a.type.rows, m.type.columns)};
        for (const Value& row : a.parts) {
            std::vector<Value> rowTimesMatrix{row, m};
            LibraryCall inner{c.lowering, c.name, rowTimesMatrix, c.where};
            product.parts.push_back(mul(inner));
        }
        return product;
    }
    if (a.type.kind == CgType::Kind::Matrix) { // M v: a dot product per row
        const Value v = c.floats(m);
        c.requireWidth(v, a.type.columns);
        std::vector<ir::ValueId> rows;
        for (const Value& row : a.parts)
            rows.push_back(b.binary(ir::Op::Dot, row.id, v.id));
        return c.result(b.construct(rows, ir::Scalar::Float), a.type.rows);
    }
    if (m.type.kind == CgType::Kind::Matrix) { // v M: the rows weighted by v's components
        const Value v = c.floats(a);
        c.requireWidth(v, m.type.rows);
        ir::ValueId sum = ir::kNoValue;
        for (int r = 0; r < m.type.rows; ++r) {
            const ir::ValueId term = b.binary(ir::Op::Mul, m.parts[static_cast<std::size_t>(r)].id,
                                              b.swizzle(v.id, {r}));
            sum = sum == ir::kNoValue ? term : b.binary(ir::Op::Add, sum, term);
        }
        return c.result(sum, m.type.columns);
    }
    c.fail("mul() takes a matrix and a vector, a vector and a matrix, or two matrices (use '*' "
           "for a componentwise product)");
}

Value tex2D(LibraryCall& c) {
    if (c.args[0].type.kind != CgType::Kind::Sampler)
        c.fail(fmt::format("tex2D() takes a sampler2D first, not {}", typeName(c.args[0].type)));
    c.lowering.requireHost(ir::Op::Texture, c.where);
    const Value coordinates = c.floats(c.args[1]);
    if (coordinates.type.width() < 2)
        c.fail("tex2D() takes float2 coordinates");
    auto& b = c.b();
    ir::Instruction lookup{.op = ir::Op::Texture,
                           .type = ir::floatType(3),
                           .operands = {b.swizzle(coordinates.id, {0, 1})}};
    lookup.unit = c.args[0].unit;
    // lrt's textures are RGB: the alpha tex2D returns is 1.
    return c.result(b.construct({b.add(std::move(lookup)), b.constant(1.0f)}, ir::Scalar::Float),
                    4);
}

Value trace(LibraryCall& c) {
    c.lowering.requireHost(ir::Op::Trace, c.where);
    for (Value& arg : c.args) {
        arg = c.floats(arg);
        c.requireWidth(arg, 3);
    }
    return c.result(c.b().call(ir::Op::Trace, {c.args[0].id, c.args[1].id}, ir::floatType(3)), 3);
}

Value turbulence(LibraryCall& c) {
    c.lowering.requireHost(ir::Op::Turbulence, c.where);
    const Value at = c.floats(c.args[0]);
    if (at.type.width() != 1 && at.type.width() != 3)
        c.fail(fmt::format("turbulence() takes a float or a float3, not {}", typeName(at.type)));
    return c.result(c.b().call(ir::Op::Turbulence, {at.id}, ir::floatType(1)), 1);
}

Value noise(LibraryCall& c) {
    c.fail(fmt::format("noise() is not available in profile {}: lrt's hosts provide "
                       "turbulence(), a sum of octaves of noise, and no single octave",
                       c.lowering.target_.name()));
}

Value random(LibraryCall& c) {
    c.lowering.requireHost(ir::Op::Random, c.where);
    return c.result(c.b().call(ir::Op::Random, {}, ir::floatType(1)), 1);
}

struct LibraryFunction {
    std::string_view name;
    int arguments;
    Lower lower;
};

constexpr LibraryFunction kLibrary[] = {
    {"abs", 1, &componentwise<ir::Op::Abs>},
    {"all", 1, &reduce<ir::Op::And>},
    {"any", 1, &reduce<ir::Op::Or>},
    {"ceil", 1, &componentwise<ir::Op::Ceil>},
    {"clamp", 3, &clamp},
    {"cos", 1, &componentwise<ir::Op::Cos>},
    {"cross", 2, &cross},
    {"degrees", 1, &angle<true>},
    {"distance", 2, &dot},
    {"dot", 2, &dot},
    {"exp", 1, &componentwise<ir::Op::Exp>},
    {"exp2", 1, &componentwise<ir::Op::Exp2>},
    {"faceforward", 3, &faceforward},
    {"floor", 1, &componentwise<ir::Op::Floor>},
    {"frac", 1, &componentwise<ir::Op::Frac>},
    {"length", 1, &dot},
    {"lerp", 3, &lerp},
    {"log", 1, &componentwise<ir::Op::Log>},
    {"log2", 1, &componentwise<ir::Op::Log2>},
    {"max", 2, &componentwise<ir::Op::Max>},
    {"min", 2, &componentwise<ir::Op::Min>},
    {"mul", 2, &mul},
    {"noise", 1, &noise},
    {"normalize", 1, &componentwise<ir::Op::Normalize>},
    {"pow", 2, &componentwise<ir::Op::Pow>},
    {"radians", 1, &angle<false>},
    {"random", 0, &random},
    {"reflect", 2, &reflect},
    {"refract", 3, &refract},
    {"rsqrt", 1, &componentwise<ir::Op::Rsqrt>},
    {"saturate", 1, &clamp},
    {"sign", 1, &componentwise<ir::Op::Sign>},
    {"sin", 1, &componentwise<ir::Op::Sin>},
    {"smoothstep", 3, &smoothstep},
    {"sqrt", 1, &componentwise<ir::Op::Sqrt>},
    {"step", 2, &step},
    {"tex2D", 2, &tex2D},
    {"trace", 2, &trace},
    {"transpose", 1, &transpose},
    {"turbulence", 1, &turbulence},
};

} // namespace

std::vector<std::string_view> libraryFunctionNames() {
    std::vector<std::string_view> names;
    for (const LibraryFunction& function : kLibrary)
        names.push_back(function.name);
    return names;
}

void Lowering::requireHost(ir::Op op, const slvm::SourceLocation& where) {
    if (const std::string why = target_.refuses(op); !why.empty())
        fail(where, why);
}

std::optional<Value> Lowering::libraryCall(const std::string& name, std::vector<Value>& args,
                                           const slvm::SourceLocation& where) {
    const auto function = std::ranges::find(kLibrary, name, &LibraryFunction::name);
    if (function == std::end(kLibrary))
        return std::nullopt;
    if (static_cast<int>(args.size()) != function->arguments)
        fail(where, fmt::format("{}() takes {} argument{}, given {}", name, function->arguments,
                                function->arguments == 1 ? "" : "s", args.size()));
    LibraryCall call{*this, function->name, args, where};
    return function->lower(call);
}

} // namespace compiler::cg
