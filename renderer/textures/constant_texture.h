// "constant": one colour everywhere (what an input given as a plain value becomes).
#pragma once

#include "renderer/textures/texture_registry.h"

namespace lrt {

class ConstantTexture final : public ColorTexture {
public:
    // Its parameters and create() are in constant_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    explicit ConstantTexture(Color value) : value_(value) {}
    Color evaluate(const TextureContext&) const override { return value_; }

private:
    Color value_;
};

} // namespace lrt
