// The .lrt reader's graphics state: shared attributes, and WorldBegin's fresh start.
#include "renderer/parser/graphics_state.h"

namespace lrt {

std::shared_ptr<const SurfaceAttributes> GraphicsState::sharedAttributes() {
    if (!shared_)
        shared_ = std::make_shared<const SurfaceAttributes>(stack_.attributes());
    return shared_;
}

void GraphicsState::beginWorld(const Transform& worldToCamera) {
    stack_.nameCoordinateSystem("camera", worldToCamera.inverse());
    stack_.nameCoordinateSystem("world", Transform());
    transform() = Transform();
    changeAttributes() = SurfaceAttributes{};
}

} // namespace lrt
