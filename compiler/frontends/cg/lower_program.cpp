// The lowering's outer layer: struct and global declarations, the entry function's parameters
// bound by semantic to the target's registers, uniforms (folded or given constant registers), and
// the outputs written when the entry function ends.
#include "compiler/frontends/cg/lowering.h"
#include "compiler/ir/optimize.h"
#include "slvm/common/suggestion.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

namespace compiler::cg {

namespace {

// Semantics a vertex binding fills with tracked state rather than a uniform's value.
constexpr std::string_view kTrackedSemantics[] = {
    "OBJECTTOWORLD",  "WORLDTOOBJECT",  "WORLDTOCAMERA", "CAMERATOWORLD",
    "OBJECTTOCAMERA", "CAMERATOOBJECT", "FRAME"};

bool isTracked(const std::string& semantic) {
    std::string upper = semantic;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return std::toupper(c); });
    return std::find(std::begin(kTrackedSemantics), std::end(kTrackedSemantics), upper) !=
           std::end(kTrackedSemantics);
}

// How many constant registers a uniform of this type fills: a row per register.
int slotCount(const CgType& type) {
    switch (type.kind) {
    case CgType::Kind::Matrix:
        return type.rows;
    case CgType::Kind::Array:
        return type.length * slotCount(*type.element);
    case CgType::Kind::Struct: {
        int count = 0;
        for (const auto& member : type.structType->members)
            count += slotCount(member.type);
        return count;
    }
    default:
        return 1;
    }
}

} // namespace

Lowering::Lowering(const TranslationUnit& unit, const Target& target, const LowerOptions& options,
                   std::vector<slvm::Diagnostic>& errors)
    : unit_(unit), target_(target), options_(options), errors_(errors), builder_(program_.function),
      slots_(program_.uniformSlots) {}

void Lowering::report(const CompileError& error) {
    if (!error.message.empty())
        errors_.emplace_back(slvm::Severity::Error, error.where, error.message);
}

void Lowering::poison(const std::string& name, const slvm::SourceLocation& where) {
    Variable variable;
    variable.declared = where;
    variable.poisoned = true;
    state_.back().variables[name] = std::move(variable);
}

CgType Lowering::resolveType(const TypeName& name) {
    std::optional<CgType> type = builtInType(name.name);
    if (!type) {
        const auto it = structs_.find(name.name);
        if (it == structs_.end())
            fail(name.where, fmt::format("unknown type '{}'", name.name));
        type = CgType{};
        type->kind = CgType::Kind::Struct;
        type->structType = &it->second;
    }
    for (auto size = name.arraySizes.rbegin(); size != name.arraySizes.rend(); ++size)
        type = arrayType(*type, *size);
    return *type;
}

Value Lowering::zero(const CgType& type) {
    Value value{type};
    switch (type.kind) {
    case CgType::Kind::Scalar:
    case CgType::Kind::Vector:
        value.id = builder_.constant({0, 0, 0, 0}, type.width());
        if (type.scalar == ir::Scalar::Bool)
            value.id = builder_.binary(ir::Op::Ne, value.id, builder_.constant(0.0f));
        break;
    case CgType::Kind::Matrix:
        for (int r = 0; r < type.rows; ++r)
            value.parts.push_back(zero(vectorType(ir::Scalar::Float, type.columns)));
        break;
    case CgType::Kind::Struct:
        for (const auto& member : type.structType->members)
            value.parts.push_back(zero(member.type));
        break;
    case CgType::Kind::Array:
        for (int i = 0; i < type.length; ++i)
            value.parts.push_back(zero(*type.element));
        break;
    default:
        break;
    }
    return value;
}

bool Lowering::isConstant(const Value& value) const {
    if (value.id != ir::kNoValue)
        return program_.function[value.id].op == ir::Op::Constant;
    return std::all_of(value.parts.begin(), value.parts.end(),
                       [this](const Value& part) { return isConstant(part); });
}

Value Lowering::bindVarying(const CgType& type, const std::string& givenSemantic,
                            const slvm::SourceLocation& where, const std::string& what) {
    if (type.kind == CgType::Kind::Struct) {
        Value value{type};
        for (const auto& member : type.structType->members)
            value.parts.push_back(bindVarying(member.type, member.semantic, member.where,
                                              fmt::format("member '{}' of {}", member.name, what)));
        return value;
    }
    const auto known = target_.semantics(Direction::In);
    const std::string semantic =
        givenSemantic.empty() ? std::string(target_.defaultInputSemantic()) : givenSemantic;
    if (semantic.empty())
        fail(where,
             fmt::format("{} needs a semantic to say which register it reads (profile {} has "
                         "{})",
                         what, target_.name(), fmt::join(known, " ")));
    const auto binding = target_.bind(semantic, Direction::In);
    if (!binding)
        fail(where, fmt::format("unknown input semantic '{}' in profile {}{}", semantic,
                                target_.name(), slvm::didYouMean(semantic, known)));
    if (type.kind == CgType::Kind::Sampler) {
        if (!binding->sampler)
            fail(where,
                 fmt::format("{} is a sampler2D: its semantic must be a texture unit (t0-t7), "
                             "not '{}'",
                             what, semantic));
        Value value{type};
        value.unit = binding->unit;
        return value;
    }
    if (binding->sampler && binding->width == 0)
        fail(where, fmt::format("semantic '{}' is a texture unit: declare {} as sampler2D",
                                semantic, what));
    if (!type.isScalarOrVector() || type.scalar != ir::Scalar::Float)
        fail(where, fmt::format("{} has type {}: a varying input must be float, or a float vector",
                                what, typeName(type)));
    if (type.width() > binding->width)
        fail(where, fmt::format("{} has {} components, but {} holds only {}", what, type.width(),
                                semantic, binding->width));
    std::vector<int> components;
    for (int c = 0; c < type.width(); ++c)
        components.push_back(c);
    const ir::ValueId input = builder_.input(binding->name, ir::floatType(binding->width));
    Value value{type};
    value.id = builder_.swizzle(input, components);
    return value;
}

void Lowering::bindOutputs(const Value& value, const std::string& semantic,
                           const slvm::SourceLocation& where, const std::string& what) {
    if (value.type.kind == CgType::Kind::Struct) {
        const auto& members = value.type.structType->members;
        for (std::size_t i = 0; i < members.size(); ++i)
            bindOutputs(value.parts[i], members[i].semantic, members[i].where,
                        fmt::format("member '{}' of {}", members[i].name, what));
        return;
    }
    const auto known = target_.semantics(Direction::Out);
    if (semantic.empty())
        fail(where,
             fmt::format("{} needs a semantic to say which register it writes (profile {} has "
                         "{})",
                         what, target_.name(), fmt::join(known, " ")));
    const auto binding = target_.bind(semantic, Direction::Out);
    if (!binding && target_.bind(semantic, Direction::In))
        fail(where, fmt::format("{} cannot write '{}': it is an input of profile {} (outputs: {})",
                                what, semantic, target_.name(), fmt::join(known, " ")));
    if (!binding)
        fail(where, fmt::format("unknown output semantic '{}' in profile {}{}", semantic,
                                target_.name(), slvm::didYouMean(semantic, known)));
    if (!value.type.isScalarOrVector())
        fail(where, fmt::format("{} has type {}: an output must be a scalar or a vector", what,
                                typeName(value.type)));
    if (value.type.width() > binding->width)
        fail(where, fmt::format("{} has {} components, but {} holds only {}", what,
                                value.type.width(), semantic, binding->width));
    const Value asFloat =
        convert(value, vectorType(ir::Scalar::Float, value.type.width()), where, true);
    builder_.setLocation(where);
    builder_.output(binding->name, asFloat.id);
}

Value Lowering::bindUniform(const Declarator& declarator, const CgType& type) {
    boundUniforms_.insert(declarator.name);
    const auto set = options_.uniformValues.find(declarator.name);
    // The value it starts with: --set or the Surface statement, else its initialiser.
    std::optional<Value> initial;
    if (set != options_.uniformValues.end()) {
        if (!type.isScalarOrVector() && type.kind != CgType::Kind::Matrix)
            fail(declarator.where,
                 fmt::format("uniform '{}' has type {}: only numbers, vectors and "
                             "matrices can be set by name",
                             declarator.name, typeName(type)));
        const int count =
            type.kind == CgType::Kind::Matrix ? type.rows * type.columns : type.width();
        if (static_cast<int>(set->second.size()) != count && set->second.size() != 1)
            fail(declarator.where,
                 fmt::format("uniform '{}' ({}) is set to {} values: give {}", declarator.name,
                             typeName(type), set->second.size(),
                             count == 1 ? std::string("1") : fmt::format("1 or {}", count)));
        std::vector<Value> scalars;
        for (int i = 0; i < count; ++i)
            scalars.push_back(scalarValue(builder_.constant(
                set->second[set->second.size() == 1 ? 0 : static_cast<std::size_t>(i)])));
        initial = construct(type, scalars, declarator.where);
    } else if (declarator.initializer) {
        initial = convert(expression(*declarator.initializer), type, declarator.initializer->where,
                          false);
    }
    if (target_.constantRegisters() == 0) {
        // Folded: the program is specialised to the value.
        if (!declarator.semantic.empty())
            fail(declarator.semanticWhere,
                 fmt::format(
                     "uniform '{}' has semantic '{}', but profile {} folds uniforms into the "
                     "program: they bind to no register",
                     declarator.name, declarator.semantic, target_.name()));
        if (!initial)
            fail(declarator.where,
                 fmt::format("uniform '{}' has no value: give it an initialiser, or a value in the "
                             "Surface statement (or --set {}=...)",
                             declarator.name, declarator.name));
        return *initial;
    }
    // A vertex target: the uniform lives in constant registers the binding fills.
    int first = nextSlot_;
    std::string tracked;
    const std::string& semantic = declarator.semantic;
    const bool pinned = semantic.size() >= 2 && semantic.size() <= 4 &&
                        (semantic[0] == 'c' || semantic[0] == 'C') &&
                        semantic.find_first_not_of("0123456789", 1) == std::string::npos;
    if (pinned) {
        first = std::stoi(semantic.substr(1));
    } else if (!declarator.semantic.empty()) {
        if (!isTracked(declarator.semantic))
            fail(declarator.semanticWhere,
                 fmt::format(
                     "unknown uniform semantic '{}': pin a register with C12 or register(c12), or "
                     "use a tracked value ({})",
                     declarator.semantic, fmt::join(kTrackedSemantics, " ")));
        tracked = declarator.semantic;
        std::transform(tracked.begin(), tracked.end(), tracked.begin(),
                       [](unsigned char c) { return std::toupper(c); });
        if (tracked != "FRAME")
            first = (first + 3) / 4 * 4; // tracked matrices start at a multiple of four
    }
    const int count = slotCount(type);
    if (first < 0 || first + count > target_.constantRegisters())
        fail(declarator.where,
             fmt::format("uniform '{}' needs c[{}]..c[{}], beyond the {} constant "
                         "registers of profile {}",
                         declarator.name, first, first + count - 1, target_.constantRegisters(),
                         target_.name()));
    for (const ConstantSlot& slot : slots_)
        if (slot.index >= first && slot.index < first + count)
            fail(declarator.where, fmt::format("uniform '{}' would share c[{}] with '{}'",
                                               declarator.name, slot.index, slot.name));
    nextSlot_ = std::max(nextSlot_, first + count);
    // One slot per row (vector, matrix row, array element), each read as an Input.
    int slot = first;
    std::function<Value(const CgType&, const Value*)> load = [&](const CgType& part,
                                                                 const Value* start) {
        Value value{part};
        value.uniformSlot = slot;
        if (part.isScalarOrVector()) {
            ConstantSlot info{slot, declarator.name, tracked, slot - first, {}};
            if (start && start->id != ir::kNoValue &&
                builder_.function()[start->id].op == ir::Op::Constant)
                info.value = builder_.function()[start->id].constant;
            slots_.push_back(info);
            std::vector<int> components;
            for (int c = 0; c < part.width(); ++c)
                components.push_back(c);
            value.id = builder_.swizzle(
                builder_.input(fmt::format("c[{}]", slot++), ir::floatType(4)), components);
            if (part.scalar == ir::Scalar::Bool)
                value.id = builder_.binary(ir::Op::Ne, value.id, builder_.constant(0.0f));
            return value;
        }
        const std::size_t parts =
            part.kind == CgType::Kind::Matrix  ? static_cast<std::size_t>(part.rows)
            : part.kind == CgType::Kind::Array ? static_cast<std::size_t>(part.length)
                                               : part.structType->members.size();
        for (std::size_t i = 0; i < parts; ++i) {
            const CgType inner =
                part.kind == CgType::Kind::Matrix  ? vectorType(ir::Scalar::Float, part.columns)
                : part.kind == CgType::Kind::Array ? *part.element
                                                   : part.structType->members[i].type;
            value.parts.push_back(load(inner, start ? &start->parts[i] : nullptr));
        }
        return value;
    };
    if (initial && !isConstant(*initial))
        fail(declarator.initializer->where,
             fmt::format("the initialiser of uniform '{}' must be a constant", declarator.name));
    return load(type, initial ? &*initial : nullptr);
}

void Lowering::bindEntry(const FunctionDecl& entry) {
    struct Out {
        std::string name, semantic;
        slvm::SourceLocation where;
    };
    std::vector<Out> outs;
    for (const Declarator& parameter : entry.parameters) {
        try {
            const CgType type = resolveType(parameter.type);
            const std::string what = fmt::format("parameter '{}'", parameter.name);
            Variable variable{{}, false, parameter.where};
            if (parameter.qualifiers.isUniform && type.kind != CgType::Kind::Sampler)
                variable.value = bindUniform(parameter, type);
            else if (parameter.qualifiers.out && !parameter.qualifiers.in)
                variable.value = zero(type);
            else
                variable.value = bindVarying(
                    type, parameter.semantic,
                    parameter.semanticWhere.line ? parameter.semanticWhere : parameter.where, what);
            if (parameter.qualifiers.out) {
                if (type.kind != CgType::Kind::Struct &&
                    !target_.bind(parameter.semantic, Direction::Out))
                    bindOutputs(zero(type), parameter.semantic, parameter.where, what); // reports
                outs.push_back({parameter.name, parameter.semantic, parameter.where});
            }
            state_.back().variables[parameter.name] = std::move(variable);
        } catch (const CompileError& error) {
            report(error);
            poison(parameter.name, parameter.where);
        }
    }
    const CgType returnType = resolveType(entry.returnType);
    state_.back().variables[kResult] = {zero(returnType), false, entry.where};
    state_.back().variables[kReturned] = {scalarValue(builder_.constant(0.0f), ir::Scalar::Bool),
                                          false, entry.where};
    if (entry.body)
        statements(entry.body->body, 0);
    try {
        if (returnType.kind != CgType::Kind::Void) {
            const std::string semantic = entry.semantic.empty()
                                             ? std::string(target_.defaultResultSemantic())
                                             : entry.semantic;
            bindOutputs(lookup(kResult)->value, semantic,
                        entry.semanticWhere.line ? entry.semanticWhere : entry.where, "the result");
        }
        for (const Out& out : outs)
            bindOutputs(lookup(out.name)->value, out.semantic, out.where,
                        fmt::format("parameter '{}'", out.name));
    } catch (const CompileError& error) {
        report(error);
    }
}

LoweredProgram Lowering::run() {
    for (const StructDecl& decl : unit_.structs) {
        StructType& type = structs_[decl.name];
        type.name = decl.name;
        for (const Declarator& member : decl.members) {
            try {
                type.members.push_back(
                    {member.name, resolveType(member.type), member.semantic, member.where});
            } catch (const CompileError& error) {
                report(error);
            }
        }
    }
    const FunctionDecl* entry = nullptr;
    std::vector<std::string_view> names;
    for (const FunctionDecl& function : unit_.functions) {
        names.push_back(function.name);
        if (function.name == options_.entry && function.body)
            entry = &function;
    }
    if (!entry) {
        errors_.emplace_back(slvm::Severity::Error,
                             slvm::SourceLocation{unit_.functions.empty()
                                                      ? std::string_view{}
                                                      : unit_.functions[0].where.file},
                             fmt::format("no entry function '{}' in the program{}", options_.entry,
                                         slvm::didYouMean(options_.entry, names)));
        return std::move(program_);
    }
    state_.push_back({});
    for (const Declarator& global : unit_.globals) {
        try {
            builder_.setLocation(global.where);
            const CgType type = resolveType(global.type);
            const bool isUniform = !global.qualifiers.isStatic && !global.qualifiers.isConst;
            Variable variable{{}, global.qualifiers.isConst, global.where};
            if (type.kind == CgType::Kind::Sampler)
                variable.value = bindVarying(type, global.semantic, global.where,
                                             fmt::format("sampler '{}'", global.name));
            else if (isUniform || global.qualifiers.isUniform)
                variable.value = bindUniform(global, type);
            else if (global.initializer)
                variable.value =
                    convert(expression(*global.initializer), type, global.where, false);
            else if (global.qualifiers.isConst)
                fail(global.where, fmt::format("const '{}' needs an initialiser", global.name));
            else
                variable.value = zero(type);
            state_.back().variables[global.name] = std::move(variable);
        } catch (const CompileError& error) {
            report(error);
            poison(global.name, global.where);
        }
    }
    callStack_.push_back(entry->name);
    state_.push_back({{}, true});
    builder_.setLocation(entry->where);
    bindEntry(*entry);
    // A value given for a uniform the program does not have is a mistake worth naming.
    std::vector<std::string_view> uniforms(boundUniforms_.begin(), boundUniforms_.end());
    for (const auto& [name, value] : options_.uniformValues)
        if (!boundUniforms_.count(name))
            errors_.emplace_back(
                slvm::Severity::Error, entry->where,
                fmt::format("a value is given for '{}', but the program has no uniform of that "
                            "name{}",
                            name,
                            uniforms.empty() ? std::string(" (it has no uniforms)")
                                             : slvm::didYouMean(name, uniforms)));
    return std::move(program_);
}

LoweredProgram lower(const TranslationUnit& unit, const Target& target, const LowerOptions& options,
                     std::vector<slvm::Diagnostic>& errors) {
    return Lowering(unit, target, options, errors).run();
}

} // namespace compiler::cg
