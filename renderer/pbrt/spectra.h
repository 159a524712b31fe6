// pbrt-v4's spectral values as the RGB lrt renders with: rgb values as they are, blackbody
// temperatures and sampled spectra through the CIE 1931 observer (Wyman, Sloan and Shirley's
// analytic fit, JCGT 2013) to linear sRGB, and pbrt-v4's named spectra from a table of RGB
// equivalents. What is not exact says so, for the importer's warning.
#pragma once

#include "renderer/core/color.h"
#include "renderer/pbrt/pbrt_parameters.h"

#include <string>

namespace lrt::pbrt {

// What a spectrum stands for, which decides how it becomes RGB.
enum class SpectrumUse {
    Reflectance, // in [0, 1]: its colour under the sRGB white (D65)
    Illuminant,  // emitted light: its colour, scaled to luminance 1 as pbrt-v4 normalises it
    Unbounded,   // an index of refraction or absorption: sampled at 610, 550 and 465 nm
};

struct RgbValue {
    Color rgb;
    std::string approximation; // empty when the RGB value is what pbrt-v4 renders
};

// The value of a parameter of type rgb, color, blackbody or spectrum (numbers or a name); throws
// SceneError at the parameter for an unknown spectrum name, a non-increasing wavelength list or a
// temperature that is not positive.
RgbValue rgbOf(const Parameter& parameter, SpectrumUse use);

// The linear sRGB colour of a black body at `kelvin`, scaled to luminance 1.
Color blackbody(double kelvin);

} // namespace lrt::pbrt
