#include "renderer/pbrt/spectra.h"

#include <array>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <string_view>

namespace lrt::pbrt {

namespace {

// One lobe of the analytic colour-matching functions: a Gaussian with different widths below and
// above its peak.
double lobe(double lambda, double mean, double below, double above) {
    const double t = (lambda - mean) / (lambda < mean ? below : above);
    return std::exp(-0.5 * t * t);
}

// CIE 1931 x-bar, y-bar, z-bar at `lambda` nm (the multi-lobe fit of Wyman, Sloan and Shirley).
std::array<double, 3> colourMatching(double lambda) {
    return {1.056 * lobe(lambda, 599.8, 37.9, 31.0) + 0.362 * lobe(lambda, 442.0, 16.0, 26.7) -
                0.065 * lobe(lambda, 501.1, 20.4, 26.2),
            0.821 * lobe(lambda, 568.8, 46.9, 40.5) + 0.286 * lobe(lambda, 530.9, 16.3, 31.1),
            1.217 * lobe(lambda, 437.0, 11.8, 36.0) + 0.681 * lobe(lambda, 459.0, 26.0, 13.8)};
}

// CIE XYZ to linear sRGB (IEC 61966-2-1, D65 white).
Color xyzToSrgb(const std::array<double, 3>& xyz) {
    const auto [x, y, z] = xyz;
    return Color{static_cast<float>(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
                 static_cast<float>(-0.9692660 * x + 1.8760108 * y + 0.0415560 * z),
                 static_cast<float>(0.0556434 * x - 0.2040259 * y + 1.0572252 * z)};
}

// The XYZ of spectrum `s` over the visible range, 1 nm steps.
std::array<double, 3> integrateXyz(const std::function<double(double)>& s) {
    std::array<double, 3> xyz{0, 0, 0};
    for (double lambda = 360; lambda <= 830; lambda += 1) {
        const double v = s(lambda);
        const auto cmf = colourMatching(lambda);
        for (std::size_t i = 0; i < 3; ++i)
            xyz[i] += v * cmf[i];
    }
    return xyz;
}

double planck(double lambdaNm, double kelvin) {
    constexpr double c = 299792458.0, h = 6.62606957e-34, kb = 1.3806488e-23;
    const double l = lambdaNm * 1e-9;
    return 2 * h * c * c / (std::pow(l, 5) * (std::exp(h * c / (l * kb * kelvin)) - 1));
}

Color scaledToLuminanceOne(const std::array<double, 3>& xyz) {
    std::array<double, 3> scaled = xyz;
    for (double& v : scaled)
        v /= xyz[1];
    return xyzToSrgb(scaled);
}

// A piecewise-linear spectrum from pbrt's (wavelength value) pairs, zero outside them.
double sampled(const std::vector<double>& pairs, double lambda) {
    const std::size_t n = pairs.size() / 2;
    if (lambda < pairs[0] || lambda > pairs[2 * (n - 1)])
        return 0.0;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const double l0 = pairs[2 * i], l1 = pairs[2 * i + 2];
        if (lambda <= l1)
            return pairs[2 * i + 1] +
                   (pairs[2 * i + 3] - pairs[2 * i + 1]) * (lambda - l0) / (l1 - l0);
    }
    return pairs[2 * n - 1];
}

struct NamedSpectrum {
    std::string_view name;
    Color rgb; // at 610, 550 and 465 nm for indices; the colour for illuminants
    SpectrumUse use;
};

// pbrt-v4's named spectra, as RGB: conductors' eta and k at the three wavelengths (from the same
// measured data pbrt-v4 tabulates: refractiveindex.info), glasses' index at 550 nm, illuminants'
// colours at luminance one.
const NamedSpectrum kNamed[] = {
    {"metal-Ag-eta", {0.155f, 0.117f, 0.138f}, SpectrumUse::Unbounded},
    {"metal-Ag-k", {4.828f, 3.122f, 2.147f}, SpectrumUse::Unbounded},
    {"metal-Al-eta", {1.657f, 0.880f, 0.521f}, SpectrumUse::Unbounded},
    {"metal-Al-k", {9.224f, 6.270f, 4.837f}, SpectrumUse::Unbounded},
    {"metal-Au-eta", {0.143f, 0.374f, 1.442f}, SpectrumUse::Unbounded},
    {"metal-Au-k", {3.983f, 2.385f, 1.603f}, SpectrumUse::Unbounded},
    {"metal-Cu-eta", {0.200f, 0.924f, 1.102f}, SpectrumUse::Unbounded},
    {"metal-Cu-k", {3.912f, 2.452f, 2.142f}, SpectrumUse::Unbounded},
    {"metal-CuZn-eta", {0.444f, 0.527f, 1.094f}, SpectrumUse::Unbounded},
    {"metal-CuZn-k", {3.695f, 2.765f, 1.829f}, SpectrumUse::Unbounded},
    {"metal-MgO-eta", {1.732f, 1.738f, 1.760f}, SpectrumUse::Unbounded},
    {"metal-MgO-k", {0.0f, 0.0f, 0.0f}, SpectrumUse::Unbounded},
    {"metal-TiO2-eta", {2.742f, 2.875f, 3.064f}, SpectrumUse::Unbounded},
    {"metal-TiO2-k", {0.0f, 0.0f, 0.0f}, SpectrumUse::Unbounded},
    {"glass-BK7", {1.5187f, 1.5187f, 1.5187f}, SpectrumUse::Unbounded},
    {"glass-BAF10", {1.6724f, 1.6724f, 1.6724f}, SpectrumUse::Unbounded},
    {"glass-FK51A", {1.4875f, 1.4875f, 1.4875f}, SpectrumUse::Unbounded},
    {"glass-LASF9", {1.8551f, 1.8551f, 1.8551f}, SpectrumUse::Unbounded},
    {"glass-F5", {1.6055f, 1.6055f, 1.6055f}, SpectrumUse::Unbounded},
    {"glass-F10", {1.7306f, 1.7306f, 1.7306f}, SpectrumUse::Unbounded},
    {"glass-F11", {1.7871f, 1.7871f, 1.7871f}, SpectrumUse::Unbounded},
    {"stdillum-D65", {1, 1, 1}, SpectrumUse::Illuminant},
};

std::string_view useName(SpectrumUse use) {
    return use == SpectrumUse::Reflectance  ? "reflectance"
           : use == SpectrumUse::Illuminant ? "illuminant"
                                            : "index";
}

RgbValue named(const Parameter& p, SpectrumUse use) {
    const std::string& name = p.strings[0];
    if (name == "stdillum-A")
        return {blackbody(2856), ""};
    for (const NamedSpectrum& n : kNamed)
        if (n.name == name) {
            std::string note;
            if (n.use != use)
                note = fmt::format("the {} spectrum \"{}\" is used as {}", useName(n.use), name,
                                   useName(use));
            else if (name.starts_with("glass-"))
                note = fmt::format("\"{}\" has one index of refraction, {:.4f} (its value at "
                                   "550 nm), without dispersion",
                                   name, n.rgb.g);
            else if (name.starts_with("metal-"))
                note = fmt::format("\"{}\" is sampled at 610, 550 and 465 nm", name);
            return {n.rgb, note};
        }
    if (name.starts_with("stdillum-") || name.starts_with("illum-"))
        return {{1, 1, 1}, fmt::format("the illuminant \"{}\" is rendered white (D65)", name)};
    throw SceneError(p.where, fmt::format("unknown named spectrum \"{}\"", name));
}

} // namespace

Color blackbody(double kelvin) {
    return scaledToLuminanceOne(integrateXyz([&](double l) { return planck(l, kelvin); }));
}

RgbValue rgbOf(const Parameter& p, SpectrumUse use) {
    if (p.type == "rgb" || p.type == "color") {
        if (p.numbers.size() != 3)
            throw SceneError(p.where, fmt::format("'{}' takes one rgb value, found {} numbers",
                                                  p.name, p.numbers.size()));
        return {{static_cast<float>(p.numbers[0]), static_cast<float>(p.numbers[1]),
                 static_cast<float>(p.numbers[2])},
                ""};
    }
    if (p.type == "blackbody") {
        if (p.numbers.size() != 1 || !(p.numbers[0] > 0))
            throw SceneError(p.where, fmt::format("blackbody '{}' takes one temperature in "
                                                  "kelvin, above 0",
                                                  p.name));
        return {blackbody(p.numbers[0]), ""};
    }
    if (p.type != "spectrum")
        throw SceneError(p.where, fmt::format("parameter '{}' must be a spectrum, rgb or "
                                              "blackbody, not {}",
                                              p.name, p.type));
    if (!p.strings.empty())
        return named(p, use);
    for (std::size_t i = 2; i < p.numbers.size(); i += 2)
        if (!(p.numbers[i] > p.numbers[i - 2]))
            throw SceneError(p.where, fmt::format("spectrum '{}' must list increasing "
                                                  "wavelengths",
                                                  p.name));
    const auto& pairs = p.numbers;
    switch (use) {
    case SpectrumUse::Illuminant:
        return {scaledToLuminanceOne(integrateXyz([&](double l) { return sampled(pairs, l); })),
                ""};
    case SpectrumUse::Reflectance: {
        // Lit by a 6504 K black body, the D65 white's correlated colour temperature.
        // Lit by a 6504 K black body (the D65 white's correlated colour temperature), balanced so
        // that a reflectance of 1 is white.
        const auto lit =
            integrateXyz([&](double l) { return sampled(pairs, l) * planck(l, 6504); });
        const auto white = integrateXyz([&](double l) { return planck(l, 6504); });
        const Color a = xyzToSrgb(lit), w = xyzToSrgb(white);
        return {{a.r / w.r, a.g / w.g, a.b / w.b},
                fmt::format("the sampled spectrum '{}' is converted to RGB under a 6504 K black "
                            "body in place of D65",
                            p.name)};
    }
    case SpectrumUse::Unbounded:
        break;
    }
    return {{static_cast<float>(sampled(pairs, 610)), static_cast<float>(sampled(pairs, 550)),
             static_cast<float>(sampled(pairs, 465))},
            fmt::format("the sampled spectrum '{}' is sampled at 610, 550 and 465 nm", p.name)};
}

} // namespace lrt::pbrt
