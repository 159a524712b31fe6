// The random program generator, printer and reference evaluator.
#include "random_program.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <stdexcept>

namespace compiler::testing {

struct Node {
    enum class Kind {
        Input,
        ScalarInput,
        Variable,
        Counter,
        Constant,
        Swizzle,
        Construct,
        Call,
        Operator,
        Select
    };
    Kind kind = Kind::Constant;
    int width = 1;
    std::string name; // function or operator
    int index = 0;    // input index
    std::vector<int> components;
    std::array<float, 4> constant{};
    std::vector<std::unique_ptr<Node>> children;
};
using NodePtr = std::unique_ptr<Node>;

namespace {

constexpr const char* kComponents = "xyzw";

std::string typeName(int width) {
    return width == 1 ? "float" : fmt::format("float{}", width);
}

struct Environment {
    const std::vector<Vector>* vectors;
    const std::vector<double>* scalars;
    Vector variable{};
    double counter = 0;
    Evaluation* result;
};

} // namespace

struct RandomProgram::Impl {
    ProgramShape shape;
    std::mt19937_64 random;
    int variableWidth = 3;
    bool variableDefined = false;
    bool counterDefined = false;
    NodePtr initial, compareLeft, compareRight, thenValue, elseValue, loopStep, result;
    std::vector<int> elseMask;
    int loopCount = 1;

    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random); }
    // Any width a value may have: 1 to 4, or 1 and 3 in T-Language's subset.
    int anyWidth() { return shape.tlSubset ? (chance(0.5) ? 1 : 3) : uniform(1, 4); }
    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(random) < p; }

    NodePtr make(Node::Kind kind, int width, std::string name = {}) {
        auto node = std::make_unique<Node>();
        node->kind = kind;
        node->width = width;
        node->name = std::move(name);
        return node;
    }

    NodePtr leaf(int width) {
        const int choice = uniform(0, 9);
        if (choice < 2) {
            auto c = make(Node::Kind::Constant, width);
            for (int i = 0; i < width; ++i)
                c->constant[static_cast<std::size_t>(i)] = static_cast<float>(
                    std::round(std::uniform_real_distribution<double>(-2, 2)(random) * 64) / 64);
            return c;
        }
        if (choice == 2 && counterDefined && width == 1)
            return make(Node::Kind::Counter, 1);
        NodePtr base;
        if (choice <= 4 && variableDefined) {
            base = make(Node::Kind::Variable, variableWidth);
        } else if (width == 1 && !shape.scalarInputs.empty() && chance(0.5)) {
            base = make(Node::Kind::ScalarInput, 1);
            base->index = uniform(0, static_cast<int>(shape.scalarInputs.size()) - 1);
            return base;
        } else {
            base = make(Node::Kind::Input, shape.inputWidth);
            base->index = uniform(0, static_cast<int>(shape.vectorInputs.size()) - 1);
        }
        return reshape(std::move(base), width);
    }

    // A value of `width` made from one of another width: a swizzle, or a constructor.
    NodePtr reshape(NodePtr value, int width) {
        if (value->width == width && chance(0.6))
            return value;
        if (value->width == 1) {
            if (width == 1)
                return value;
            auto construct = make(Node::Kind::Construct, width);
            construct->children.push_back(std::move(value));
            for (int c = 1; c < width; ++c)
                construct->children.push_back(leaf(1));
            return construct;
        }
        auto swizzle = make(Node::Kind::Swizzle, width);
        for (int c = 0; c < width; ++c)
            swizzle->components.push_back(uniform(0, value->width - 1));
        swizzle->children.push_back(std::move(value));
        return swizzle;
    }

    NodePtr expression(int width, int depth) {
        if (depth <= 0 || chance(0.15))
            return leaf(width);
        int kind = uniform(0, 12);
        // T-Language has operators, negation and (by swizzles) cross products, nothing else.
        if (shape.tlSubset && kind >= 4 && kind <= 11 && !(kind == 8 && width == 3) &&
            !(kind == 4 && chance(0.3)))
            kind = 12;
        // A componentwise operand: the same width, or sometimes a scalar that applies to all.
        const auto operand = [&] {
            return expression(width > 1 && chance(0.25) ? 1 : width, depth - 1);
        };
        switch (kind) {
        case 0:
        case 1:
        case 2: {
            static const char* const kOperators[] = {"+", "-", "*"};
            auto node = make(Node::Kind::Operator, width, kOperators[uniform(0, 2)]);
            node->children.push_back(expression(width, depth - 1));
            node->children.push_back(operand());
            return node;
        }
        case 3: { // a / (b * b + 0.5): never a tiny denominator
            auto node = make(Node::Kind::Operator, width, "/");
            node->children.push_back(expression(width, depth - 1));
            node->children.push_back(operand());
            return node;
        }
        case 4: {
            static const char* const kUnary[] = {"abs",  "sin",      "cos",  "floor",
                                                 "frac", "saturate", "sqrt", "neg"};
            auto node =
                make(Node::Kind::Call, width, shape.tlSubset ? "neg" : kUnary[uniform(0, 7)]);
            node->children.push_back(expression(width, depth - 1));
            return node;
        }
        case 5: {
            static const char* const kBinary[] = {"min", "max", "step"};
            auto node = make(Node::Kind::Call, width, kBinary[uniform(0, 2)]);
            node->children.push_back(expression(width, depth - 1));
            node->children.push_back(operand());
            return node;
        }
        case 6: {
            const bool lerp = chance(0.5);
            auto node = make(Node::Kind::Call, width, lerp ? "lerp" : "clamp");
            node->children.push_back(expression(width, depth - 1));
            node->children.push_back(operand());
            node->children.push_back(operand());
            return node;
        }
        case 7: { // float results of vectors
            if (width != 1)
                return expression(width, depth);
            static const char* const kReductions[] = {"dot", "length", "distance"};
            const std::string name = kReductions[uniform(0, 2)];
            const int w = uniform(2, 4);
            auto node = make(Node::Kind::Call, 1, name);
            node->children.push_back(expression(w, depth - 1));
            if (name != "length")
                node->children.push_back(expression(w, depth - 1));
            return node;
        }
        case 8: {
            if (width == 1)
                return expression(width, depth);
            const std::string name = width == 3 && (shape.tlSubset || chance(0.5)) ? "cross"
                                     : chance(0.5)                                 ? "normalize"
                                                                                   : "reflect";
            auto node = make(Node::Kind::Call, width, name);
            node->children.push_back(expression(width, depth - 1));
            if (name != "normalize")
                node->children.push_back(expression(width, depth - 1));
            return node;
        }
        case 9: {
            auto node = make(Node::Kind::Select, width);
            node->children.push_back(expression(1, depth - 1));
            node->children.push_back(expression(1, depth - 1));
            node->children.push_back(expression(width, depth - 1));
            node->children.push_back(expression(width, depth - 1));
            return node;
        }
        case 10: {
            if (!shape.allowExponentials)
                return reshape(expression(anyWidth(), depth - 1), width);
            auto node =
                make(Node::Kind::Call, width, shape.allowLog && chance(0.5) ? "log2" : "exp2");
            node->children.push_back(expression(width, depth - 1));
            return node;
        }
        case 11: {
            if (!shape.allowExponentials)
                return reshape(expression(anyWidth(), depth - 1), width);
            auto node = make(Node::Kind::Call, width, "pow");
            node->children.push_back(expression(width, depth - 1));
            node->children.push_back(operand());
            return node;
        }
        default:
            return reshape(expression(anyWidth(), depth - 1), width);
        }
    }

    // ---- printing ----

    std::string print(const Node& n) const {
        const auto child = [&](std::size_t i) { return print(*n.children[i]); };
        switch (n.kind) {
        case Node::Kind::Input:
            return fmt::format("in{}", n.index);
        case Node::Kind::ScalarInput:
            return fmt::format("s{}", n.index);
        case Node::Kind::Variable:
            return "a";
        case Node::Kind::Counter:
            return "float(i)";
        case Node::Kind::Constant: {
            std::string text = typeName(n.width) + "(";
            for (int c = 0; c < n.width; ++c)
                text += fmt::format("{}{}", c ? ", " : "", n.constant[static_cast<std::size_t>(c)]);
            return text + ")";
        }
        case Node::Kind::Swizzle: {
            std::string text = "(" + child(0) + ").";
            for (const int c : n.components)
                text += kComponents[c];
            return text;
        }
        case Node::Kind::Construct: {
            std::string text = typeName(n.width) + "(";
            for (std::size_t i = 0; i < n.children.size(); ++i)
                text += (i ? ", " : "") + child(i);
            return text + ")";
        }
        case Node::Kind::Operator:
            if (n.name == "/")
                return fmt::format("({} / ({} * {} + 0.5))", child(0), child(1), child(1));
            return fmt::format("({} {} {})", child(0), n.name, child(1));
        case Node::Kind::Select:
            return fmt::format("(({} < {}) ? {} : {})", child(0), child(1), child(2), child(3));
        case Node::Kind::Call:
            if (n.name == "neg")
                return fmt::format("(-{})", child(0));
            if (n.name == "sqrt")
                return fmt::format("sqrt(abs({}))", child(0));
            if (n.name == "log2")
                return fmt::format("log2(abs({}) + 0.5)", child(0));
            if (n.name == "pow")
                return fmt::format("pow(abs({}) + 0.5, clamp({}, -3.0, 3.0))", child(0), child(1));
            if (n.name == "exp2")
                return fmt::format("exp2(clamp({}, -8.0, 8.0))", child(0));
            {
                std::string text = n.name + "(";
                for (std::size_t i = 0; i < n.children.size(); ++i)
                    text += (i ? ", " : "") + child(i);
                return text + ")";
            }
        }
        return "?";
    }

    // The same tree in T-Language: every value a vector, a one-component value in x, y and z.
    std::string printTl(const Node& n) const {
        const auto child = [&](std::size_t i) { return printTl(*n.children[i]); };
        const auto number = [](float value) {
            // -0 too: fmt prints it "-0", which T-Language reads as a negation
            return std::signbit(value) ? fmt::format("(-{})", -value) : fmt::format("{}", value);
        };
        switch (n.kind) {
        case Node::Kind::Input:
            return shape.vectorInputs[static_cast<std::size_t>(n.index)];
        case Node::Kind::ScalarInput:
            return shape.scalarInputs[static_cast<std::size_t>(n.index)];
        case Node::Kind::Variable:
            return "a";
        case Node::Kind::Counter:
            return "i.x";
        case Node::Kind::Constant:
            if (n.width == 1)
                return number(n.constant[0]);
            return fmt::format("({}, {}, {})", number(n.constant[0]), number(n.constant[1]),
                               number(n.constant[2]));
        case Node::Kind::Swizzle: {
            std::string text = "(" + child(0) + ").";
            for (const int c : n.components)
                text += kComponents[c];
            return text;
        }
        case Node::Kind::Construct:
            return fmt::format("({}, {}, {})", child(0), child(1), child(2));
        case Node::Kind::Operator:
            if (n.name == "/")
                return fmt::format("({} / ({} * {} + 0.5))", child(0), child(1), child(1));
            return fmt::format("({} {} {})", child(0), n.name, child(1));
        case Node::Kind::Call:
            if (n.name == "neg")
                return fmt::format("(-{})", child(0));
            if (n.name == "cross")
                return fmt::format("(({0}).yzx * ({1}).zxy - ({0}).zxy * ({1}).yzx)", child(0),
                                   child(1));
            break;
        case Node::Kind::Select:
            break;
        }
        throw std::logic_error("random program: no T-Language for " + n.name);
    }

    // ---- evaluation ----

    static double at(const Vector& v, int width, int c) {
        return v[static_cast<std::size_t>(width == 1 ? 0 : c)];
    }

    Vector componentwise(const Node& n, Environment& env,
                         const std::function<double(const std::vector<double>&)>& f) const {
        std::vector<Vector> values;
        for (const auto& c : n.children)
            values.push_back(eval(*c, env));
        Vector out{};
        for (int c = 0; c < n.width; ++c) {
            std::vector<double> args;
            for (std::size_t i = 0; i < values.size(); ++i)
                args.push_back(at(values[i], n.children[i]->width, c));
            out[static_cast<std::size_t>(c)] = f(args);
        }
        return out;
    }

    static double lengthOf(const Vector& v, int width) {
        double sum = 0;
        for (int c = 0; c < width; ++c)
            sum += v[static_cast<std::size_t>(c)] * v[static_cast<std::size_t>(c)];
        return std::sqrt(sum);
    }

    Vector eval(const Node& n, Environment& env) const {
        Vector v = evalInner(n, env);
        for (int c = 0; c < n.width; ++c)
            env.result->magnitude =
                std::max(env.result->magnitude, std::fabs(v[static_cast<std::size_t>(c)]));
        return v;
    }

    Vector evalInner(const Node& n, Environment& env) const {
        double& margin = env.result->margin;
        const auto near = [&](double distance) { margin = std::min(margin, std::fabs(distance)); };
        switch (n.kind) {
        case Node::Kind::Input:
            return (*env.vectors)[static_cast<std::size_t>(n.index)];
        case Node::Kind::ScalarInput:
            return {(*env.scalars)[static_cast<std::size_t>(n.index)], 0, 0, 0};
        case Node::Kind::Variable:
            return env.variable;
        case Node::Kind::Counter:
            return {env.counter, 0, 0, 0};
        case Node::Kind::Constant:
            return {n.constant[0], n.constant[1], n.constant[2], n.constant[3]};
        case Node::Kind::Swizzle: {
            const Vector base = eval(*n.children[0], env);
            Vector out{};
            for (int c = 0; c < n.width; ++c)
                out[static_cast<std::size_t>(c)] =
                    base[static_cast<std::size_t>(n.components[static_cast<std::size_t>(c)])];
            return out;
        }
        case Node::Kind::Construct: {
            Vector out{};
            int c = 0;
            for (const auto& child : n.children) {
                const Vector part = eval(*child, env);
                for (int k = 0; k < child->width; ++k)
                    out[static_cast<std::size_t>(c++)] = part[static_cast<std::size_t>(k)];
            }
            return out;
        }
        case Node::Kind::Operator:
            return componentwise(n, env, [&](const std::vector<double>& a) {
                if (n.name == "+")
                    return a[0] + a[1];
                if (n.name == "-")
                    return a[0] - a[1];
                if (n.name == "*")
                    return a[0] * a[1];
                return a[0] / (a[1] * a[1] + 0.5);
            });
        case Node::Kind::Select: {
            const double left = eval(*n.children[0], env)[0];
            const double right = eval(*n.children[1], env)[0];
            near(left - right);
            const Vector a = eval(*n.children[2], env);
            const Vector b = eval(*n.children[3], env);
            Vector out{};
            for (int c = 0; c < n.width; ++c)
                out[static_cast<std::size_t>(c)] =
                    left < right ? at(a, n.children[2]->width, c) : at(b, n.children[3]->width, c);
            return out;
        }
        case Node::Kind::Call:
            break;
        }
        const std::string& f = n.name;
        if (f == "dot" || f == "length" || f == "distance") {
            const Vector a = eval(*n.children[0], env);
            const int w = n.children[0]->width;
            if (f == "length")
                return {lengthOf(a, w), 0, 0, 0};
            const Vector b = eval(*n.children[1], env);
            Vector d{};
            double sum = 0;
            for (int c = 0; c < w; ++c) {
                d[static_cast<std::size_t>(c)] =
                    a[static_cast<std::size_t>(c)] - b[static_cast<std::size_t>(c)];
                sum += a[static_cast<std::size_t>(c)] * b[static_cast<std::size_t>(c)];
            }
            return {f == "dot" ? sum : lengthOf(d, w), 0, 0, 0};
        }
        if (f == "cross") {
            const Vector a = eval(*n.children[0], env), b = eval(*n.children[1], env);
            return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0],
                    0};
        }
        if (f == "normalize") {
            const Vector a = eval(*n.children[0], env);
            const double length = lengthOf(a, n.width);
            near(length / 10);
            Vector out{};
            for (int c = 0; c < n.width; ++c) // lrt's normalize(0) is 0 (docs/decisions.md)
                out[static_cast<std::size_t>(c)] =
                    length > 0 ? a[static_cast<std::size_t>(c)] / length : 0.0;
            return out;
        }
        if (f == "reflect") { // i - 2 dot(n, i) n
            const Vector i = eval(*n.children[0], env), nn = eval(*n.children[1], env);
            double d = 0;
            for (int c = 0; c < n.width; ++c)
                d += nn[static_cast<std::size_t>(c)] * i[static_cast<std::size_t>(c)];
            Vector out{};
            for (int c = 0; c < n.width; ++c)
                out[static_cast<std::size_t>(c)] =
                    i[static_cast<std::size_t>(c)] - nn[static_cast<std::size_t>(c)] * (2 * d);
            return out;
        }
        return componentwise(n, env, [&](const std::vector<double>& a) -> double {
            const double x = a[0];
            if (f == "neg")
                return -x;
            if (f == "abs")
                return std::fabs(x);
            if (f == "sin")
                return std::sin(x);
            if (f == "cos")
                return std::cos(x);
            if (f == "floor" || f == "frac") {
                near(x - std::round(x));
                return f == "floor" ? std::floor(x) : x - std::floor(x);
            }
            if (f == "saturate")
                return std::clamp(x, 0.0, 1.0);
            if (f == "sqrt") {
                near(x * 10);
                return std::sqrt(std::fabs(x));
            }
            if (f == "min")
                return a[1] < x ? a[1] : x;
            if (f == "max")
                return a[1] > x ? a[1] : x;
            if (f == "step") {
                near(a[1] - x);
                return a[1] >= x ? 1.0 : 0.0;
            }
            if (f == "lerp")
                return x + (a[1] - x) * a[2];
            if (f == "clamp") {
                const double low = a[1] > x ? a[1] : x; // max(x, lo)
                return a[2] < low ? a[2] : low;         // min(., hi)
            }
            if (f == "log2")
                return std::log2(std::fabs(x) + 0.5);
            if (f == "exp2")
                return std::exp2(std::clamp(x, -8.0, 8.0));
            if (f == "pow")
                return std::pow(std::fabs(x) + 0.5, std::clamp(a[1], -3.0, 3.0));
            return NAN;
        });
    }
};

RandomProgram::RandomProgram(const ProgramShape& shape, std::uint64_t seed)
    : impl_(std::make_unique<Impl>()) {
    Impl& p = *impl_;
    p.shape = shape;
    p.random.seed(seed);
    p.variableWidth = p.anyWidth();
    p.initial = p.expression(p.variableWidth, 3);
    p.variableDefined = true;
    p.compareLeft = p.expression(1, 2);
    p.compareRight = p.expression(1, 2);
    p.thenValue = p.expression(p.variableWidth, 3);
    for (int c = 0; c < p.variableWidth; ++c)
        if (p.chance(0.5) || (c == p.variableWidth - 1 && p.elseMask.empty()))
            p.elseMask.push_back(c);
    if (shape.tlSubset && p.elseMask.size() == 2) // T writes one component, or all three
        p.elseMask = {0, 1, 2};
    p.elseValue = p.expression(static_cast<int>(p.elseMask.size()), 3);
    p.loopCount = p.uniform(1, 3);
    p.counterDefined = true;
    p.loopStep = p.expression(p.variableWidth, 2);
    p.counterDefined = false;
    p.result = p.expression(shape.resultWidth, 3);
}

ProgramShape slProgramShape(bool tlSubset, std::uint64_t seed) {
    ProgramShape shape;
    shape.vectorInputs = {"N", "L", "V", "P", "Pw", "uv", "ds", "dt"};
    shape.scalarInputs = {"Kd", "Ks", "Kr", "Kt", "Ka"};
    shape.inputWidth = 3;
    shape.resultWidth = seed % 2 && !tlSubset ? 4 : 3;
    shape.resultSemantic = "COLOR";
    shape.allowLog = false;
    shape.tlSubset = tlSubset;
    return shape;
}

RandomProgram::~RandomProgram() = default;
RandomProgram::RandomProgram(RandomProgram&&) noexcept = default;

std::string RandomProgram::source() const {
    const Impl& p = *impl_;
    std::string parameters;
    for (std::size_t i = 0; i < p.shape.vectorInputs.size(); ++i)
        parameters += fmt::format("{}{} in{} : {}", parameters.empty() ? "" : ", ",
                                  typeName(p.shape.inputWidth), i, p.shape.vectorInputs[i]);
    for (std::size_t i = 0; i < p.shape.scalarInputs.size(); ++i)
        parameters += fmt::format(", float s{} : {}", i, p.shape.scalarInputs[i]);
    std::string mask;
    for (const int c : p.elseMask)
        mask += kComponents[c];
    return fmt::format(
        "{} main({}) : {}\n{{\n"
        "    {} a = {};\n"
        "    if ({} < {}) {{\n        a = {};\n    }} else {{\n        a.{} = {};\n    }}\n"
        "    for (int i = 0; i < {}; i++)\n        a = a * 0.5 + {};\n"
        "    return {};\n}}\n",
        typeName(p.shape.resultWidth), parameters, p.shape.resultSemantic,
        typeName(p.variableWidth), p.print(*p.initial), p.print(*p.compareLeft),
        p.print(*p.compareRight), p.print(*p.thenValue), mask, p.print(*p.elseValue), p.loopCount,
        p.print(*p.loopStep), p.print(*p.result));
}

std::string RandomProgram::tlSource() const {
    const Impl& p = *impl_;
    std::string mask;
    for (const int c : p.elseMask)
        mask += kComponents[c];
    const std::string elseTarget =
        p.elseMask.size() == 3 || p.variableWidth == 1 ? "a" : "a." + mask;
    return fmt::format("vector a = {};\n"
                       "if ({} < {}) {{\n    a = {};\n}} else {{\n    {} = {};\n}}\n"
                       "vector i;\n"
                       "for (i.x = 0; i.x < {}; i.x++) {{\n    a = a * 0.5 + {};\n}}\n"
                       "v0 = {};\n",
                       p.printTl(*p.initial), p.printTl(*p.compareLeft), p.printTl(*p.compareRight),
                       p.printTl(*p.thenValue), elseTarget, p.printTl(*p.elseValue), p.loopCount,
                       p.printTl(*p.loopStep), p.printTl(*p.result));
}

Evaluation RandomProgram::evaluate(const std::vector<Vector>& vectorValues,
                                   const std::vector<double>& scalarValues) const {
    const Impl& p = *impl_;
    Evaluation result;
    Environment env{&vectorValues, &scalarValues, {}, 0, &result};
    const auto widen = [](const Vector& v, int from, int to) {
        Vector out = v;
        if (from == 1)
            for (int c = 1; c < to; ++c)
                out[static_cast<std::size_t>(c)] = v[0];
        return out;
    };
    env.variable = widen(p.eval(*p.initial, env), p.initial->width, p.variableWidth);
    const double left = p.eval(*p.compareLeft, env)[0];
    const double right = p.eval(*p.compareRight, env)[0];
    result.margin = std::min(result.margin, std::fabs(left - right));
    if (left < right) {
        env.variable = widen(p.eval(*p.thenValue, env), p.thenValue->width, p.variableWidth);
    } else {
        const Vector value = widen(p.eval(*p.elseValue, env), p.elseValue->width,
                                   static_cast<int>(p.elseMask.size()));
        for (std::size_t k = 0; k < p.elseMask.size(); ++k)
            env.variable[static_cast<std::size_t>(p.elseMask[k])] = value[k];
    }
    for (int i = 0; i < p.loopCount; ++i) {
        env.counter = i;
        const Vector step = widen(p.eval(*p.loopStep, env), p.loopStep->width, p.variableWidth);
        for (int c = 0; c < p.variableWidth; ++c)
            env.variable[static_cast<std::size_t>(c)] =
                env.variable[static_cast<std::size_t>(c)] * 0.5 + step[static_cast<std::size_t>(c)];
    }
    result.value = widen(p.eval(*p.result, env), p.result->width, p.shape.resultWidth);
    return result;
}

} // namespace compiler::testing
