// The constant-texture description importers fill number-valued inputs with.
#include "renderer/description/texture_description.h"

namespace lrt {

std::shared_ptr<const TextureDescription> constantTexture(Color value,
                                                          const SourceLocation& where) {
    auto d = std::make_shared<TextureDescription>();
    d->type = "constant";
    d->parameters.add({"value", ParameterType::Color, {value.r, value.g, value.b}, {}, where});
    d->where = where;
    return d;
}

} // namespace lrt
