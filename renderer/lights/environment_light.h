// "infinite" with a "mapname": light arriving from every direction with the radiance of an image
// (times intensity * lightcolor), sampled in proportion to the image's luminance. A
// latitude-longitude image has, in the light's space, u = phi / 2pi with phi = atan2(y, x) and
// v = theta / pi with theta measured from +z (pbrt's convention); a square equal-area image is
// Clarberg's octahedral equal-area map of the sphere (pbrt-v4's). The light's transform orients
// it.
#pragma once

#include "renderer/core/transform.h"
#include "renderer/image/image_file.h"
#include "renderer/lights/light.h"
#include "renderer/sampling/distribution_2d.h"

namespace lrt {

// Clarberg's equal-area mapping between the unit square and the unit sphere ("Fast Equal-Area
// Mapping of the (Hemi)Sphere using SIMD", 2008), as pbrt-v4 lays out its environment maps.
Vec3 equalAreaSquareToSphere(Vec2 p);
Vec2 equalAreaSphereToSquare(Vec3 d);

class EnvironmentLight final : public Light {
public:
    enum class Mapping { LatLong, EqualArea };
    EnvironmentLight(Image map, Color scale, const Transform& lightToWorld,
                     Mapping mapping = Mapping::LatLong);
    std::optional<LightSample> sample(Vec3 p, Vec2 u) const override;
    bool isStratified() const override { return true; }
    bool isInfinite() const override { return true; }
    Color radiance(Vec3 direction) const override;
    float pdf(Vec3 direction) const override;
    SamplingWeight samplingWeight() const override;

private:
    Vec2 toMap(Vec3 worldDirection) const;
    // The light-space direction of map point uv, and the solid angle per unit of map area there.
    Vec3 fromMap(Vec2 uv) const;
    float solidAnglePerMapArea(Vec2 uv) const;
    Color texel(Vec2 uv) const;

    Image map_;
    Color scale_;
    Transform lightToWorld_;
    Mapping mapping_;
    Distribution2D distribution_;
    float meanLuminance_; // of the map over the sphere of directions
};

} // namespace lrt
