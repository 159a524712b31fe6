// Fresnel reflectance of the boundaries lrt's materials have: a dielectric (real index) and a
// conductor (complex index eta + i k, per colour channel), both unpolarised, as pbrt-v4's
// FrDielectric and FrComplex define them.
#pragma once

#include "renderer/core/color.h"

namespace lrt {

// Reflectance for light at cosThetaI (> 0) going from a medium of index etaI into one of index
// etaT; 1 under total internal reflection.
float fresnelDielectric(float cosThetaI, float etaI, float etaT);

// Reflectance of an interface of relative index eta (inside over outside) for light at
// cosThetaI from the normal, negative when it arrives from inside.
float fresnelDielectric(float cosThetaI, float eta);

// Reflectance of a conductor of complex index eta + i k for light at cosThetaI (>= 0).
float fresnelConductor(float cosThetaI, float eta, float k);
Color fresnelConductor(float cosThetaI, Color eta, Color k);

// pbrt-v4's "reflectance" form of a conductor: the k (with eta 1) whose normal-incidence
// reflectance is r, per channel (r clamped to [0, 0.9999]).
Color conductorKOfReflectance(Color r);

} // namespace lrt
