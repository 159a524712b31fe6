// The defaults of the Shape interface.
#include "renderer/shapes/shape.h"

#include <stdexcept>

namespace lrt {

AreaSample Shape::sampleArea(Vec2) const {
    throw std::logic_error("sampleArea called on a shape that cannot sample its area");
}

float Shape::pdfArea(unsigned, const LocalGeometry&) const {
    throw std::logic_error("pdfArea called on a shape that cannot sample its area");
}

} // namespace lrt
