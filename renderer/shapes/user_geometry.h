// Embree user geometry for shapes that intersect rays themselves (the quadrics, signed-distance
// shapes): one primitive whose bounds are the shape's object-space box placed in scene space, and
// intersection and occlusion callbacks that ask the shape for its nearest hit.
#pragma once

#include "renderer/shapes/shape.h"

#include <optional>

namespace lrt {

class UserGeometryShape : public Shape {
public:
    using Shape::Shape;

    RTCGeometry createGeometry(RTCDevice device) const final;
    // The object-space box placed in scene space, a little wider for the rounding of the corners.
    Bounds3 sceneBounds() const final;

    // A hit as Embree records it: the ray parameter and the surface parameters (u, v).
    struct Hit {
        double t;
        float u = 0, v = 0;
    };
    // The nearest hit in (tMin, tMax) of a scene-space ray, or nullopt.
    virtual std::optional<Hit> intersectScene(const float origin[3], const float direction[3],
                                              float tMin, float tMax) const = 0;
    // Whether a scene-space ray hits the shape in (tMin, tMax): a shadow ray's question, which a
    // shape may answer without working out where.
    virtual bool occludesScene(const float origin[3], const float direction[3], float tMin,
                               float tMax) const {
        return intersectScene(origin, direction, tMin, tMax).has_value();
    }

protected:
    // A box around the shape in its object space.
    virtual Bounds3 objectBounds() const = 0;

private:
    static void boundsCallback(const RTCBoundsFunctionArguments* args);
    static void intersectCallback(const RTCIntersectFunctionNArguments* args);
    static void occludedCallback(const RTCOccludedFunctionNArguments* args);
};

} // namespace lrt
