// Cg's standard library as lrt's targets can express it, and lrt's host functions (tex2D, trace,
// turbulence, random). Each is written once here in IR operations; targets that lack one of
// those operations get it rewritten by the IR's expansion pass, or an error that says why.
#include "compiler/frontends/cg/lowering.h"

#include <fmt/format.h>
#include <numbers>

namespace compiler::cg {

namespace {

struct Signature {
    std::string_view name;
    int arguments;
};

} // namespace

ir::ValueId Lowering::requireHost(ir::Op op, const slvm::SourceLocation& where) {
    if (const std::string why = target_.refuses(op); !why.empty())
        fail(where, why);
    return ir::kNoValue;
}

std::optional<Value> Lowering::libraryCall(const std::string& name, std::vector<Value>& args,
                                           const slvm::SourceLocation& where) {
    static constexpr Signature kSignatures[] = {
        {"abs", 1},     {"ceil", 1},        {"floor", 1},      {"frac", 1},      {"sign", 1},
        {"sqrt", 1},    {"rsqrt", 1},       {"exp", 1},        {"exp2", 1},      {"log", 1},
        {"log2", 1},    {"sin", 1},         {"cos", 1},        {"normalize", 1}, {"saturate", 1},
        {"degrees", 1}, {"radians", 1},     {"length", 1},     {"min", 2},       {"max", 2},
        {"pow", 2},     {"step", 2},        {"dot", 2},        {"cross", 2},     {"distance", 2},
        {"reflect", 2}, {"mul", 2},         {"clamp", 3},      {"lerp", 3},      {"smoothstep", 3},
        {"refract", 3}, {"faceforward", 3}, {"transpose", 1},  {"any", 1},       {"all", 1},
        {"tex2D", 2},   {"trace", 2},       {"turbulence", 1}, {"noise", 1},     {"random", 0}};
    const Signature* signature = nullptr;
    for (const Signature& s : kSignatures)
        if (s.name == name)
            signature = &s;
    if (!signature)
        return std::nullopt;
    if (static_cast<int>(args.size()) != signature->arguments)
        fail(where, fmt::format("{}() takes {} argument{}, given {}", name, signature->arguments,
                                signature->arguments == 1 ? "" : "s", args.size()));
    auto& b = builder_;
    const auto floats = [&](const Value& value) {
        if (!value.type.isScalarOrVector())
            fail(where,
                 fmt::format("{}() takes numbers or vectors, not {}", name, typeName(value.type)));
        return convert(value, vectorType(ir::Scalar::Float, value.type.width()), where, false);
    };
    const auto result = [](ir::ValueId id, int width) {
        return Value{vectorType(ir::Scalar::Float, width), id};
    };
    // The arguments as floats of one width (a scalar applies to every component).
    // The arguments as floats of one width, the result's; a scalar stays one where the IR's
    // operations apply it to every component (so a colour times a scalar stays one multiply),
    // and is replicated where a function combines components (dot, reflect).
    const auto unify = [&](bool replicateScalars = false) {
        int width = 1;
        for (Value& arg : args) {
            arg = floats(arg);
            if (arg.type.width() != 1 && width != 1 && arg.type.width() != width)
                fail(where, fmt::format("{}() takes vectors of one size: given {}", name,
                                        typeName(arg.type)));
            width = std::max(width, arg.type.width());
        }
        if (replicateScalars)
            for (Value& arg : args)
                arg = convert(arg, vectorType(ir::Scalar::Float, width), where, false);
        return width;
    };
    const auto requireWidth = [&](const Value& value, int width) {
        if (value.type.width() != width || !value.type.isScalarOrVector())
            fail(where, fmt::format("{}() takes a float{} here, not {}", name, width,
                                    typeName(value.type)));
    };
    static const std::pair<std::string_view, ir::Op> kUnary[] = {
        {"abs", ir::Op::Abs},     {"ceil", ir::Op::Ceil}, {"floor", ir::Op::Floor},
        {"frac", ir::Op::Frac},   {"sign", ir::Op::Sign}, {"sqrt", ir::Op::Sqrt},
        {"rsqrt", ir::Op::Rsqrt}, {"exp", ir::Op::Exp},   {"exp2", ir::Op::Exp2},
        {"log", ir::Op::Log},     {"log2", ir::Op::Log2}, {"sin", ir::Op::Sin},
        {"cos", ir::Op::Cos}};
    for (const auto& [unaryName, op] : kUnary)
        if (name == unaryName) {
            const int width = unify();
            return result(b.unary(op, args[0].id), width);
        }
    if (name == "min" || name == "max" || name == "pow") {
        const int width = unify();
        const ir::Op op = name == "min" ? ir::Op::Min : name == "max" ? ir::Op::Max : ir::Op::Pow;
        return result(b.binary(op, args[0].id, args[1].id), width);
    }
    if (name == "saturate" || name == "clamp") {
        if (name == "saturate") {
            args.push_back(scalarValue(b.constant(0.0f)));
            args.push_back(scalarValue(b.constant(1.0f)));
        }
        const int width = unify();
        return result(
            b.binary(ir::Op::Min, b.binary(ir::Op::Max, args[0].id, args[1].id), args[2].id),
            width);
    }
    if (name == "degrees" || name == "radians") {
        const int width = unify();
        const float scale = name == "degrees" ? 180.0f / std::numbers::pi_v<float>
                                              : std::numbers::pi_v<float> / 180.0f;
        return result(b.binary(ir::Op::Mul, args[0].id, b.constant(scale)), width);
    }
    if (name == "step") { // step(edge, x): x >= edge ? 1 : 0
        const int width = unify();
        return result(b.unary(ir::Op::BoolToFloat, b.binary(ir::Op::Ge, args[1].id, args[0].id)),
                      width);
    }
    if (name == "lerp") {
        const int width = unify();
        return result(b.binary(ir::Op::Add, args[0].id,
                               b.binary(ir::Op::Mul, b.binary(ir::Op::Sub, args[1].id, args[0].id),
                                        args[2].id)),
                      width);
    }
    if (name == "smoothstep") {
        const int width = unify();
        const ir::ValueId t =
            b.binary(ir::Op::Min,
                     b.binary(ir::Op::Max,
                              b.binary(ir::Op::Div, b.binary(ir::Op::Sub, args[2].id, args[0].id),
                                       b.binary(ir::Op::Sub, args[1].id, args[0].id)),
                              b.constant(0.0f)),
                     b.constant(1.0f));
        return result(b.binary(ir::Op::Mul, b.binary(ir::Op::Mul, t, t),
                               b.binary(ir::Op::Sub, b.constant(3.0f),
                                        b.binary(ir::Op::Mul, b.constant(2.0f), t))),
                      width);
    }
    if (name == "normalize") {
        const int width = unify();
        return result(b.unary(ir::Op::Normalize, args[0].id), width);
    }
    if (name == "dot" || name == "length" || name == "distance") {
        if (name == "length")
            args.push_back(args[0]);
        unify(true);
        ir::ValueId v = args[0].id, w = args[1].id;
        if (name == "distance")
            v = w = b.binary(ir::Op::Sub, args[0].id, args[1].id);
        const ir::ValueId dot = b.binary(ir::Op::Dot, v, w);
        return result(name == "dot" ? dot : b.unary(ir::Op::Sqrt, dot), 1);
    }
    if (name == "cross") {
        for (Value& arg : args) {
            arg = floats(arg);
            requireWidth(arg, 3);
        }
        return result(b.binary(ir::Op::Cross, args[0].id, args[1].id), 3);
    }
    if (name == "reflect") { // i - 2 dot(n, i) n
        const int width = unify(true);
        const ir::ValueId twice =
            b.binary(ir::Op::Mul, b.constant(2.0f), b.binary(ir::Op::Dot, args[1].id, args[0].id));
        return result(b.binary(ir::Op::Sub, args[0].id, b.binary(ir::Op::Mul, args[1].id, twice)),
                      width);
    }
    if (name == "refract") { // Cg's: k = 1 - eta^2 (1 - dot(n,i)^2); k < 0 ? 0 : eta i - (eta
                             // dot(n,i) + sqrt(k)) n
        Value eta = convert(args[2], scalarType(ir::Scalar::Float), where, false);
        args.pop_back();
        const int width = unify(true);
        const ir::ValueId cosine = b.binary(ir::Op::Dot, args[1].id, args[0].id);
        const ir::ValueId k = b.binary(ir::Op::Sub, b.constant(1.0f),
                                       b.binary(ir::Op::Mul, b.binary(ir::Op::Mul, eta.id, eta.id),
                                                b.binary(ir::Op::Sub, b.constant(1.0f),
                                                         b.binary(ir::Op::Mul, cosine, cosine))));
        const ir::ValueId direction = b.binary(
            ir::Op::Sub, b.binary(ir::Op::Mul, args[0].id, eta.id),
            b.binary(ir::Op::Mul, args[1].id,
                     b.binary(ir::Op::Add, b.binary(ir::Op::Mul, eta.id, cosine),
                              b.unary(ir::Op::Sqrt, b.binary(ir::Op::Max, k, b.constant(0.0f))))));
        return result(b.select(b.binary(ir::Op::Lt, k, b.constant(0.0f)),
                               b.constant({0, 0, 0, 0}, width), direction),
                      width);
    }
    if (name == "faceforward") { // dot(ng, i) < 0 ? n : -n
        const int width = unify(true);
        return result(b.select(b.binary(ir::Op::Lt, b.binary(ir::Op::Dot, args[2].id, args[1].id),
                                        b.constant(0.0f)),
                               args[0].id, b.unary(ir::Op::Neg, args[0].id)),
                      width);
    }
    if (name == "any" || name == "all") {
        const Value v =
            convert(args[0], vectorType(ir::Scalar::Bool, args[0].type.width()), where, false);
        ir::ValueId folded = b.swizzle(v.id, {0});
        for (int c = 1; c < v.type.width(); ++c)
            folded =
                b.binary(name == "any" ? ir::Op::Or : ir::Op::And, folded, b.swizzle(v.id, {c}));
        return scalarValue(folded, ir::Scalar::Bool);
    }
    if (name == "transpose") {
        const Value& m = args[0];
        if (m.type.kind != CgType::Kind::Matrix)
            fail(where, fmt::format("transpose() takes a matrix, not {}", typeName(m.type)));
        Value t{matrixType(m.type.columns, m.type.rows)};
        for (int c = 0; c < m.type.columns; ++c) {
            std::vector<ir::ValueId> column;
            for (int r = 0; r < m.type.rows; ++r)
                column.push_back(b.swizzle(m.parts[static_cast<std::size_t>(r)].id, {c}));
            t.parts.push_back(result(b.construct(column, ir::Scalar::Float), m.type.rows));
        }
        return t;
    }
    if (name == "mul") {
        const Value& a = args[0];
        const Value& m = args[1];
        if (a.type.kind == CgType::Kind::Matrix && m.type.kind == CgType::Kind::Matrix) {
            if (a.type.columns != m.type.rows)
                fail(where, fmt::format("mul({}, {}): the inner sizes differ", typeName(a.type),
                                        typeName(m.type)));
            Value product{matrixType(a.type.rows, m.type.columns)};
            for (const Value& row : a.parts) {
                std::vector<Value> call{row, m};
                product.parts.push_back(*libraryCall("mul", call, where));
            }
            return product;
        }
        if (a.type.kind == CgType::Kind::Matrix) { // M v: a dot product per row
            const Value v = floats(m);
            requireWidth(v, a.type.columns);
            std::vector<ir::ValueId> rows;
            for (const Value& row : a.parts)
                rows.push_back(b.binary(ir::Op::Dot, row.id, v.id));
            return result(b.construct(rows, ir::Scalar::Float), a.type.rows);
        }
        if (m.type.kind == CgType::Kind::Matrix) { // v M: the rows weighted by v's components
            const Value v = floats(a);
            requireWidth(v, m.type.rows);
            ir::ValueId sum = ir::kNoValue;
            for (int r = 0; r < m.type.rows; ++r) {
                const ir::ValueId term = b.binary(
                    ir::Op::Mul, m.parts[static_cast<std::size_t>(r)].id, b.swizzle(v.id, {r}));
                sum = sum == ir::kNoValue ? term : b.binary(ir::Op::Add, sum, term);
            }
            return result(sum, m.type.columns);
        }
        fail(where,
             "mul() takes a matrix and a vector, a vector and a matrix, or two matrices (use '*' "
             "for a componentwise product)");
    }
    if (name == "tex2D") {
        if (args[0].type.kind != CgType::Kind::Sampler)
            fail(where,
                 fmt::format("tex2D() takes a sampler2D first, not {}", typeName(args[0].type)));
        requireHost(ir::Op::Texture, where);
        Value coordinates = floats(args[1]);
        if (coordinates.type.width() < 2)
            fail(where, "tex2D() takes float2 coordinates");
        ir::Instruction lookup{.op = ir::Op::Texture,
                               .type = ir::floatType(3),
                               .operands = {b.swizzle(coordinates.id, {0, 1})}};
        lookup.unit = args[0].unit;
        // lrt's textures are RGB: the alpha tex2D returns is 1.
        return result(b.construct({b.add(std::move(lookup)), b.constant(1.0f)}, ir::Scalar::Float),
                      4);
    }
    if (name == "trace") {
        requireHost(ir::Op::Trace, where);
        for (Value& arg : args) {
            arg = floats(arg);
            requireWidth(arg, 3);
        }
        return result(b.call(ir::Op::Trace, {args[0].id, args[1].id}, ir::floatType(3)), 3);
    }
    if (name == "turbulence") {
        requireHost(ir::Op::Turbulence, where);
        const Value at = floats(args[0]);
        if (at.type.width() != 1 && at.type.width() != 3)
            fail(where,
                 fmt::format("turbulence() takes a float or a float3, not {}", typeName(at.type)));
        return result(b.call(ir::Op::Turbulence, {at.id}, ir::floatType(1)), 1);
    }
    if (name == "noise")
        fail(where, fmt::format("noise() is not available in profile {}: lrt's hosts provide "
                                "turbulence(), a sum of octaves of noise, and no single octave",
                                target_.name()));
    requireHost(ir::Op::Random, where);
    return result(b.call(ir::Op::Random, {}, ir::floatType(1)), 1);
}

} // namespace compiler::cg
