// "arealight": radiance intensity * lightcolor leaving the surfaces of the shapes that follow it,
// from their front side (Sides 1) or both sides (Sides 2). Sampled by area over all of them.
#pragma once

#include "renderer/lights/light.h"
#include "renderer/shapes/shape.h"

#include <vector>

namespace lrt {

class AreaLight final : public Light {
public:
    explicit AreaLight(Color radiance) : radiance_(radiance) {}
    void addShape(const Shape* shape) { shapes_.push_back(shape); }
    bool hasShapes() const { return !shapes_.empty(); }

    std::optional<LightSample> sample(Vec3 p, Vec2 u) const override;
    bool isArea() const override { return true; }
    // Radiance leaving a point of one of its shapes towards a viewer on side `front`.
    Color emitted(bool front, bool twoSided) const {
        return front || twoSided ? radiance_ : Color{};
    }

private:
    Color radiance_;
    std::vector<const Shape*> shapes_;
};

} // namespace lrt
