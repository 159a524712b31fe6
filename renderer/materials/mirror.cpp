// "mirror": its parameters and creation.
#include "renderer/materials/mirror.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"Kr", Float, 1.0f, {}, "strength of the reflection, times Color"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    return std::make_unique<Mirror>(p.getFloat("Kr"));
}

} // namespace

const MaterialEntry Mirror::registryEntry{{"mirror", kParameters}, &create};

} // namespace lrt
