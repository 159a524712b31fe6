#include "renderer/textures/texture_mapping.h"

#include <cmath>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// s and t of a point and their derivatives with respect to it, dotted with the pixel footprint.
TextureCoordinates withFootprint(Vec2 st, Vec3 dsdp, Vec3 dtdp, Vec3 dpdx, Vec3 dpdy) {
    return {st, dot(dsdp, dpdx), dot(dtdp, dpdx), dot(dsdp, dpdy), dot(dtdp, dpdy)};
}

} // namespace

TextureMapping2D TextureMapping2D::of(const Parameters& p, const Transform& worldToTexture) {
    const std::string kind = p.getString("mapping");
    TextureMapping2D m(
        kind == "spherical"     ? Kind::Spherical
        : kind == "cylindrical" ? Kind::Cylindrical
        : kind == "planar"      ? Kind::Planar
                                : Kind::Uv,
        {p.getFloat("uscale"), p.getFloat("vscale"), p.getFloat("udelta"), p.getFloat("vdelta")});
    m.worldToTexture_ = worldToTexture;
    m.v1_ = p.getPoint("v1");
    m.v2_ = p.getPoint("v2");
    return m;
}

TextureCoordinates TextureMapping2D::unscaled(const TextureContext& c) const {
    if (kind_ == Kind::Uv)
        return {c.st, c.dsdx, c.dtdx, c.dsdy, c.dtdy};
    const TexturePoint t = mapPoint(worldToTexture_, c);
    const Vec3 p = t.p;
    const float x2y2 = p.x * p.x + p.y * p.y;
    switch (kind_) {
    case Kind::Spherical: {
        // s = theta / pi from +z, t = phi / 2 pi (pbrt-v4's SphericalMapping)
        const float r = std::sqrt(x2y2), r2 = x2y2 + p.z * p.z;
        if (r2 == 0)
            return {};
        const float theta = std::acos(std::clamp(p.z / std::sqrt(r2), -1.0f, 1.0f));
        float phi = std::atan2(p.y, p.x);
        if (phi < 0)
            phi += 2 * kPi;
        if (r == 0)
            return {{theta / kPi, phi / (2 * kPi)}};
        const Vec3 dsdp = Vec3{p.x * p.z / r, p.y * p.z / r, -r} / (kPi * r2);
        const Vec3 dtdp = Vec3{-p.y, p.x, 0} / (2 * kPi * x2y2);
        return withFootprint({theta / kPi, phi / (2 * kPi)}, dsdp, dtdp, t.dpdx, t.dpdy);
    }
    case Kind::Cylindrical: {
        // s = (pi + atan2(y, x)) / 2 pi around z, t = z
        const Vec2 st{(kPi + std::atan2(p.y, p.x)) / (2 * kPi), p.z};
        if (x2y2 == 0)
            return {st};
        return withFootprint(st, Vec3{-p.y, p.x, 0} / (2 * kPi * x2y2), Vec3{0, 0, 1}, t.dpdx,
                             t.dpdy);
    }
    default: // Planar
        return withFootprint({dot(p, v1_), dot(p, v2_)}, v1_, v2_, t.dpdx, t.dpdy);
    }
}

TextureCoordinates TextureMapping2D::map(const TextureContext& context) const {
    const TextureCoordinates c = unscaled(context);
    const Affine& a = affine_;
    return {{a.uscale * c.st.x + a.udelta, a.vscale * c.st.y + a.vdelta},
            a.uscale * c.dsdx,
            a.vscale * c.dtdx,
            a.uscale * c.dsdy,
            a.vscale * c.dtdy};
}

} // namespace lrt
