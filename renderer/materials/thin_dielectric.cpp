#include "renderer/materials/thin_dielectric.h"

#include "renderer/materials/thin_dielectric_bxdf.h"

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"eta", ValueKind::Float, 1.5f, kReal.above(0), "index of refraction of the sheet"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    return std::make_unique<ThinDielectric>(p.getFloat("eta"));
}

} // namespace

const MaterialEntry ThinDielectric::registryEntry{{"thindielectric", kParameters}, &create};

void ThinDielectric::withBxdf(const ShadingPoint&, FunctionRef<void(const Bxdf&)> use) const {
    use(ThinDielectricBxdf(eta_));
}

} // namespace lrt
