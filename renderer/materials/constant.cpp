// "constant": its parameters and creation.
#include "renderer/materials/constant.h"

namespace lrt {

namespace {

std::unique_ptr<Material> create(const Parameters&, MaterialContext&) {
    return std::make_unique<Constant>();
}

} // namespace

const MaterialEntry Constant::registryEntry{{"constant", {}}, &create};

} // namespace lrt
