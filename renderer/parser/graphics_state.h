// RIB's graphics state: the current transform and surface attributes, the stacks that
// TransformBegin and AttributeBegin push them on, the blocks open (so that every End matches its
// Begin), and the named coordinate systems.
#pragma once

#include "renderer/core/scene_error.h"
#include "renderer/core/transform.h"
#include "renderer/parser/scene_description.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lrt {

class GraphicsState {
public:
    Transform& transform() { return transforms_.back(); }
    // The attributes, for a statement that changes them.
    SurfaceAttributes& changeAttributes() {
        shared_.reset();
        return attributes_;
    }
    const SurfaceAttributes& attributes() const { return attributes_; }
    // The attributes as shapes keep them: one shared copy until they change.
    std::shared_ptr<const SurfaceAttributes> sharedAttributes();

    // TransformBegin / AttributeBegin (and ObjectBegin, which opens an attribute block too).
    void pushTransform(const SourceLocation& where);
    void pushAttributes(std::string block, const SourceLocation& where);
    // The matching End: throws SceneError at `where` naming the block left open when `block` is
    // not the innermost one.
    void popTransform(const std::string& end, const SourceLocation& where);
    void popAttributes(const std::string& end, const std::string& block,
                       const SourceLocation& where);
    // The innermost open block, or null.
    struct OpenBlock {
        std::string name;
        SourceLocation where;
    };
    const OpenBlock* innermost() const { return blocks_.empty() ? nullptr : &blocks_.back(); }

    // WorldBegin: fresh attributes, and "camera" and "world" as named coordinate systems.
    void beginWorld(const Transform& worldToCamera);
    void nameCoordinateSystem(const std::string& name) { named_[name] = transform(); }
    // The transform named `name`, or null.
    const Transform* coordinateSystem(const std::string& name) const;

private:
    void closeBlock(const std::string& end, const std::string& block, const SourceLocation& where);

    std::vector<Transform> transforms_{Transform()};
    SurfaceAttributes attributes_;
    std::vector<SurfaceAttributes> attributeStack_;
    std::shared_ptr<const SurfaceAttributes> shared_;
    std::vector<OpenBlock> blocks_;
    std::map<std::string, Transform> named_;
};

} // namespace lrt
