// "mix": (1 - amount) tex1 + amount tex2, per channel, for inputs tex1, tex2 and amount.
#pragma once

#include "renderer/textures/texture_registry.h"

namespace lrt {

class MixTexture final : public ColorTexture {
public:
    // Its create() is in mix_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    MixTexture(const ColorTexture& first, const ColorTexture& second, const ColorTexture& amount)
        : first_(first), second_(second), amount_(amount) {}
    Color evaluate(const TextureContext& context) const override {
        const Color amount = amount_.evaluate(context);
        return first_.evaluate(context) * (Color{1, 1, 1} - amount) +
               second_.evaluate(context) * amount;
    }
    bool usesFootprint() const override {
        return first_.usesFootprint() || second_.usesFootprint() || amount_.usesFootprint();
    }

private:
    const ColorTexture& first_;
    const ColorTexture& second_;
    const ColorTexture& amount_;
};

} // namespace lrt
