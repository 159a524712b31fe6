// The shared transform statements' meaning and checks.
#include "renderer/parser/transform_statements.h"

#include "renderer/core/scene_error.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace lrt {

namespace {

struct TransformStatement {
    std::string_view name;
    std::size_t numbers;
};

constexpr std::array<TransformStatement, 7> kStatements = {{{"Identity", 0},
                                                            {"Translate", 3},
                                                            {"Scale", 3},
                                                            {"Rotate", 4},
                                                            {"LookAt", 9},
                                                            {"Transform", 16},
                                                            {"ConcatTransform", 16}}};

Vec3 vec3(const std::vector<double>& n, std::size_t first) {
    return {static_cast<float>(n[first]), static_cast<float>(n[first + 1]),
            static_cast<float>(n[first + 2])};
}

// RenderMan's matrices are row-major for row vectors (translation in the last row): transposed
// into lrt's column-vector matrix.
Matrix4 ribMatrix(const std::vector<double>& n) {
    Matrix4 m{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            m[j][i] = static_cast<float>(n[static_cast<std::size_t>(i * 4 + j)]);
    return m;
}

// What the statement multiplies the current transform by (or replaces it with); nullopt when
// that is singular.
std::optional<Transform> statementTransform(const Statement& s, const std::vector<double>& n) {
    const std::string_view name = s.name;
    if (name == "Identity")
        return Transform();
    if (name == "Translate")
        return Transform::translate(vec3(n, 0));
    if (name == "Scale") {
        if (n[0] == 0 || n[1] == 0 || n[2] == 0)
            throw SceneError(s.where, "Scale by zero gives a singular transform");
        const Vec3 v = vec3(n, 0);
        return Transform::scale(v.x, v.y, v.z);
    }
    if (name == "Rotate") {
        if (n[1] == 0 && n[2] == 0 && n[3] == 0)
            throw SceneError(s.where, "Rotate needs a non-zero axis");
        return Transform::rotate(static_cast<float>(n[0]), vec3(n, 1));
    }
    if (name == "LookAt")
        return Transform::lookAt(vec3(n, 0), vec3(n, 3), vec3(n, 6));
    return Transform::fromMatrix(ribMatrix(n)); // Transform, ConcatTransform
}

} // namespace

bool isTransformStatement(std::string_view name) {
    return std::ranges::find(kStatements, name, &TransformStatement::name) != kStatements.end();
}

std::size_t transformStatementNumbers(std::string_view name) {
    const auto found = std::ranges::find(kStatements, name, &TransformStatement::name);
    return found == kStatements.end() ? 0 : found->numbers;
}

Transform afterTransformStatement(const Statement& s, const std::vector<double>& n,
                                  const Transform& current) {
    if (n.size() != transformStatementNumbers(s.name))
        throw std::logic_error(fmt::format("{} read with {} numbers", s.name, n.size()));
    const std::optional<Transform> t = statementTransform(s, n);
    if (!t)
        throw SceneError(
            s.where, s.name == "Transform"
                         ? "Transform gives a singular (non-invertible) matrix"
                         : fmt::format("{} gives a singular (non-invertible) transform", s.name));
    // Identity and Transform replace the current transform; the others multiply it.
    const Transform result = s.name == "Identity" || s.name == "Transform" ? *t : current * *t;
    if (!result.isFinite())
        throw SceneError(s.where, fmt::format("{} makes the current transform overflow float (a "
                                              "matrix entry or one of its inverse's is not finite)",
                                              s.name));
    return result;
}

} // namespace lrt
