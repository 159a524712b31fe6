// "arealight": radiance intensity * lightcolor leaving the surfaces of the shapes that follow it,
// from their front side (Sides 1) or both sides (Sides 2). Sampled by area over all of them.
#pragma once

#include "renderer/core/transform.h"
#include "renderer/lights/light.h"
#include "renderer/lights/light_registry.h"
#include "renderer/shapes/shape.h"

#include <vector>

namespace lrt {

class AreaLight final : public Light {
public:
    // Its parameters and create() are in the .cpp file, with its registry entry.
    static const LightEntry registryEntry;
    explicit AreaLight(Color radiance) : radiance_(radiance) {}
    void addShape(const Shape* shape) { shapes_.push_back(shape); }

    std::optional<LightSample> sample(Vec3 p, Vec2 u) const override;
    bool isStratified() const override { return true; }
    // Radiance leaving a point of one of its shapes towards a viewer on side `front`.
    Color emitted(bool front, bool twoSided) const {
        return front || twoSided ? radiance_ : Color{};
    }
    // The solid-angle density, as seen from p, with which sample() picks the point q with unit
    // normal `normal` on `shape` (object-space geometry g of primitive `primitive`).
    float pdfAt(Vec3 p, Vec3 q, Vec3 normal, const Shape& shape, unsigned primitive,
                const LocalGeometry& g) const;

private:
    Color radiance_;
    std::vector<const Shape*> shapes_;
};

} // namespace lrt
