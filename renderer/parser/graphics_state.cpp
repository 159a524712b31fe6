// Pushing and popping the graphics state, with block matching.
#include "renderer/parser/graphics_state.h"

#include <fmt/format.h>

namespace lrt {

std::shared_ptr<const SurfaceAttributes> GraphicsState::sharedAttributes() {
    if (!shared_)
        shared_ = std::make_shared<const SurfaceAttributes>(attributes_);
    return shared_;
}

void GraphicsState::pushTransform(const SourceLocation& where) {
    transforms_.push_back(transform());
    blocks_.push_back({"TransformBegin", where});
}

void GraphicsState::pushAttributes(std::string block, const SourceLocation& where) {
    transforms_.push_back(transform());
    attributeStack_.push_back(attributes_);
    blocks_.push_back({std::move(block), where});
}

void GraphicsState::closeBlock(const std::string& end, const std::string& block,
                               const SourceLocation& where) {
    if (blocks_.empty() || blocks_.back().name != block)
        throw SceneError(where, blocks_.empty()
                                    ? fmt::format("{} without {}", end, block)
                                    : fmt::format("{} closes {} opened at line {}", end,
                                                  blocks_.back().name, blocks_.back().where.line));
    blocks_.pop_back();
}

void GraphicsState::popTransform(const std::string& end, const SourceLocation& where) {
    closeBlock(end, "TransformBegin", where);
    transforms_.pop_back();
}

void GraphicsState::popAttributes(const std::string& end, const std::string& block,
                                  const SourceLocation& where) {
    closeBlock(end, block, where);
    transforms_.pop_back();
    attributes_ = attributeStack_.back();
    attributeStack_.pop_back();
    shared_.reset();
}

void GraphicsState::beginWorld(const Transform& worldToCamera) {
    named_["camera"] = worldToCamera.inverse();
    named_["world"] = Transform();
    transform() = Transform();
    attributes_ = SurfaceAttributes{};
    attributeStack_.clear();
    shared_.reset();
}

const Transform* GraphicsState::coordinateSystem(const std::string& name) const {
    const auto it = named_.find(name);
    return it == named_.end() ? nullptr : &it->second;
}

} // namespace lrt
