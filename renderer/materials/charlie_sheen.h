// The sheen of KHR_materials_sheen: the "Charlie" distribution of Estevez and Kulla ("Production
// Friendly Microfacet Sheen BRDF", 2017), D(h) = (2 + 1/alpha) sin(theta_h)^(1/alpha) / 2 pi,
// with their fitted visibility, as the glTF extension defines the sheen lobe; and its directional
// albedo E(cos theta, alpha), which the extension scales the layers under the sheen by.
#pragma once

#include "renderer/core/vector.h"

namespace lrt {

class CharlieSheen {
public:
    // `roughness`: KHR_materials_sheen's sheenRoughness in [0, 1] (alpha is its square).
    explicit CharlieSheen(float roughness);
    // D V / (4 cos_o cos_i): the lobe's BRDF for a sheen colour of 1, both directions above.
    float f(Vec3 wo, Vec3 wi) const;
    // Its directional albedo seen from cos theta = mu (in [0, 1]).
    float albedo(float mu) const;

private:
    float lambda(float cosTheta) const;
    float alpha_;
};

} // namespace lrt
