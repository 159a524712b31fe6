// Area light sampling: choose a shape uniformly, then a direction in the solid angle it subtends
// where the shape can (spheres, and triangles and rectangles of meshes seen from near them whose
// solid angle is neither tiny nor near a hemisphere), else a point on it by area: the estimate of
// Li dw is L / pdf_solid_angle / P(shape), or L |cos theta_light| / (d^2 pdf_area) / P(shape).
#include "renderer/lights/area_light.h"

#include "renderer/sampling/unit_interval.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    kIntensityParameter,
    lightColorParameter("radiance leaving the shapes"),
    {"twosided",
     Integer,
     {},
     kInteger.atLeast(0).atMost(1),
     "1 emits from both sides, 0 from the front only; without it, Sides decides"},
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext&) {
    return std::make_unique<AreaLight>(
        lightPower(p),
        p.has("twosided") ? std::optional<bool>(p.getInteger("twosided") == 1) : std::nullopt);
}

} // namespace

const LightEntry AreaLight::registryEntry{{"arealight", true, kParameters}, &create};

void AreaLight::addShape(const Shape* shape) {
    shapes_.push_back(shape);
    if (const TriangleMesh* mesh = shape->asTriangleMesh())
        pieces_.try_emplace(shape, *mesh);
}

const MeshLightPieces* AreaLight::piecesOf(const Shape& shape) const {
    const auto found = pieces_.find(&shape);
    return found == pieces_.end() ? nullptr : &found->second;
}

std::optional<LightSample> AreaLight::sample(Vec3 p, Vec2 u) const {
    if (shapes_.empty()) // declared with no shape after it, or every triangle was dropped
        return std::nullopt;
    const auto count = static_cast<float>(shapes_.size());
    const float scaled = u.x * count;
    const auto index = std::min(static_cast<std::size_t>(scaled), shapes_.size() - 1);
    const Vec2 remapped{std::clamp(scaled - static_cast<float>(index), 0.0f, kOneMinusEpsilon),
                        u.y};
    return sampleOne(*shapes_[index], -1, p, remapped, count);
}

std::optional<LightSample> AreaLight::samplePiece(const Shape& shape, int piece, Vec3 p,
                                                  Vec2 u) const {
    return sampleOne(shape, piece, p, u, 1.0f);
}

std::optional<LightSample> AreaLight::sampleOne(const Shape& shape, int piece, Vec3 p, Vec2 u,
                                                float pieces) const {
    // A mesh is sampled through its light pieces, one (piece >= 0) or all of them.
    if (const MeshLightPieces* mesh = piecesOf(shape)) {
        if (const auto cone = mesh->sampleCone(piece, p, u))
            return fromConeSample(p, *cone, shape, pieces);
        return fromAreaSample(p, mesh->sampleArea(piece, u), shape, pieces);
    }
    if (const auto cone = shape.sampleCone(p, u))
        return fromConeSample(p, *cone, shape, pieces);
    return fromAreaSample(p, shape.sampleArea(u), shape, pieces);
}

std::optional<LightSample> AreaLight::fromConeSample(Vec3 p, const AreaSample& s,
                                                     const Shape& shape, float pieces) const {
    // Sampled by solid angle: the density is already per steradian.
    const Vec3 toLight = s.p - p;
    const float d = length(toLight);
    if (!(d > 0) || !(s.pdf > 0))
        return std::nullopt;
    const Vec3 wi = toLight / d;
    if (dot(s.normal, -wi) <= 0 && !emitsFromBack(shape))
        return std::nullopt;
    const float pdf = s.pdf / pieces;
    return LightSample{wi, d, radianceAt(s) / pdf, pdf};
}

std::optional<LightSample> AreaLight::fromAreaSample(Vec3 p, const AreaSample& s,
                                                     const Shape& shape, float pieces) const {
    if (s.pdf <= 0)
        return std::nullopt;
    const Vec3 toLight = s.p - p;
    const float d2 = lengthSquared(toLight);
    if (d2 == 0)
        return std::nullopt;
    const float d = std::sqrt(d2);
    const Vec3 wi = toLight / d;
    const float cosLight = dot(s.normal, -wi);
    if (cosLight <= 0 && !emitsFromBack(shape))
        return std::nullopt;
    const float jacobian = std::fabs(cosLight) / (d2 * s.pdf) * pieces;
    return LightSample{wi, d, radianceAt(s) * jacobian, jacobian > 0 ? 1.0f / jacobian : 0.0f};
}

Color AreaLight::radianceAt(const AreaSample& s) const {
    if (!texture_)
        return radiance_;
    TextureContext at;
    at.st = s.st;
    at.p = s.p;
    at.n = s.normal;
    return radianceAt(at);
}

float AreaLight::solidAnglePdf(Vec3 p, Vec3 q, Vec3 normal, float areaPdf) {
    const Vec3 toLight = q - p;
    const float d2 = lengthSquared(toLight);
    const float cosLight = std::fabs(dot(normal, toLight)) / std::sqrt(d2);
    if (cosLight == 0)
        return 0.0f;
    return areaPdf * d2 / cosLight;
}

float AreaLight::pdfAt(Vec3 p, Vec3 q, Vec3 normal, const Shape& shape, unsigned primitive,
                       const LocalGeometry& g) const {
    return pdfOfPiece(p, q, normal, shape, -1, primitive, g) / static_cast<float>(shapes_.size());
}

float AreaLight::pdfOfPiece(Vec3 p, Vec3 q, Vec3 normal, const Shape& shape, int piece,
                            unsigned primitive, const LocalGeometry& g) const {
    const MeshLightPieces* mesh = piecesOf(shape);
    if (const float cone = mesh ? mesh->conePdf(piece, p, primitive) : shape.conePdf(p, primitive);
        cone > 0)
        return cone;
    if (piece >= 0) {
        const float area = mesh->area(static_cast<unsigned>(piece));
        return area > 0 ? solidAnglePdf(p, q, normal, 1.0f / area) : 0.0f;
    }
    return solidAnglePdf(p, q, normal, shape.pdfArea(primitive, g));
}

} // namespace lrt
