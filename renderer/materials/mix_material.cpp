#include "renderer/materials/mix_material.h"

#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/unit_interval.h"

#include <algorithm>

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"amount", ValueKind::Float, 0.5f, kReal.atLeast(0).atMost(1),
     "the probability of the second material"},
};

} // namespace

const EntitySyntax MixMaterial::syntax{"mix", kParameters};

std::unique_ptr<Material> MixMaterial::create(const ParameterList& parameters,
                                              MaterialContext& context,
                                              const std::array<Component, 2>& components) {
    const Parameters p(parameters, syntax.parameters, "Surface \"mix\"", context.where);
    auto made = std::make_unique<MixMaterial>(components,
                                              context.parameterTextures.floatInput(p, "amount"));
    refuseUntakenTextures(context, "Surface \"mix\"");
    return made;
}

int MixMaterial::chosen(const ShadingPoint& point) const {
    const float amount = amount_.at(point);
    if (amount <= 0)
        return 0;
    if (amount >= 1)
        return 1;
    const std::uint64_t h =
        hashFloats({point.p.x, point.p.y, point.p.z, point.wo.x, point.wo.y, point.wo.z});
    // The top 24 bits as a float in [0, 1).
    const float u = std::min(static_cast<float>(h >> 40) * 0x1p-24f, kOneMinusEpsilon);
    return amount < u ? 0 : 1;
}

const Material& MixMaterial::at(const ShadingPoint& point, ShadingPoint& seen) const {
    const Component& c = components_[static_cast<std::size_t>(chosen(point))];
    seen = point;
    seen.color = c.color;
    if (c.texture)
        seen.color *= c.texture->evaluate(textureContext(point));
    return *c.material;
}

Color MixMaterial::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    ShadingPoint seen;
    return at(point, seen).reflected(seen, wi, E);
}

Color MixMaterial::ambient(const ShadingPoint& point, Color light) const {
    ShadingPoint seen;
    return at(point, seen).ambient(seen, light);
}

Color MixMaterial::unlit(const ShadingPoint& point) const {
    ShadingPoint seen;
    return at(point, seen).unlit(seen);
}

int MixMaterial::specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const {
    ShadingPoint seen;
    return at(point, seen).specular(seen, rays);
}

Color MixMaterial::albedo(const ShadingPoint& point) const {
    ShadingPoint seen;
    return at(point, seen).albedo(seen);
}

std::optional<BsdfSample> MixMaterial::sampleBsdf(const ShadingPoint& point, Vec2 u,
                                                  float uLobe) const {
    ShadingPoint seen;
    return at(point, seen).sampleBsdf(seen, u, uLobe);
}

float MixMaterial::bsdfPdf(const ShadingPoint& point, Vec3 wi) const {
    ShadingPoint seen;
    return at(point, seen).bsdfPdf(seen, wi);
}

bool MixMaterial::usesTextureFootprint() const {
    if (amount_.usesFootprint())
        return true;
    for (const Component& c : components_)
        if (c.material->usesTextureFootprint() || (c.texture && c.texture->usesFootprint()))
            return true;
    return false;
}

MaterialStatistics MixMaterial::statistics() const {
    MaterialStatistics s = components_[0].material->statistics();
    return s += components_[1].material->statistics();
}

std::vector<slvm::Diagnostic> MixMaterial::warnings() const {
    std::vector<slvm::Diagnostic> all = components_[0].material->warnings();
    for (slvm::Diagnostic& w : components_[1].material->warnings())
        all.push_back(std::move(w));
    return all;
}

} // namespace lrt
