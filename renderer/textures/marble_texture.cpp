#include "renderer/textures/marble_texture.h"

#include "renderer/textures/octave_noise_texture.h"
#include "renderer/textures/perlin_noise.h"
#include "renderer/textures/texture_mapping.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

constexpr auto kParameters =
    joinTables(kOctaveParameters,
               std::array<ParameterSpec, 2>{{
                   {"scale",
                    ValueKind::Float,
                    1.0f,
                    {},
                    "frequency of the veins: texture space is scaled by it"},
                   {"variation", ValueKind::Float, 0.2f, {}, "how far the noise bends the veins"},
               }});

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs&,
                                     TextureBuild& build) {
    return std::make_unique<MarbleTexture>(
        build.worldToTexture, MarbleTexture::Veins{p.getInteger("octaves"), p.getFloat("roughness"),
                                                   p.getFloat("scale"), p.getFloat("variation")});
}

// pbrt-v4's marble colours: the control points of three cubic Bezier segments.
constexpr Color kSpline[] = {
    {0.58f, 0.58f, 0.6f}, {0.58f, 0.58f, 0.6f}, {0.58f, 0.58f, 0.6f},
    {0.5f, 0.5f, 0.5f},   {0.6f, 0.59f, 0.58f}, {0.58f, 0.58f, 0.6f},
    {0.58f, 0.58f, 0.6f}, {0.2f, 0.2f, 0.33f},  {0.58f, 0.58f, 0.6f},
};

Color lerp(float t, Color a, Color b) {
    return a * (1 - t) + b * t;
}

// The cubic Bezier of control points c[0..3] at t (de Casteljau).
Color bezier(const Color* c, float t) {
    const Color a = lerp(t, c[0], c[1]), b = lerp(t, c[1], c[2]), d = lerp(t, c[2], c[3]);
    return lerp(t, lerp(t, a, b), lerp(t, b, d));
}

} // namespace

const TextureEntry MarbleTexture::registryEntry{{"marble", kParameters, {}}, &create};

Color MarbleTexture::evaluate(const TextureContext& context) const {
    const TexturePoint t = mapPoint(worldToTexture_, context);
    const float s = veins_.scale;
    const float marble = t.p.y * s + veins_.variation * fbm(t.p * s, t.dpdx * s, t.dpdy * s,
                                                            veins_.omega, veins_.octaves);
    float u = 0.5f + 0.5f * std::sin(marble);
    constexpr int kSegments = std::size(kSpline) - 3;
    // Segment i starts at control point i: pbrt-v4 steps one point, not three, per segment.
    const int first = std::clamp(static_cast<int>(std::floor(u * kSegments)), 0, kSegments - 1);
    u = u * kSegments - first;
    return bezier(kSpline + first, u) * 1.5f;
}

} // namespace lrt
