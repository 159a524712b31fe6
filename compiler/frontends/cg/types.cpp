// Cg type names and equality.
#include "compiler/frontends/cg/types.h"

#include <fmt/format.h>
#include <regex>

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

std::optional<CgType> builtInType(const std::string& name) {
    static const std::regex pattern(R"((float|half|fixed|int|bool)(([1-4])(x([1-4]))?)?)");
    if (name == "void")
        return CgType{};
    if (name == "sampler2D" || name == "sampler") {
        CgType sampler;
        sampler.kind = CgType::Kind::Sampler;
        return sampler;
    }
    std::smatch match;
    if (!std::regex_match(name, match, pattern))
        return std::nullopt;
    const bool isBool = match[1] == "bool";
    const bool isInt = match[1] == "int";
    const ir::Scalar scalar = isBool ? ir::Scalar::Bool : ir::Scalar::Float;
    if (!match[2].matched)
        return scalarType(scalar, isInt);
    const int first = std::stoi(match[3]);
    if (!match[4].matched) {
        CgType vector = scalarType(scalar, isInt);
        vector.kind = CgType::Kind::Vector; // float1 is a one-component vector
        vector.columns = first;
        if (first == 1)
            vector.kind = CgType::Kind::Scalar;
        return vector;
    }
    if (isBool || isInt)
        return std::nullopt; // only float matrices are supported
    return matrixType(first, std::stoi(match[5]));
}

} // namespace compiler::cg
