// pbrt-v4's materials and textures as lrt's built-in surfaces and colour textures. What maps
// exactly: diffuse, dielectric, thindielectric, conductor, coateddiffuse, coatedconductor and
// diffusetransmission (each to lrt's surface of the same name), the image, checkerboard, scale,
// mix and constant textures of reflectance. The rest is approximated by the nearest built-in
// surface, with a warning saying what stands in (docs/import.md has the table).
#include "renderer/pbrt/pbrt_importer.h"

#include <cmath>
#include <fmt/format.h>

namespace lrt::pbrt {

namespace {

// pbrt-v4's TrowbridgeReitzDistribution::RoughnessToAlpha.
float alphaOf(float roughness, bool remap) {
    return remap ? std::sqrt(std::max(roughness, 0.0f)) : std::max(roughness, 0.0f);
}

// A texture whose imagemap and checkerboard lookups run t the other way: s' = a (1 - t) + b
// becomes s' = -a t + (a + b).
std::shared_ptr<TextureDescription> withFlippedT(const TextureDescription& d) {
    auto flipped = std::make_shared<TextureDescription>(d);
    if (d.type != "imagemap" && d.type != "checkerboard")
        return flipped;
    lrt::ParameterList list;
    const double a = d.parameters.getFloat("vscale", 1), b = d.parameters.getFloat("vdelta", 0);
    for (const lrt::Parameter& p : d.parameters.all())
        if (p.name != "vscale" && p.name != "vdelta")
            list.add(p);
    addNumbers(list, "vscale", {-a}, d.where);
    addNumbers(list, "vdelta", {a + b}, d.where);
    flipped->parameters = std::move(list);
    return flipped;
}

} // namespace

std::shared_ptr<const TextureDescription>
Importer::forQuadrics(const std::shared_ptr<const TextureDescription>& d) {
    auto& flipped = quadricTextures_[d.get()];
    if (!flipped) {
        auto made = withFlippedT(*d);
        for (auto& [slot, input] : made->inputs)
            input = forQuadrics(input);
        flipped = std::move(made);
    }
    return flipped;
}

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

std::shared_ptr<const TextureDescription> Importer::textureInput(const ParameterList& p,
                                                                 const std::string& name,
                                                                 Color fallback, SpectrumUse use) {
    const Parameter* parameter = p.find(name);
    if (!parameter)
        return constantTexture(fallback, {});
    if (parameter->type == "texture") {
        const std::string& texture = parameter->strings.at(0);
        for (const auto* textures : {&spectrumTextures_, &floatTextures_})
            if (const auto it = textures->find(texture); it != textures->end())
                return it->second;
        throw SceneError(parameter->where, fmt::format("unknown texture \"{}\"", texture));
    }
    if (parameter->type == "float") {
        const auto v = static_cast<float>(parameter->numbers.at(0));
        return constantTexture(Color{v, v, v}, parameter->where);
    }
    return constantTexture(*rgb(p, name, use), parameter->where);
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
            m_->texture = importer_.textureInput(p_, "reflectance", {}, SpectrumUse::Reflectance);
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
    }

    // "diffusetransmission": lrt's of the same reflectance (Color, textured or not),
    // transmittance and scale.
    void diffuseTransmission() {
        surface("diffusetransmission", {{"scale", number("scale", 1.0f)}});
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
    void surface(const char* name, std::initializer_list<std::pair<const char*, double>> values) {
        m_->surface.name = name;
        for (const auto& [parameter, value] : values)
            addNumbers(m_->surface.parameters, parameter, {value}, s_.where);
    }

    // A colour parameter: a constant sets Color, a texture multiplies it.
    void reflectance(const char* name, Color fallback) {
        const Parameter* given = p_.find(name);
        if (given && given->type == "texture")
            m_->texture = importer_.textureInput(p_, name, fallback, SpectrumUse::Reflectance);
        else
            m_->color = importer_.rgb(p_, name, SpectrumUse::Reflectance).value_or(fallback);
    }

    // A float parameter; a texture in its place cannot be followed.
    float number(const std::string& name, float fallback) {
        const Parameter* given = p_.find(name);
        if (given && given->type == "texture") {
            importer_.warn(
                given->where,
                fmt::format("a texture for \"{}\" is not supported: {} stands in", name, fallback));
            return fallback;
        }
        return p_.getFloat(name, fallback);
    }

    // GGX alphas along u and v from pbrt-v4's roughness parameters (prefix + "roughness", or u
    // and v), remapped unless "remaproughness" is false.
    std::pair<float, float> alphas(const std::string& prefix) {
        const bool remap = p_.getBool("remaproughness", true);
        const float r = number(prefix + "roughness", 0.0f);
        return {alphaOf(number(prefix + "uroughness", r), remap),
                alphaOf(number(prefix + "vroughness", r), remap)};
    }

    // The roughness of pbrt-v4's `prefix` as lrt's (`into` + "uroughness" and "vroughness").
    void roughness(const std::string& prefix, const std::string& into) {
        const auto [u, v] = alphas(prefix);
        addNumbers(m_->surface.parameters, (into + "uroughness").c_str(), {u}, s_.where);
        addNumbers(m_->surface.parameters, (into + "vroughness").c_str(), {v}, s_.where);
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
        addNumbers(out, "thickness", {number("thickness", 0.01f)}, s_.where);
        addNumbers(out, "g", {number("g", 0.0f)}, s_.where);
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

// pbrt-v4 picks one of two named materials per hit, by amount; lrt cannot, and takes the one of
// the larger weight.
std::shared_ptr<const ImportedMaterial> Importer::mixMaterial(const Statement& s,
                                                              const ParameterList& p) {
    const auto names = p.getStrings("materials");
    if (names.size() != 2)
        throw SceneError(s.where, "Material \"mix\" needs \"string materials\" with two names");
    const Parameter* amount = p.find("amount");
    const float a = amount && amount->type == "float" ? *p.getFloat("amount") : 0.5f;
    const std::string& chosen = names[a < 0.5f ? 0 : 1];
    const auto it = namedMaterials_.find(chosen);
    if (it == namedMaterials_.end())
        throw SceneError(p.find("materials")->where,
                         fmt::format("unknown named material \"{}\"", chosen));
    warn(s.where, fmt::format("Material \"mix\" is not supported: \"{}\", the material with the "
                              "larger weight, stands in",
                              chosen));
    reportUnused(p, "Material \"mix\"");
    return it->second;
}

void Importer::texture(const Statement& s) {
    const std::string name = s.stringAt(0), kind = s.stringAt(1), type = s.stringAt(2);
    if (kind != "spectrum" && kind != "float" && kind != "color" && kind != "rgb")
        throw SceneError(s.items[1].where,
                         fmt::format("a texture is \"spectrum\" or \"float\", not \"{}\"", kind));
    const bool isFloat = kind == "float";
    const ParameterList p = parameters(s, 3, "texture");
    const std::string what = fmt::format("Texture \"{}\" \"{}\"", name, type);
    const SpectrumUse use = SpectrumUse::Reflectance;
    auto d = std::make_shared<TextureDescription>();
    d->type = type;
    d->directory = directory_;
    d->where = s.where;
    const float su = p.getFloat("uscale", 1.0f), sv = p.getFloat("vscale", 1.0f),
                du = p.getFloat("udelta", 0.0f), dv = p.getFloat("vdelta", 0.0f);
    if (const auto mapping = p.getString("mapping"); mapping && *mapping != "uv")
        warn(p.find("mapping")->where,
             fmt::format("texture mapping \"{}\" is not supported: \"uv\" stands in", *mapping));
    if (type == "imagemap") {
        const auto file = p.getString("filename");
        if (!file)
            throw SceneError(s.where, "Texture \"imagemap\" needs a \"string filename\"");
        addString(d->parameters, "filename", *file, p.find("filename")->where);
        // pbrt looks images up at 1 - t'; on meshes lrt's t is 1 - v (pbrt_shapes.cpp).
        addNumbers(d->parameters, "uscale", {su}, s.where);
        addNumbers(d->parameters, "udelta", {du}, s.where);
        addNumbers(d->parameters, "vscale", {sv}, s.where);
        addNumbers(d->parameters, "vdelta", {1.0 - sv - dv}, s.where);
        std::string encoding = p.getString("encoding", "sRGB");
        if (encoding.starts_with("gamma")) {
            warn(p.find("encoding")->where,
                 fmt::format("encoding \"{}\" is not supported: sRGB stands in", encoding));
            encoding = "sRGB";
        } else if (encoding != "sRGB" && encoding != "linear") {
            throw SceneError(
                p.find("encoding")->where,
                fmt::format("unknown encoding \"{}\" (sRGB, linear or gamma g)", encoding));
        }
        addString(d->parameters, "encoding", encoding, s.where);
        addNumbers(d->parameters, "scale", {p.getFloat("scale", 1.0f)}, s.where);
        addNumbers(d->parameters, "invert", {p.getBool("invert", false) ? 1.0 : 0.0}, s.where);
        if (const std::string wrap = p.getString("wrap", "repeat"); wrap != "repeat")
            warn(p.find("wrap")->where,
                 fmt::format("wrap mode \"{}\" is not supported: \"repeat\" stands in", wrap));
        p.find("filter"); // the filter's kind: lrt filters every image with OpenImageIO
        p.find("maxanisotropy");
    } else if (type == "checkerboard") {
        if (p.getInteger("dimension", 2) != 2)
            warn(p.find("dimension")->where,
                 "3-D checkerboards are not supported: the 2-D one stands in");
        addNumbers(d->parameters, "uscale", {su}, s.where);
        addNumbers(d->parameters, "udelta", {du}, s.where);
        addNumbers(d->parameters, "vscale", {-sv}, s.where);
        addNumbers(d->parameters, "vdelta", {sv + dv}, s.where);
        d->inputs["tex1"] = textureInput(p, "tex1", Color{1, 1, 1}, use);
        d->inputs["tex2"] = textureInput(p, "tex2", Color{0, 0, 0}, use);
    } else if (type == "scale") {
        d->inputs["tex"] = textureInput(p, "tex", Color{1, 1, 1}, use);
        d->inputs["scale"] = textureInput(p, "scale", Color{1, 1, 1}, use);
    } else if (type == "mix") {
        d->inputs["tex1"] = textureInput(p, "tex1", Color{0, 0, 0}, use);
        d->inputs["tex2"] = textureInput(p, "tex2", Color{1, 1, 1}, use);
        d->inputs["amount"] = textureInput(p, "amount", Color{0.5f, 0.5f, 0.5f}, use);
    } else if (type == "constant") {
        d = std::make_shared<TextureDescription>(*textureInput(p, "value", Color{1, 1, 1}, use));
    } else if (type == "bilerp" || type == "directionmix" || type == "dots" || type == "fbm" ||
               type == "marble" || type == "ptex" || type == "windy" || type == "wrinkled") {
        warn(s.where, fmt::format("{} is not supported: a constant 0.5 stands in", what));
        p.markAllUsed();
        d = std::make_shared<TextureDescription>(
            *constantTexture(Color{0.5f, 0.5f, 0.5f}, s.where));
    } else {
        throw SceneError(s.items[2].where, fmt::format("unknown texture class \"{}\"", type));
    }
    reportUnused(p, what);
    (isFloat ? floatTextures_ : spectrumTextures_)[name] = std::move(d);
}

} // namespace lrt::pbrt
