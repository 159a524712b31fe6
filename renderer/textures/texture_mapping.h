// How a 2-D texture finds its (s', t') at a point: pbrt-v4's mappings. "uv" takes the surface's
// texture coordinates; "spherical", "cylindrical" and "planar" compute them from the point in the
// texture's own space (the space current where the texture was defined). Every mapping then
// scales and offsets per axis: s' = uscale s + udelta, t' = vscale t + vdelta.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/transform.h"
#include "renderer/textures/texture.h"

#include <array>

namespace lrt {

// Texture coordinates and their change across one pixel.
struct TextureCoordinates {
    Vec2 st;
    float dsdx = 0, dtdx = 0, dsdy = 0, dtdy = 0;
};

class TextureMapping2D {
public:
    enum class Kind { Uv, Spherical, Cylindrical, Planar };
    struct Affine {
        float uscale = 1, vscale = 1, udelta = 0, vdelta = 0;
    };

    static TextureMapping2D uv(Affine affine) { return TextureMapping2D(Kind::Uv, affine); }
    // The mapping of a texture's parameters (kMapping2DParameters), in the texture space that
    // `worldToTexture` maps world points into.
    static TextureMapping2D of(const Parameters& p, const Transform& worldToTexture);

    TextureCoordinates map(const TextureContext& context) const;

private:
    TextureMapping2D(Kind kind, Affine affine) : kind_(kind), affine_(affine) {}
    TextureCoordinates unscaled(const TextureContext& context) const;

    Kind kind_;
    Affine affine_;
    Transform worldToTexture_;
    Vec3 v1_{1, 0, 0}, v2_{0, 1, 0}; // planar: s along v1, t along v2
};

inline constexpr std::array<ParameterSpec, 7> kMapping2DParameters{{
    {"mapping",
     ValueKind::String,
     "uv",
     {},
     "\"uv\" (the surface's s, t), \"spherical\", \"cylindrical\" or \"planar\" (of the point "
     "in texture space)",
     [] {
         return std::vector<std::string_view>{"uv", "spherical", "cylindrical", "planar"};
     }},
    {"uscale", ValueKind::Float, 1.0f, {}, "s' = uscale s + udelta"},
    {"vscale", ValueKind::Float, 1.0f, {}, "t' = vscale t + vdelta"},
    {"udelta", ValueKind::Float, 0.0f, {}, "added to s after scaling"},
    {"vdelta", ValueKind::Float, 0.0f, {}, "added to t after scaling"},
    {"v1", ValueKind::Point, Vec3{1, 0, 0}, {}, "planar: s is the point's component along v1"},
    {"v2", ValueKind::Point, Vec3{0, 1, 0}, {}, "planar: t is the point's component along v2"},
}};

// A point in texture space with its change across one pixel (pbrt-v4's 3-D mapping).
struct TexturePoint {
    Vec3 p, dpdx, dpdy;
};
inline TexturePoint mapPoint(const Transform& worldToTexture, const TextureContext& c) {
    return {worldToTexture.point(c.p), worldToTexture.vector(c.dpdx),
            worldToTexture.vector(c.dpdy)};
}

} // namespace lrt
