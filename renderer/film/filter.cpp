// Filter shapes as in pbrt (Gaussian alpha = 2, Mitchell-Netravali B = C = 1/3), separable.
#include "renderer/film/filter.h"

namespace lrt {

namespace {
constexpr float kGaussianAlpha = 2.0f;

float mitchell1(float x) {
    constexpr float B = 1.0f / 3.0f, C = 1.0f / 3.0f;
    x = std::fabs(2 * x);
    if (x > 1)
        return ((-B - 6 * C) * x * x * x + (6 * B + 30 * C) * x * x + (-12 * B - 48 * C) * x +
                (8 * B + 24 * C)) /
               6;
    return ((12 - 9 * B - 6 * C) * x * x * x + (-18 + 12 * B + 6 * C) * x * x + (6 - 2 * B)) / 6;
}
} // namespace

Filter::Filter(const std::string& name, float xWidth, float yWidth)
    : kind_(name == "box"        ? Kind::Box
            : name == "triangle" ? Kind::Triangle
            : name == "gaussian" ? Kind::Gaussian
                                 : Kind::Mitchell),
      radiusX_(xWidth / 2), radiusY_(yWidth / 2),
      gaussianEdgeX_(std::exp(-kGaussianAlpha * radiusX_ * radiusX_)),
      gaussianEdgeY_(std::exp(-kGaussianAlpha * radiusY_ * radiusY_)) {}

float Filter::evaluate1(float d, float radius, float gaussianEdge) const {
    // Half-open, so a sample on the edge between two pixels counts for one of them only.
    if (d < -radius || d >= radius)
        return 0;
    switch (kind_) {
    case Kind::Box:
        return 1;
    case Kind::Triangle:
        return radius - std::fabs(d);
    case Kind::Gaussian:
        return std::fmax(0.0f, std::exp(-kGaussianAlpha * d * d) - gaussianEdge);
    case Kind::Mitchell:
        return mitchell1(d / radius);
    }
    return 0;
}

float Filter::evaluate(float dx, float dy) const {
    return evaluate1(dx, radiusX_, gaussianEdgeX_) * evaluate1(dy, radiusY_, gaussianEdgeY_);
}

} // namespace lrt
