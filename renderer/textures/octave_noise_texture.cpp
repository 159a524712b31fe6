#include "renderer/textures/octave_noise_texture.h"

#include "renderer/textures/perlin_noise.h"
#include "renderer/textures/texture_mapping.h"

namespace lrt {

namespace {

template <OctaveNoiseTexture::Sum sum>
std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs&,
                                     TextureBuild& build) {
    return std::make_unique<OctaveNoiseTexture>(sum, build.worldToTexture, p.getInteger("octaves"),
                                                p.getFloat("roughness"));
}

} // namespace

const TextureEntry OctaveNoiseTexture::fbmEntry{{"fbm", kOctaveParameters, {}},
                                                &create<Sum::Noise>};
const TextureEntry OctaveNoiseTexture::wrinkledEntry{{"wrinkled", kOctaveParameters, {}},
                                                     &create<Sum::AbsoluteNoise>};

Color OctaveNoiseTexture::evaluate(const TextureContext& context) const {
    const TexturePoint t = mapPoint(worldToTexture_, context);
    return Color(sum_ == Sum::Noise ? fbm(t.p, t.dpdx, t.dpdy, omega_, octaves_)
                                    : turbulence(t.p, t.dpdx, t.dpdy, omega_, octaves_));
}

} // namespace lrt
