// The graphics state both scene readers keep, RenderMan's RIB (.lrt) and pbrt-v4: the current
// transform and attributes, the blocks that save them (TransformBegin saves the transform;
// AttributeBegin and ObjectBegin save both), every End matched to its Begin, and the named
// coordinate systems. Each reader supplies its own Attributes (what its statements set).
#pragma once

#include "renderer/core/scene_error.h"
#include "renderer/core/transform.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

struct OpenBlock {
    std::string name; // the Begin statement: "AttributeBegin", "TransformBegin", "ObjectBegin"
    SourceLocation where;
};

// The message for an `end` statement that does not close `block` because `innermost` (null when
// no block is open) is open inside it, or none is.
std::string unmatchedEndMessage(const std::string& end, const std::string& block,
                                const OpenBlock* innermost);
// Throws SceneError at `where`, "WorldBegin inside AttributeBegin (opened at line 3)" and then
// `advice`, when `open` is a block: for a statement that must not come inside one.
void refuseInsideBlock(std::string_view statement, const OpenBlock* open,
                       const SourceLocation& where, std::string_view advice = "");

template <typename Attributes>
class GraphicsStack {
public:
    Transform& transform() { return transform_; }
    const Transform& transform() const { return transform_; }
    Attributes& attributes() { return attributes_; }
    const Attributes& attributes() const { return attributes_; }

    // Opens `block` at `where`, saving the transform, and the attributes when `savesAttributes`.
    void push(std::string block, const SourceLocation& where, bool savesAttributes) {
        saved_.push_back({{std::move(block), where},
                          transform_,
                          savesAttributes ? std::optional(attributes_) : std::nullopt});
    }
    // The `end` statement of `block`: restores what its Begin saved. Throws SceneError at `where`
    // when `block` is not the innermost open block.
    void pop(const std::string& end, const std::string& block, const SourceLocation& where) {
        if (saved_.empty() || saved_.back().block.name != block)
            throw SceneError(where, unmatchedEndMessage(end, block, innermost()));
        transform_ = saved_.back().transform;
        if (saved_.back().attributes)
            attributes_ = std::move(*saved_.back().attributes);
        saved_.pop_back();
    }
    // The innermost open block, or null.
    const OpenBlock* innermost() const { return saved_.empty() ? nullptr : &saved_.back().block; }
    // Throws SceneError (refuseInsideBlock) when a block is open at `statement`.
    void requireNoOpenBlock(std::string_view statement, const SourceLocation& where,
                            std::string_view advice = "") const {
        refuseInsideBlock(statement, innermost(), where, advice);
    }

    void nameCoordinateSystem(const std::string& name, const Transform& t) { named_[name] = t; }
    // What CoordSysTransform `name` restores: the transform CoordinateSystem (or WorldBegin, for
    // "camera" and "world") named so; SceneError at `where` when none was.
    const Transform& coordinateSystem(const std::string& name, const SourceLocation& where) const {
        const auto it = named_.find(name);
        if (it == named_.end())
            throw SceneError(where, "unknown coordinate system '" + name + "'");
        return it->second;
    }

private:
    struct Saved {
        OpenBlock block;
        Transform transform;
        std::optional<Attributes> attributes;
    };
    Transform transform_;
    Attributes attributes_{};
    std::vector<Saved> saved_;
    std::map<std::string, Transform> named_;
};

} // namespace lrt
