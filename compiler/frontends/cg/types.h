// Cg's types as the semantic analysis sees them: scalars (float, half and fixed are all float;
// int is a float that truncates; bool), vectors, matrices, structs, arrays and samplers.
#pragma once

#include "compiler/frontends/cg/ast.h"
#include "compiler/ir/ir.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace compiler::cg {

struct StructType;

struct CgType {
    enum class Kind { Void, Scalar, Vector, Matrix, Struct, Array, Sampler };
    Kind kind = Kind::Void;
    ir::Scalar scalar = ir::Scalar::Float;
    bool isInt = false; // int: stored as float, truncated on conversion and division
    int rows = 1;       // Matrix
    int columns = 1;    // Vector: its size; Matrix: the row size
    const StructType* structType = nullptr;
    std::shared_ptr<const CgType> element; // Array
    int length = 0;                        // Array

    bool operator==(const CgType& other) const;
    bool isNumeric() const {
        return kind == Kind::Scalar || kind == Kind::Vector || kind == Kind::Matrix;
    }
    bool isScalarOrVector() const { return kind == Kind::Scalar || kind == Kind::Vector; }
    int width() const { return kind == Kind::Scalar ? 1 : columns; } // of a scalar or vector
    ir::Type irType() const { return {scalar, width()}; }
};

struct StructType {
    std::string name;
    struct Member {
        std::string name;
        CgType type;
        std::string semantic;
        slvm::SourceLocation where;
    };
    std::vector<Member> members;
};

CgType scalarType(ir::Scalar scalar, bool isInt = false);
CgType vectorType(ir::Scalar scalar, int size, bool isInt = false); // a scalar for size 1
CgType matrixType(int rows, int columns);
CgType arrayType(const CgType& element, int length);
std::string typeName(const CgType& type);

// A numeric type name taken apart: "half4x3" is {"half", 4, 3}, "int" {"int", 0, 0}.
struct TypeSpelling {
    std::string base;
    int first = 0;  // a vector's size or a matrix's rows; 0 for a scalar
    int second = 0; // a matrix's columns; 0 otherwise
};
std::optional<TypeSpelling> parseTypeSpelling(std::string_view name);

// The built-in type a name spells (float3, half4x4, bool, sampler2D), or nullopt.
std::optional<CgType> builtInType(const std::string& name);

} // namespace compiler::cg
