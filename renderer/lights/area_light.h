// "arealight": radiance intensity * lightcolor leaving the surfaces of the shapes that follow it,
// from their front side (Sides 1) or both sides (Sides 2), unless "twosided" says which. Sampled by
// solid angle where the shape allows (spheres, triangles, rectangles), else by area.
#pragma once

#include "renderer/core/transform.h"
#include "renderer/lights/light.h"
#include "renderer/lights/light_registry.h"
#include "renderer/lights/mesh_light_pieces.h"
#include "renderer/shapes/shape.h"
#include "renderer/textures/texture.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace lrt {

class AreaLight final : public Light {
public:
    // Its parameters and create() are in the .cpp file, with its registry entry.
    static const LightEntry registryEntry;
    // twoSided: emits from both sides of every shape, or the front only; nullopt follows each
    // shape's Sides.
    // texture: multiplies the radiance at each point of the surface (a glTF emissiveTexture, of
    // values in [0, 1]: the radiance is the most the light emits, which light selection weighs
    // it by); null for none.
    explicit AreaLight(Color radiance, std::optional<bool> twoSided = std::nullopt,
                       const ColorTexture* texture = nullptr)
        : radiance_(radiance), twoSided_(twoSided), texture_(texture) {}
    // A triangle mesh is cut into its light pieces here; it must outlive the light.
    void addShape(const Shape* shape);

    std::optional<LightSample> sample(Vec3 p, Vec2 u) const override;
    bool isStratified() const override { return true; }
    SamplingWeight samplingWeight() const override { return SampledByPiece{this}; }
    // Radiance leaving the point `at` of `shape` towards a viewer on side `front`.
    Color emitted(bool front, const Shape& shape, const TextureContext& at) const {
        return front || emitsFromBack(shape) ? radianceAt(at) : Color{};
    }
    // The solid-angle density, as seen from p, with which sample() picks the point q with unit
    // normal `normal` on `shape` (object-space geometry g of primitive `primitive`).
    float pdfAt(Vec3 p, Vec3 q, Vec3 normal, const Shape& shape, unsigned primitive,
                const LocalGeometry& g) const;

    // For light samplers, which pick one shape, or one light piece of a mesh (`piece` >= 0: a
    // triangle, or a rectangle of two; MeshLightPieces), by itself: a sample of that piece alone
    // and its density, as sample() and pdfAt() are for the whole light.
    std::optional<LightSample> samplePiece(const Shape& shape, int piece, Vec3 p, Vec2 u) const;
    float pdfOfPiece(Vec3 p, Vec3 q, Vec3 normal, const Shape& shape, int piece, unsigned primitive,
                     const LocalGeometry& g) const;

    const std::vector<const Shape*>& shapes() const { return shapes_; }
    // The light pieces of `shape`, one of the light's, when it is a triangle mesh; else null.
    const MeshLightPieces* piecesOf(const Shape& shape) const;
    Color emittedRadiance() const { return radiance_; }
    bool emitsFromBack(const Shape& shape) const { return twoSided_.value_or(!shape.oneSided()); }

private:
    // A sample of one piece, picked with probability 1 / pieces.
    std::optional<LightSample> sampleOne(const Shape& shape, int piece, Vec3 p, Vec2 u,
                                         float pieces) const;
    // The light arriving at p from point s of a shape sampled by solid angle.
    std::optional<LightSample> fromConeSample(Vec3 p, const AreaSample& s, const Shape& shape,
                                              float pieces) const;
    // The light arriving at p from point s of a shape sampled by area.
    std::optional<LightSample> fromAreaSample(Vec3 p, const AreaSample& s, const Shape& shape,
                                              float pieces) const;
    // The solid-angle density at p of the point q (unit normal `normal`) drawn with density
    // areaPdf per unit area.
    static float solidAnglePdf(Vec3 p, Vec3 q, Vec3 normal, float areaPdf);

    // The radiance leaving the point `at`, or the sampled point s.
    Color radianceAt(const TextureContext& at) const {
        return texture_ ? radiance_ * texture_->evaluate(at) : radiance_;
    }
    Color radianceAt(const AreaSample& s) const;

    Color radiance_;
    std::optional<bool> twoSided_;
    const ColorTexture* texture_;
    std::vector<const Shape*> shapes_;
    std::unordered_map<const Shape*, MeshLightPieces> pieces_; // of the meshes among shapes_
};

} // namespace lrt
