// pbrt-v4's materials as lrt's built-in surfaces. What maps exactly: diffuse, dielectric,
// thindielectric, conductor, coateddiffuse, coatedconductor and diffusetransmission (each to
// lrt's surface of the same name). The rest is approximated by the nearest built-in surface, with
// a warning saying what stands in (docs/import.md has the table). Textures are in
// pbrt_textures.cpp.
#include "renderer/pbrt/pbrt_importer.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace lrt::pbrt {

void Importer::material(const Statement& s) {
    const std::string type = s.stringAt(0);
    stack_.attributes().material = importMaterial(s, type, parameters(s, 1, "material"));
}

void Importer::makeNamedMaterial(const Statement& s) {
    const std::string name = s.stringAt(0);
    const ParameterList p = parameters(s, 1, "material");
    const auto type = p.getString("type");
    if (!type)
        throw SceneError(s.where,
                         fmt::format("MakeNamedMaterial \"{}\" needs a \"string type\"", name));
    if (namedMaterials_.contains(name))
        throw SceneError(s.items[0].where,
                         fmt::format("named material \"{}\" is defined twice", name));
    namedMaterials_[name] = importMaterial(s, *type, p);
}

void Importer::namedMaterial(const Statement& s) {
    s.expectCount(1);
    const std::string name = s.stringAt(0);
    const auto it = namedMaterials_.find(name);
    if (it == namedMaterials_.end())
        throw SceneError(s.items[0].where, fmt::format("unknown named material \"{}\"", name));
    stack_.attributes().material = it->second;
}

// One Material (or MakeNamedMaterial) statement being mapped: the parameter readers every
// material shares, and one function per family of pbrt-v4 materials. Each reads every parameter
// lrt renders, so that the rest can be reported unused.
class MaterialMapping {
public:
    MaterialMapping(Importer& importer, const Statement& s, const std::string& type,
                    const ParameterList& p)
        : importer_(importer), s_(s), type_(type), p_(p), m_(std::make_shared<ImportedMaterial>()) {
        m_->surface.where = s.where;
    }
    std::shared_ptr<ImportedMaterial> material() const { return m_; }
    std::string what() const { return fmt::format("Material \"{}\"", type_); }

    void common() {
        if (const Parameter* d = p_.find("displacement"))
            importer_.warn(d->where,
                           "displacement is not supported: the surface is rendered undisplaced");
        if (const auto file = p_.getString("normalmap")) {
            // pbrt-v4 reads normal maps linearly and looks them up as it does image textures.
            auto map = std::make_shared<TextureDescription>();
            map->type = "imagemap";
            map->where = p_.find("normalmap")->where;
            addString(map->parameters, "filename", importer_.resolve(*file).string(), map->where);
            addString(map->parameters, "encoding", "linear", map->where);
            m_->normalMap = std::move(map);
        }
    }

    void diffuse() {
        surface("matte", {{"Kd", 1.0}});
        reflectance("reflectance", Color{0.5f, 0.5f, 0.5f});
    }

    // "coateddiffuse": lrt's, of the same reflectance (Color, textured or not), coat, slab and
    // walk.
    void coatedDiffuse() {
        surface("coateddiffuse", {{"eta", eta("eta")}});
        reflectance("reflectance", Color{0.5f, 0.5f, 0.5f});
        addColor(m_->surface.parameters, "reflectance", Color(1), s_.where);
        roughness("", "");
        remapRoughness();
        slab();
    }

    // "conductor", or "coatedconductor" (whose conductor's parameters have a prefix, under a
    // coat of its own roughness): lrt's, of the same complex index or reflectance and the same
    // (anisotropic) roughness.
    void conductor() {
        const bool coated = type_ == "coatedconductor";
        const std::string prefix = coated ? "conductor." : "";
        surface(coated ? "coatedconductor" : "conductor", {});
        // "reflectance" has no prefix in either.
        const Parameter* given = p_.find("reflectance");
        if (given && given->type == "texture") {
            m_->texture = importer_.clamped(
                importer_.textureInput(p_, "reflectance", {}, SpectrumUse::Reflectance), 0.9999f);
            addColor(m_->surface.parameters, "reflectance", Color(1), s_.where);
        } else if (given) {
            addColor(m_->surface.parameters, "reflectance",
                     *importer_.rgb(p_, "reflectance", SpectrumUse::Reflectance), s_.where);
        } else {
            addColor(m_->surface.parameters, coated ? "conductor.eta" : "eta",
                     index(prefix + "eta", "metal-Cu-eta"), s_.where);
            addColor(m_->surface.parameters, coated ? "conductor.k" : "k",
                     index(prefix + "k", "metal-Cu-k"), s_.where);
        }
        roughness(prefix, prefix);
        remapRoughness();
        if (coated) {
            addNumbers(m_->surface.parameters, "interface.eta", {eta("interface.eta")}, s_.where);
            roughness("interface.", "interface.");
            slab();
        }
    }

    // "dielectric" (smooth or rough) or "thindielectric".
    void dielectric() {
        const float index = eta("eta");
        if (type_ == "thindielectric") {
            surface("thindielectric", {{"eta", index}});
            return;
        }
        surface("dielectric", {{"eta", index}});
        roughness("", "");
        remapRoughness();
    }

    // "diffusetransmission": lrt's of the same reflectance (Color, textured or not),
    // transmittance and scale.
    void diffuseTransmission() {
        surface("diffusetransmission", {});
        floatParameter("scale", "scale");
        reflectance("reflectance", Color(0.25f));
        addColor(m_->surface.parameters, "reflectance", Color(1), s_.where);
        if (const Parameter* t = p_.find("transmittance"); t && t->type == "texture")
            importer_.warn(t->where, "a texture for \"transmittance\" is not supported: its "
                                     "default, 0.25, stands in");
        else
            addColor(
                m_->surface.parameters, "transmittance",
                importer_.rgb(p_, "transmittance", SpectrumUse::Reflectance).value_or(Color(0.25f)),
                s_.where);
    }

    // A material lrt has no counterpart for: a diffuse surface of its reflectance.
    void substitute() {
        diffuse();
        p_.markAllUsed();
        importer_.warn(s_.where, fmt::format("{} is not supported: a diffuse surface of its "
                                             "reflectance stands in",
                                             what()));
    }

private:
    static constexpr SpectrumUse kUse = SpectrumUse::Reflectance;

    void surface(const char* name, std::initializer_list<std::pair<const char*, double>> values) {
        m_->surface.name = name;
        for (const auto& [parameter, value] : values)
            addNumbers(m_->surface.parameters, parameter, {value}, s_.where);
    }

    // A colour parameter: a constant sets Color, a texture (clamped to [0, 1], as pbrt-v4's
    // materials clamp it) multiplies it.
    void reflectance(const char* name, Color fallback) {
        const Parameter* given = p_.find(name);
        if (given && given->type == "texture")
            m_->texture = importer_.clamped(
                importer_.textureInput(p_, name, fallback, SpectrumUse::Reflectance), 1.0f);
        else
            m_->color = importer_.rgb(p_, name, SpectrumUse::Reflectance).value_or(fallback);
    }

    // Float parameter `name` as lrt's `into`, when given: a number, or a float texture (its red
    // channel) standing for it.
    void floatParameter(const std::string& name, const std::string& into) {
        const Parameter* given = p_.find(name);
        if (!given)
            return;
        if (given->type == "texture")
            m_->parameterTextures[into] = {importer_.textureInput(p_, name, {}, kUse), 0,
                                           given->where};
        else
            addNumbers(m_->surface.parameters, into.c_str(), {*p_.getFloat(name)}, s_.where);
    }

    // The roughness parameters of pbrt-v4's `prefix` as lrt's after `into`, pbrt-v4's values as
    // they are: lrt's remaproughness takes their square roots unless pbrt-v4's is false.
    void roughness(const std::string& prefix, const std::string& into) {
        for (const char* name : {"roughness", "uroughness", "vroughness"})
            floatParameter(prefix + name, into + name);
    }
    void remapRoughness() {
        addNumbers(m_->surface.parameters, "remaproughness",
                   {p_.getBool("remaproughness", true) ? 1.0 : 0.0}, s_.where);
    }

    // An index of refraction: a float, or a spectrum at 550 nm (lrt has no dispersion).
    float eta(const std::string& name) {
        float value = 1.5f;
        if (const Parameter* given = p_.find(name)) {
            if (given->type == "float") {
                value = *p_.getFloat(name);
            } else {
                value = importer_.rgb(p_, name, SpectrumUse::Unbounded)->g;
                importer_.warn(given->where,
                               fmt::format("a spectral index of refraction is rendered without "
                                           "dispersion: its value at 550 nm, {:.4g}, stands in",
                                           value));
            }
            if (!(value > 0))
                throw SceneError(given->where, fmt::format("\"{}\" must be > 0", name));
        }
        return value;
    }

    // The coated materials' slab and walk parameters, as lrt's.
    void slab() {
        auto& out = m_->surface.parameters;
        floatParameter("thickness", "thickness");
        floatParameter("g", "g");
        addNumbers(out, "maxdepth", {static_cast<double>(p_.getInteger("maxdepth", 10))}, s_.where);
        addNumbers(out, "nsamples", {static_cast<double>(p_.getInteger("nsamples", 1))}, s_.where);
        if (const Parameter* albedo = p_.find("albedo"); albedo && albedo->type == "texture")
            importer_.warn(albedo->where,
                           "a texture for \"albedo\" is not supported: 0 (no medium) stands in");
        else if (albedo)
            addColor(out, "albedo", *importer_.rgb(p_, "albedo", SpectrumUse::Reflectance),
                     s_.where);
    }

    // A conductor's eta or k, or pbrt-v4's default (copper's) when it is not given.
    Color index(const std::string& name, const char* fallback) {
        if (p_.find(name))
            return *importer_.rgb(p_, name, SpectrumUse::Unbounded);
        const Parameter named{"spectrum", name, {}, {fallback}, s_.where};
        return rgbOf(named, SpectrumUse::Unbounded).rgb;
    }

    Importer& importer_;
    const Statement& s_;
    const std::string& type_;
    const ParameterList& p_;
    std::shared_ptr<ImportedMaterial> m_;
};

std::shared_ptr<const ImportedMaterial>
Importer::importMaterial(const Statement& s, const std::string& type, const ParameterList& p) {
    if (type == "mix")
        return mixMaterial(s, p);
    MaterialMapping mapping(*this, s, type, p);
    mapping.common();
    if (type == "" || type == "none" || type == "interface")
        mapping.material()->invisible = true;
    else if (type == "diffuse")
        mapping.diffuse();
    else if (type == "coateddiffuse")
        mapping.coatedDiffuse();
    else if (type == "conductor" || type == "coatedconductor")
        mapping.conductor();
    else if (type == "dielectric" || type == "thindielectric")
        mapping.dielectric();
    else if (type == "diffusetransmission")
        mapping.diffuseTransmission();
    else if (type == "measured" || type == "hair" || type == "subsurface")
        mapping.substitute();
    else
        throw SceneError(s.where,
                         fmt::format("unknown material type \"{}\" (pbrt-v4 has \"diffuse\", "
                                     "\"coateddiffuse\", \"conductor\", \"coatedconductor\", "
                                     "\"dielectric\", \"thindielectric\", \"mix\", "
                                     "\"diffusetransmission\", \"measured\", \"hair\", "
                                     "\"subsurface\" and \"interface\")",
                                     type));
    p.find("type"); // MakeNamedMaterial's
    reportUnused(p, mapping.what());
    materials_.push_back(mapping.material());
    return mapping.material();
}

// pbrt-v4 picks one of two named materials per hit, by amount (a float or a float texture): lrt's
// mix (renderer/materials/mix_material.h) does the same. Mixes nest at most kMaxMixDepth deep.
std::shared_ptr<const ImportedMaterial> Importer::mixMaterial(const Statement& s,
                                                              const ParameterList& p) {
    constexpr int kMaxMixDepth = 32;
    const auto names = p.getStrings("materials");
    if (names.size() != 2)
        throw SceneError(s.where, "Material \"mix\" needs \"string materials\" with two names");
    auto m = std::make_shared<ImportedMaterial>();
    m->surface = {"mix", {}, s.where};
    for (const std::string& name : names) {
        const auto it = namedMaterials_.find(name);
        if (it == namedMaterials_.end())
            throw SceneError(p.find("materials")->where,
                             fmt::format("unknown named material \"{}\"", name));
        if (it->second->invisible)
            throw SceneError(p.find("materials")->where,
                             fmt::format("Material \"mix\" of \"{}\", an \"interface\": lrt "
                                         "mixes only surfaces",
                                         name));
        m->mixDepth = std::max(m->mixDepth, it->second->mixDepth + 1);
        m->mixed.push_back(it->second);
    }
    if (m->mixDepth > kMaxMixDepth)
        throw SceneError(s.where,
                         fmt::format("mix materials nested more than {} deep", kMaxMixDepth));
    if (const Parameter* amount = p.find("amount"); amount && amount->type == "texture")
        m->parameterTextures["amount"] = {textureInput(p, "amount", {}, SpectrumUse::Reflectance),
                                          0, amount->where};
    else if (amount)
        addNumbers(m->surface.parameters, "amount", {std::clamp(*p.getFloat("amount"), 0.0f, 1.0f)},
                   amount->where);
    reportUnused(p, "Material \"mix\"");
    materials_.push_back(m);
    return m;
}

} // namespace lrt::pbrt
