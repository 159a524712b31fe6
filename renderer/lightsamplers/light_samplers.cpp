// Building a scene's light samplers, timed for --stats.
#include "renderer/lightsamplers/light_samplers.h"

#include <chrono>

namespace lrt {

const LightSamplerEntry LightSamplers::everyLightEntry{
    "all", "every light, each sampled at every shading point", nullptr};

LightSamplers::LightSamplers(const std::vector<std::unique_ptr<Light>>& lights,
                             std::span<const Emitter> emitters,
                             const std::vector<std::unique_ptr<std::vector<int>>>& lightLists,
                             const LightSamplerEntry& kind)
    : kind_(kind) {
    if (!kind.create)
        return;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& list : lightLists) {
        std::vector<bool> lit(lights.size(), false);
        List made;
        for (const int light : *list) {
            lit[static_cast<std::size_t>(light)] = true;
            if (lights[static_cast<std::size_t>(light)]->isAmbient())
                made.ambient.push_back(light);
        }
        // One light to sample (of any number of pieces) leaves nothing to choose: its surfaces
        // visit it as "all" does, which samples its pieces by the light's own density, without
        // a pick and a pmf at every vertex and BSDF hit.
        if (list->size() - made.ambient.size() <= 1) {
            lists_.push_back(std::move(made));
            continue;
        }
        std::vector<int> among;
        for (std::size_t e = 0; e < emitters.size(); ++e)
            if (lit[static_cast<std::size_t>(emitters[e].lightIndex)])
                among.push_back(static_cast<int>(e));
        made.sampler = kind.create(emitters, std::move(among));
        lists_.push_back(std::move(made));
    }
    buildSeconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

namespace {
template <typename T>
void appendBytes(std::string& key, const T& value) {
    key.append(reinterpret_cast<const char*>(&value), sizeof value);
}
void appendBytes(std::string& key, const LightBounds& b) {
    for (const Vec3 v : {b.bounds.lower, b.bounds.upper, b.normals.w})
        for (const float f : {v.x, v.y, v.z})
            appendBytes(key, f);
    for (const float f : {b.power, b.normals.cosTheta, b.cosThetaE})
        appendBytes(key, f);
    appendBytes(key, b.twoSided);
}
} // namespace

std::string
LightSamplers::inputsKey(const std::vector<std::unique_ptr<Light>>& lights,
                         std::span<const Emitter> emitters,
                         const std::vector<std::unique_ptr<std::vector<int>>>& lightLists) {
    std::string key;
    appendBytes(key, lights.size());
    for (const auto& light : lights)
        appendBytes(key, light->isAmbient());
    appendBytes(key, emitters.size());
    for (const Emitter& e : emitters) {
        appendBytes(key, e.lightIndex);
        appendBytes(key, e.bounds.has_value());
        if (e.bounds)
            appendBytes(key, *e.bounds);
        appendBytes(key, e.power);
        appendBytes(key, e.importance);
    }
    for (const auto& list : lightLists) {
        appendBytes(key, list->size());
        key.append(reinterpret_cast<const char*>(list->data()), list->size() * sizeof(int));
    }
    return key;
}

std::size_t LightSamplers::memoryBytes() const {
    std::size_t bytes = 0;
    for (const List& list : lists_)
        bytes += (list.sampler ? list.sampler->memoryBytes() : 0) +
                 list.ambient.capacity() * sizeof(int);
    return bytes;
}

} // namespace lrt
