// RIB's graphics state: the shared block stack (graphics_stack.h) over the .lrt reader's surface
// attributes, which shapes keep as one shared copy until a statement changes them.
#pragma once

#include "renderer/description/scene_description.h"
#include "renderer/parser/graphics_stack.h"

#include <memory>
#include <string>

namespace lrt {

class GraphicsState {
public:
    Transform& transform() { return stack_.transform(); }
    // The attributes, for a statement that changes them.
    SurfaceAttributes& changeAttributes() {
        shared_.reset();
        return stack_.attributes();
    }
    const SurfaceAttributes& attributes() const { return stack_.attributes(); }
    // The attributes as shapes keep them: one shared copy until they change.
    std::shared_ptr<const SurfaceAttributes> sharedAttributes();

    // TransformBegin, AttributeBegin and ObjectBegin (an attribute block too), and their Ends;
    // an End that does not close the innermost block is a SceneError at `where`.
    void pushTransform(const SourceLocation& where) { stack_.push("TransformBegin", where, false); }
    void pushAttributes(std::string block, const SourceLocation& where) {
        stack_.push(std::move(block), where, true);
    }
    void popTransform(const std::string& end, const SourceLocation& where) {
        stack_.pop(end, "TransformBegin", where);
    }
    void popAttributes(const std::string& end, const std::string& block,
                       const SourceLocation& where) {
        stack_.pop(end, block, where);
        shared_.reset();
    }
    void requireNoOpenBlock(std::string_view statement, const SourceLocation& where,
                            std::string_view advice = "") const {
        stack_.requireNoOpenBlock(statement, where, advice);
    }

    // WorldBegin: fresh attributes, and "camera" and "world" as named coordinate systems.
    void beginWorld(const Transform& worldToCamera);
    void nameCoordinateSystem(const std::string& name) {
        stack_.nameCoordinateSystem(name, transform());
    }
    const Transform& coordinateSystem(const std::string& name, const SourceLocation& where) const {
        return stack_.coordinateSystem(name, where);
    }

private:
    GraphicsStack<SurfaceAttributes> stack_;
    std::shared_ptr<const SurfaceAttributes> shared_;
};

} // namespace lrt
