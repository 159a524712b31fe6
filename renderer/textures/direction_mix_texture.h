// "directionmix": pbrt-v4's blend by orientation: amount = |n . dir| for the unit geometric
// normal n and the unit direction dir (given in texture space), amount tex1 + (1 - amount) tex2:
// tex1 where the surface faces along dir, tex2 where it runs along it.
#pragma once

#include "renderer/textures/texture_registry.h"

namespace lrt {

class DirectionMixTexture final : public ColorTexture {
public:
    // Its parameters and create() are in direction_mix_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    // `direction`: unit, in world space.
    DirectionMixTexture(Vec3 direction, const ColorTexture& along, const ColorTexture& across)
        : direction_(direction), along_(along), across_(across) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override {
        return along_.usesFootprint() || across_.usesFootprint();
    }

private:
    Vec3 direction_;
    const ColorTexture& along_;
    const ColorTexture& across_;
};

} // namespace lrt
