// pbrt-v4's textures as lrt's (renderer/textures/): imagemap, checkerboard (2-D and 3-D), scale,
// mix, constant, bilerp, dots, directionmix, fbm, wrinkled, windy and marble, with pbrt-v4's uv,
// spherical, cylindrical and planar mappings and the texture space current at the Texture
// statement. Float textures are colour textures of three equal channels. ptex stands in as a
// constant, with a warning.
#include "renderer/pbrt/pbrt_importer.h"

#include <fmt/format.h>

namespace lrt::pbrt {

namespace {

// The textures whose 2-D lookups take the surface's (s, t) under a "uv" mapping.
bool readsUv(const TextureDescription& d) {
    const bool twoD = d.type == "imagemap" || d.type == "dots" || d.type == "bilerp" ||
                      (d.type == "checkerboard" && d.parameters.getFloat("dimension", 2) == 2);
    return twoD && d.parameters.getString("mapping", "uv") == "uv";
}

// A texture whose uv lookups run t the other way: t' = a (1 - t) + b becomes t' = -a t + (a + b).
std::shared_ptr<TextureDescription> withFlippedT(const TextureDescription& d) {
    auto flipped = std::make_shared<TextureDescription>(d);
    if (!readsUv(d))
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

std::shared_ptr<const TextureDescription>
Importer::clamped(const std::shared_ptr<const TextureDescription>& d, float high) {
    auto clamp = std::make_shared<TextureDescription>();
    clamp->type = "clamp";
    clamp->where = d->where;
    addNumbers(clamp->parameters, "max", {high}, d->where);
    clamp->inputs["tex"] = d;
    return clamp;
}

// One Texture statement being mapped: its mapping, and one function per family of textures.
class TextureMapping {
public:
    TextureMapping(Importer& importer, const Statement& s, const ParameterList& p,
                   TextureDescription& d)
        : importer_(importer), s_(s), p_(p), d_(d) {}

    // pbrt-v4's 2-D mapping as lrt's. Meshes' t is 1 - v (pbrt_shapes.cpp), so a uv lookup at
    // pbrt's t' = sv v + dv is lrt's -sv t + (sv + dv); the other mappings compute pbrt's own
    // (s, t). pbrt-v4 reads images at 1 - t' (its t runs up them, lrt's down).
    void mapping(bool image) {
        const std::string kind = p_.getString("mapping", "uv");
        if (kind != "uv" && kind != "spherical" && kind != "cylindrical" && kind != "planar")
            throw SceneError(p_.find("mapping")->where,
                             fmt::format("unknown texture mapping \"{}\" (uv, spherical, "
                                         "cylindrical or planar)",
                                         kind));
        const float su = p_.getFloat("uscale", 1.0f), sv = p_.getFloat("vscale", 1.0f),
                    du = p_.getFloat("udelta", 0.0f), dv = p_.getFloat("vdelta", 0.0f);
        addString(d_.parameters, "mapping", kind, s_.where);
        if (kind == "uv") {
            // Images: pbrt-v4 reads row 1 - t' = sv t + (1 - sv - dv) from the top.
            if (image)
                numbers({{"uscale", su}, {"udelta", du}, {"vscale", sv}, {"vdelta", 1 - sv - dv}});
            else
                numbers({{"uscale", su}, {"udelta", du}, {"vscale", -sv}, {"vdelta", sv + dv}});
            return;
        }
        // Spherical and cylindrical mappings have no scale or offset in pbrt-v4; planar ones
        // an offset.
        const bool planar = kind == "planar";
        const float u0 = planar ? du : 0.0f, v0 = planar ? dv : 0.0f;
        if (image)
            numbers({{"uscale", 1}, {"udelta", u0}, {"vscale", -1}, {"vdelta", 1 - v0}});
        else
            numbers({{"uscale", 1}, {"udelta", u0}, {"vscale", 1}, {"vdelta", v0}});
        if (planar)
            for (const char* axis : {"v1", "v2"})
                if (const auto v = p_.getPoint3(axis))
                    addNumbers(d_.parameters, axis, {v->x, v->y, v->z}, s_.where);
    }

    void image() {
        const auto file = p_.getString("filename");
        if (!file)
            throw SceneError(s_.where, "Texture \"imagemap\" needs a \"string filename\"");
        addString(d_.parameters, "filename", *file, p_.find("filename")->where);
        mapping(true);
        std::string encoding = p_.getString("encoding", "sRGB");
        if (encoding.starts_with("gamma")) {
            importer_.warn(
                p_.find("encoding")->where,
                fmt::format("encoding \"{}\" is not supported: sRGB stands in", encoding));
            encoding = "sRGB";
        } else if (encoding != "sRGB" && encoding != "linear") {
            throw SceneError(
                p_.find("encoding")->where,
                fmt::format("unknown encoding \"{}\" (sRGB, linear or gamma g)", encoding));
        }
        addString(d_.parameters, "encoding", encoding, s_.where);
        numbers({{"scale", p_.getFloat("scale", 1.0f)},
                 {"invert", p_.getBool("invert", false) ? 1.0 : 0.0}});
        if (const std::string wrap = p_.getString("wrap", "repeat"); wrap != "repeat")
            importer_.warn(
                p_.find("wrap")->where,
                fmt::format("wrap mode \"{}\" is not supported: \"repeat\" stands in", wrap));
        p_.find("filter"); // the filter's kind: lrt filters every image with OpenImageIO
        p_.find("maxanisotropy");
    }

    void checkerboard() {
        const int dimension = p_.getInteger("dimension", 2);
        if (dimension != 2 && dimension != 3)
            throw SceneError(p_.find("dimension")->where,
                             fmt::format("a checkerboard has dimension 2 or 3, not {}", dimension));
        numbers({{"dimension", dimension}});
        if (dimension == 2)
            mapping(false);
        inputs({{"tex1", Color(1)}, {"tex2", Color(0)}});
    }

    // pbrt-v4 hands "inside" to the texture as its colour outside the dots and "outside" as the
    // one inside (its constructor's order is the other way round to its Create's), and renders
    // that; lrt follows the pictures, not the names.
    void dots() {
        mapping(false);
        d_.inputs["outside"] = importer_.textureInput(p_, "inside", Color(1), kUse);
        d_.inputs["inside"] = importer_.textureInput(p_, "outside", Color(0), kUse);
    }

    void bilerp() {
        mapping(false);
        for (const auto& [corner, fallback] : {std::pair{"v00", 0.0f}, std::pair{"v01", 1.0f},
                                               std::pair{"v10", 0.0f}, std::pair{"v11", 1.0f}}) {
            const Parameter* given = p_.find(corner);
            const Color c = !given                   ? Color(fallback)
                            : given->type == "float" ? Color(*p_.getFloat(corner))
                                                     : *importer_.rgb(p_, corner, kUse);
            addColor(d_.parameters, corner, c, s_.where);
        }
    }

    void directionMix() {
        const Vec3 dir = p_.getPoint3("dir").value_or(Vec3{0, 1, 0});
        addNumbers(d_.parameters, "dir", {dir.x, dir.y, dir.z}, s_.where);
        inputs({{"tex1", Color(0)}, {"tex2", Color(1)}});
    }

    // fbm, wrinkled and marble: octaves and roughness (and marble's scale and variation).
    void noise(bool marble) {
        numbers({{"octaves", p_.getInteger("octaves", 8)},
                 {"roughness", p_.getFloat("roughness", 0.5f)}});
        if (marble)
            numbers({{"scale", p_.getFloat("scale", 1.0f)},
                     {"variation", p_.getFloat("variation", 0.2f)}});
    }

    void scale() { inputs({{"tex", Color(1)}, {"scale", Color(1)}}); }
    void mix() { inputs({{"tex1", Color(0)}, {"tex2", Color(1)}, {"amount", Color(0.5f)}}); }

private:
    static constexpr SpectrumUse kUse = SpectrumUse::Reflectance;

    void numbers(std::initializer_list<std::pair<const char*, double>> values) {
        for (const auto& [name, value] : values)
            addNumbers(d_.parameters, name, {value}, s_.where);
    }
    void inputs(std::initializer_list<std::pair<const char*, Color>> slots) {
        for (const auto& [slot, fallback] : slots)
            d_.inputs[slot] = importer_.textureInput(p_, slot, fallback, kUse);
    }

    Importer& importer_;
    const Statement& s_;
    const ParameterList& p_;
    TextureDescription& d_;
};

void Importer::texture(const Statement& s) {
    const std::string name = s.stringAt(0), kind = s.stringAt(1), type = s.stringAt(2);
    if (kind != "spectrum" && kind != "float" && kind != "color" && kind != "rgb")
        throw SceneError(s.items[1].where,
                         fmt::format("a texture is \"spectrum\" or \"float\", not \"{}\"", kind));
    const ParameterList p = parameters(s, 3, "texture");
    const std::string what = fmt::format("Texture \"{}\" \"{}\"", name, type);
    auto d = std::make_shared<TextureDescription>();
    d->type = type;
    d->directory = directory_;
    d->where = s.where;
    d->worldToTexture = stack_.transform().inverse();
    TextureMapping mapping(*this, s, p, *d);
    if (type == "imagemap") {
        mapping.image();
    } else if (type == "checkerboard") {
        mapping.checkerboard();
    } else if (type == "dots") {
        mapping.dots();
    } else if (type == "bilerp") {
        mapping.bilerp();
    } else if (type == "directionmix") {
        mapping.directionMix();
    } else if (type == "fbm" || type == "wrinkled" || type == "marble") {
        mapping.noise(type == "marble");
    } else if (type == "windy") {
    } else if (type == "scale") {
        mapping.scale();
    } else if (type == "mix") {
        mapping.mix();
    } else if (type == "constant") {
        d = std::make_shared<TextureDescription>(
            *textureInput(p, "value", Color{1, 1, 1}, SpectrumUse::Reflectance));
    } else if (type == "ptex") {
        warn(s.where, fmt::format("{} is not supported: a constant 0.5 stands in", what));
        p.markAllUsed();
        d = std::make_shared<TextureDescription>(
            *constantTexture(Color{0.5f, 0.5f, 0.5f}, s.where));
    } else {
        throw SceneError(s.items[2].where, fmt::format("unknown texture class \"{}\"", type));
    }
    reportUnused(p, what);
    (kind == "float" ? floatTextures_ : spectrumTextures_)[name] = std::move(d);
}

} // namespace lrt::pbrt
