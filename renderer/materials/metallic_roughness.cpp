#include "renderer/materials/metallic_roughness.h"

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"metallic", ValueKind::Float, 1.0f, kReal.atLeast(0).atMost(1),
     "0 a dielectric, 1 a metal of F0 = Color; between, a mix of the two"},
    {"roughness", ValueKind::Float, 1.0f, kReal.atLeast(0).atMost(1),
     "glTF's roughness: GGX alpha is its square"},
    {"ior", ValueKind::Float, 1.5f, kReal.atLeast(1),
     "the dielectric's index (KHR_materials_ior): F0 = ((ior - 1) / (ior + 1))^2"},
    {"transmission", ValueKind::Float, 0.0f, kReal.atLeast(0).atMost(1),
     "the dielectric's share that is glass (KHR_materials_transmission)"},
    {"clearcoat", ValueKind::Float, 0.0f, kReal.atLeast(0).atMost(1),
     "strength of a clear coat on top (KHR_materials_clearcoat)"},
    {"clearcoatroughness", ValueKind::Float, 0.0f, kReal.atLeast(0).atMost(1),
     "the coat's glTF roughness"},
    {"specular", ValueKind::Float, 1.0f, kReal.atLeast(0).atMost(1),
     "the dielectric highlight's strength (KHR_materials_specular): F90, and a factor of F0"},
    {"specularcolor", ValueKind::Rgb, Color(1), kReal.atLeast(0),
     "the tint of the dielectric highlight's F0 (KHR_materials_specular)"},
    {"sheencolor", ValueKind::Rgb, Color(0), kReal.atLeast(0).atMost(1),
     "the colour of a sheen on top (KHR_materials_sheen); 0 is none"},
    {"sheenroughness", ValueKind::Float, 0.0f, kReal.atLeast(0).atMost(1),
     "the sheen's roughness (its Charlie distribution's alpha is the square)"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext& context) {
    ParameterTextureBindings& textures = context.parameterTextures;
    const MetallicRoughnessMaterial::Inputs inputs{
        textures.floatInput(p, "metallic"),           textures.floatInput(p, "roughness"),
        textures.floatInput(p, "transmission"),       textures.floatInput(p, "clearcoat"),
        textures.floatInput(p, "clearcoatroughness"), textures.floatInput(p, "specular"),
        textures.floatInput(p, "sheenroughness"),     textures.colorInput(p, "specularcolor"),
        textures.colorInput(p, "sheencolor")};
    return std::make_unique<MetallicRoughnessMaterial>(
        MetallicRoughness{Color(1), p.getFloat("metallic"), p.getFloat("roughness"),
                          p.getFloat("ior"), p.getFloat("transmission"), p.getFloat("clearcoat"),
                          p.getFloat("clearcoatroughness"), p.getFloat("specular"),
                          p.getColor("specularcolor"), p.getColor("sheencolor"),
                          p.getFloat("sheenroughness")},
        inputs);
}

} // namespace

const MaterialEntry MetallicRoughnessMaterial::registryEntry{{"metallicroughness", kParameters},
                                                             &create};

bool MetallicRoughnessMaterial::Inputs::usesFootprint() const {
    return metallic.usesFootprint() || roughness.usesFootprint() || transmission.usesFootprint() ||
           clearcoat.usesFootprint() || clearcoatRoughness.usesFootprint() ||
           specular.usesFootprint() || sheenRoughness.usesFootprint() ||
           specularColor.usesFootprint() || sheenColor.usesFootprint();
}

void MetallicRoughnessMaterial::withBxdf(const ShadingPoint& point,
                                         FunctionRef<void(const Bxdf&)> use) const {
    MetallicRoughness m = m_;
    m.base = m.base * point.color;
    m.metallic = inputs_.metallic.at(point);
    m.roughness = inputs_.roughness.at(point);
    m.transmission = inputs_.transmission.at(point);
    m.clearcoat = inputs_.clearcoat.at(point);
    m.clearcoatRoughness = inputs_.clearcoatRoughness.at(point);
    m.specular = inputs_.specular.at(point);
    m.sheenRoughness = inputs_.sheenRoughness.at(point);
    m.specularColor = inputs_.specularColor.at(point);
    m.sheenColor = inputs_.sheenColor.at(point);
    use(MetallicRoughnessBxdf(m));
}

} // namespace lrt
