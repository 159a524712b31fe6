// "infinite" with a "mapname": light arriving from every direction with the radiance of a
// latitude-longitude image (times intensity * lightcolor), sampled in proportion to the image's
// luminance. In the light's space, image u = phi / 2pi with phi = atan2(y, x), v = theta / pi with
// theta measured from +z (pbrt's convention); the light's transform orients it.
#pragma once

#include "renderer/core/transform.h"
#include "renderer/image/image_file.h"
#include "renderer/lights/light.h"
#include "renderer/sampling/distribution_2d.h"

namespace lrt {

class EnvironmentLight final : public Light {
public:
    EnvironmentLight(Image map, Color scale, const Transform& lightToWorld);
    std::optional<LightSample> sample(Vec3 p, Vec2 u) const override;
    bool isStratified() const override { return true; }
    bool isInfinite() const override { return true; }
    Color radiance(Vec3 direction) const override;
    float pdf(Vec3 direction) const override;

private:
    Vec2 toMap(Vec3 worldDirection) const;
    Color texel(Vec2 uv) const;

    Image map_;
    Color scale_;
    Transform lightToWorld_;
    Distribution2D distribution_;
};

} // namespace lrt
