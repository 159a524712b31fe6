// pbrt-v4's lights as lrt's: point, spot, distant and uniform infinite lights map exactly (an rgb
// value is the radiance or intensity lrt renders; "power" is converted as pbrt-v4 does); diffuse
// area lights become lrt's area light over the shapes that follow.
#include "renderer/pbrt/pbrt_importer.h"

#include <cmath>
#include <fmt/format.h>
#include <numbers>

namespace lrt::pbrt {

namespace {

float luminance(Color c) {
    return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
}

constexpr float kPi = std::numbers::pi_v<float>;

} // namespace

void Importer::lightSource(const Statement& s) {
    const std::string type = s.stringAt(0);
    const ParameterList p = parameters(s, 1, "light");
    const std::string what = fmt::format("LightSource \"{}\"", type);
    if (type == "goniometric" || type == "projection")
        throw SceneError(s.items[0].where,
                         fmt::format("{} is not supported by lrt (its image-defined emission has "
                                     "no counterpart)",
                                     what));
    LightDescription d{"", {}, stack_.transform(), s.where};
    float scale = p.getFloat("scale", 1.0f);
    const auto power = p.getFloat("power");
    const bool delta = type == "point" || type == "spot";
    Color color = rgb(p, delta ? "I" : "L", SpectrumUse::Illuminant).value_or(Color{1, 1, 1});
    if (type == "point" || type == "spot") {
        d.type = type == "point" ? "pointlight" : "spotlight";
        const Vec3 from = p.getPoint3("from").value_or(Vec3{0, 0, 0});
        addNumbers(d.parameters, "from", {from.x, from.y, from.z}, s.where);
        float solidAngle = 4 * kPi;
        if (type == "spot") {
            const Vec3 to = p.getPoint3("to").value_or(Vec3{0, 0, 1});
            const float cone = p.getFloat("coneangle", 30.0f),
                        delta = p.getFloat("conedeltaangle", 5.0f);
            addNumbers(d.parameters, "to", {to.x, to.y, to.z}, s.where);
            addNumbers(d.parameters, "coneangle", {cone}, s.where);
            addNumbers(d.parameters, "conedeltaangle", {delta}, s.where);
            addNumbers(d.parameters, "beamdistribution", {0.0}, s.where); // pbrt-v4's falloff
            const float degrees = kPi / 180;
            solidAngle =
                2 * kPi *
                (1 - 0.5f * (std::cos((cone - delta) * degrees) + std::cos(cone * degrees)));
        }
        if (power && luminance(color) > 0) { // pbrt-v4: the spectrum at one nit, times power / k_e
            color = color / luminance(color);
            scale *= *power / solidAngle;
        }
    } else if (type == "distant") {
        d.type = "distantlight";
        const Vec3 from = p.getPoint3("from").value_or(Vec3{0, 0, 0});
        const Vec3 to = p.getPoint3("to").value_or(Vec3{0, 0, 1});
        addNumbers(d.parameters, "from", {from.x, from.y, from.z}, s.where);
        addNumbers(d.parameters, "to", {to.x, to.y, to.z}, s.where);
        if (power)
            warn(p.find("power")->where, "\"power\" of a distant light is not supported: "
                                         "its L and scale are used");
    } else if (type == "infinite") {
        d.type = "infinite";
        if (const auto file = p.getString("filename")) {
            addString(d.parameters, "mapname", resolve(*file).string(), p.find("filename")->where);
            addString(d.parameters, "mapping", "equalarea", s.where);
            if (p.find("L"))
                throw SceneError(p.find("L")->where,
                                 "an infinite light takes \"L\" or \"filename\", not both");
        }
        if (const auto illuminance = p.getFloat("illuminance"); illuminance && luminance(color) > 0)
            scale *= *illuminance / (kPi * luminance(color)); // E = pi L for a uniform sky
        if (power)
            warn(p.find("power")->where, "\"power\" of an infinite light is not supported");
        p.find("portal"); // where the light is sampled from: noise, not the image
    } else {
        throw SceneError(s.items[0].where,
                         fmt::format("unknown LightSource \"{}\" (pbrt-v4 has \"point\", "
                                     "\"spot\", \"distant\", \"infinite\", \"goniometric\" and "
                                     "\"projection\")",
                                     type));
    }
    addColor(d.parameters, "lightcolor", color, s.where);
    addNumbers(d.parameters, "intensity", {scale}, s.where);
    reportUnused(p, what);
    world_.lights.push_back(std::move(d));
}

void Importer::areaLightSource(const Statement& s) {
    const std::string type = s.stringAt(0);
    if (type != "diffuse")
        throw SceneError(
            s.items[0].where,
            fmt::format("unknown AreaLightSource \"{}\" (pbrt-v4 has \"diffuse\")", type));
    const ParameterList p = parameters(s, 1, "light");
    LightDescription d{"arealight", {}, Transform(), s.where};
    addColor(d.parameters, "lightcolor",
             rgb(p, "L", SpectrumUse::Illuminant).value_or(Color{1, 1, 1}), s.where);
    addNumbers(d.parameters, "intensity", {p.getFloat("scale", 1.0f)}, s.where);
    addNumbers(d.parameters, "twosided", {p.getBool("twosided", false) ? 1.0 : 0.0}, s.where);
    if (p.getString("filename"))
        warn(p.find("filename")->where, "image-textured emission is not supported: L is used");
    if (p.getFloat("power"))
        warn(p.find("power")->where,
             "\"power\" of an area light is not supported: its L and scale are used");
    reportUnused(p, "AreaLightSource \"diffuse\"");
    stack_.attributes().areaLight = static_cast<int>(world_.lights.size());
    world_.lights.push_back(std::move(d));
}

} // namespace lrt::pbrt
