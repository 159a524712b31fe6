// A float or colour parameter of a built-in surface as shading reads it: the constant the
// Surface gave, or a texture at the shaded point (a channel of it for a float: pbrt-v4's float
// textures; glTF's metallicRoughnessTexture reads green for roughness and blue for metallic),
// clamped into the parameter's domain since no one can check a texture's values beforehand.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/materials/material.h"
#include "renderer/textures/texture.h"

#include <map>
#include <set>
#include <string>
#include <string_view>

namespace lrt {

// A texture bound to a float parameter: which channel of it (0 red, 1 green, 2 blue) is the value.
struct ParameterTexture {
    const ColorTexture* texture = nullptr;
    int channel = 0;
    SourceLocation where; // of the binding, for messages; empty when the binding has no place
};
using ParameterTextures = std::map<std::string, ParameterTexture, std::less<>>;

class FloatInput {
public:
    FloatInput() = default;
    explicit FloatInput(float constant) : constant_(constant) {}
    FloatInput(ParameterTexture texture, NumberDomain domain)
        : texture_(texture.texture), channel_(texture.channel), domain_(domain) {}

    float at(const ShadingPoint& point) const {
        if (!texture_)
            return constant_;
        const Color c = texture_->evaluate(textureContext(point));
        return domain_.nearest(c.channel(channel_));
    }
    bool isTextured() const { return texture_ != nullptr; }
    // Whether its texture filters over a pixel's footprint (an image), so that shading must
    // compute one.
    bool usesFootprint() const { return texture_ && texture_->usesFootprint(); }
    // Whether two inputs give the same value everywhere.
    friend bool operator==(const FloatInput& a, const FloatInput& b) {
        return a.texture_ == b.texture_ && a.channel_ == b.channel_ &&
               (a.texture_ || a.constant_ == b.constant_);
    }

private:
    float constant_ = 0;
    const ColorTexture* texture_ = nullptr;
    int channel_ = 0;
    NumberDomain domain_;
};

// A colour parameter: its constant, or a texture's colour with each component clamped.
class ColorInput {
public:
    ColorInput() = default;
    explicit ColorInput(Color constant) : constant_(constant) {}
    ColorInput(const ColorTexture* texture, NumberDomain componentDomain)
        : texture_(texture), domain_(componentDomain) {}

    Color at(const ShadingPoint& point) const {
        if (!texture_)
            return constant_;
        const Color c = texture_->evaluate(textureContext(point));
        return {domain_.nearest(c.r), domain_.nearest(c.g), domain_.nearest(c.b)};
    }
    bool isTextured() const { return texture_ != nullptr; }
    bool usesFootprint() const { return texture_ && texture_->usesFootprint(); }

private:
    Color constant_;
    const ColorTexture* texture_ = nullptr;
    NumberDomain domain_;
};

// The textures bound to a Surface's parameters while it is made: each material takes those of
// its float parameters (floatInput); createMaterial refuses any left over.
class ParameterTextureBindings {
public:
    explicit ParameterTextureBindings(const ParameterTextures& textures) : textures_(textures) {}
    // Parameter `name` of `p` (a Float of its table): its texture when one is bound, else its
    // value.
    FloatInput floatInput(const Parameters& p, std::string_view name) {
        const auto it = textures_.find(name);
        if (it == textures_.end())
            return FloatInput(p.getFloat(name));
        taken_.insert(it->first);
        return FloatInput(it->second, p.domainOf(name));
    }
    // Colour parameter `name` of `p` (an Rgb of its table): its texture's colour when one is
    // bound, else its value.
    ColorInput colorInput(const Parameters& p, std::string_view name) {
        const auto it = textures_.find(name);
        if (it == textures_.end())
            return ColorInput(p.getColor(name));
        taken_.insert(it->first);
        return ColorInput(it->second.texture, p.componentDomainOf(name));
    }
    bool binds(std::string_view name) const { return textures_.contains(name); }
    // The binding no floatInput or colorInput asked for, if any.
    const ParameterTextures::value_type* untaken() const {
        for (const auto& binding : textures_)
            if (!taken_.contains(binding.first))
                return &binding;
        return nullptr;
    }

private:
    const ParameterTextures& textures_;
    std::set<std::string, std::less<>> taken_;
};

} // namespace lrt
