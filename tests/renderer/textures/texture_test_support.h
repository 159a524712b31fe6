// Building textures from descriptions in tests: describe one, add parameters, build its tree.
#pragma once

#include "renderer/textures/texture_registry.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lrt::testing {

inline std::shared_ptr<TextureDescription> describe(const std::string& type) {
    auto d = std::make_shared<TextureDescription>();
    d->type = type;
    return d;
}

inline void add(TextureDescription& d, const char* name, std::vector<double> numbers) {
    d.parameters.add({name, ParameterType::Unspecified, std::move(numbers), {}, {}});
}

// Builds `d` and keeps what it made.
struct BuiltTexture {
    std::unique_ptr<TextureSystem> images;
    std::map<const TextureDescription*, const ColorTexture*> made;
    std::vector<std::unique_ptr<ColorTexture>> owned;
    const ColorTexture* texture = nullptr;

    explicit BuiltTexture(const TextureDescription& d) {
        texture = createTexture(d, images, made, [&](std::unique_ptr<ColorTexture> t) {
            owned.push_back(std::move(t));
            return owned.back().get();
        });
    }
    Color at(float s, float t) const { return texture->evaluate({{s, t}}); }
    // At world point p, of geometric normal n.
    Color atPoint(Vec3 p, Vec3 n = Vec3{0, 0, 1}) const {
        TextureContext c;
        c.p = p;
        c.n = n;
        return texture->evaluate(c);
    }
};

} // namespace lrt::testing
