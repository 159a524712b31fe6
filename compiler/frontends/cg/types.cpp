// Cg type names and equality.
#include "compiler/frontends/cg/types.h"

#include <fmt/format.h>

namespace compiler::cg {

bool CgType::operator==(const CgType& other) const {
    if (kind != other.kind)
        return false;
    switch (kind) {
    case Kind::Scalar:
    case Kind::Vector:
        return scalar == other.scalar && columns == other.columns && isInt == other.isInt;
    case Kind::Matrix:
        return rows == other.rows && columns == other.columns;
    case Kind::Struct:
        return structType == other.structType;
    case Kind::Array:
        return length == other.length && *element == *other.element;
    default:
        return true;
    }
}

CgType scalarType(ir::Scalar scalar, bool isInt) {
    CgType type;
    type.kind = CgType::Kind::Scalar;
    type.scalar = scalar;
    type.isInt = isInt;
    return type;
}

CgType vectorType(ir::Scalar scalar, int size, bool isInt) {
    CgType type = scalarType(scalar, isInt);
    if (size > 1) {
        type.kind = CgType::Kind::Vector;
        type.columns = size;
    }
    return type;
}

CgType matrixType(int rows, int columns) {
    CgType type;
    type.kind = CgType::Kind::Matrix;
    type.rows = rows;
    type.columns = columns;
    return type;
}

CgType arrayType(const CgType& element, int length) {
    CgType type;
    type.kind = CgType::Kind::Array;
    type.element = std::make_shared<const CgType>(element);
    type.length = length;
    return type;
}

std::string typeName(const CgType& type) {
    const std::string base = type.scalar == ir::Scalar::Bool ? "bool"
                             : type.isInt                    ? "int"
                                                             : "float";
    switch (type.kind) {
    case CgType::Kind::Void:
        return "void";
    case CgType::Kind::Scalar:
        return base;
    case CgType::Kind::Vector:
        return fmt::format("{}{}", base, type.columns);
    case CgType::Kind::Matrix:
        return fmt::format("float{}x{}", type.rows, type.columns);
    case CgType::Kind::Struct:
        return "struct " + type.structType->name;
    case CgType::Kind::Array:
        return fmt::format("{}[{}]", typeName(*type.element), type.length);
    case CgType::Kind::Sampler:
        return "sampler2D";
    }
    return "?";
}

std::optional<TypeSpelling> parseTypeSpelling(std::string_view name) {
    // (float|half|fixed|int|bool)([1-4](x[1-4])?)? by hand: std::regex trips GCC 12's
    // -Wmaybe-uninitialized in the sanitizer build.
    for (const std::string_view base : {"float", "half", "fixed", "int", "bool"}) {
        if (!name.starts_with(base))
            continue;
        const std::string_view rest = name.substr(base.size());
        const auto digit = [](char c) { return c >= '1' && c <= '4'; };
        TypeSpelling spelling{std::string(base), 0, 0};
        if (rest.empty())
            return spelling;
        if (rest.size() == 1 && digit(rest[0]))
            return TypeSpelling{std::string(base), rest[0] - '0', 0};
        if (rest.size() == 3 && digit(rest[0]) && rest[1] == 'x' && digit(rest[2]))
            return TypeSpelling{std::string(base), rest[0] - '0', rest[2] - '0'};
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<CgType> builtInType(const std::string& name) {
    if (name == "void")
        return CgType{};
    if (name == "sampler2D" || name == "sampler") {
        CgType sampler;
        sampler.kind = CgType::Kind::Sampler;
        return sampler;
    }
    const std::optional<TypeSpelling> spelling = parseTypeSpelling(name);
    if (!spelling)
        return std::nullopt;
    const bool isBool = spelling->base == "bool";
    const bool isInt = spelling->base == "int";
    const ir::Scalar scalar = isBool ? ir::Scalar::Bool : ir::Scalar::Float;
    if (spelling->first == 0)
        return scalarType(scalar, isInt);
    const int first = spelling->first;
    if (spelling->second == 0) {
        CgType vector = scalarType(scalar, isInt);
        vector.kind = CgType::Kind::Vector; // float1 is a one-component vector
        vector.columns = first;
        if (first == 1)
            vector.kind = CgType::Kind::Scalar;
        return vector;
    }
    if (isBool || isInt)
        return std::nullopt; // only float matrices are supported
    return matrixType(first, spelling->second);
}

} // namespace compiler::cg
