// The user-geometry callbacks, shared by every shape that intersects rays itself.
#include "renderer/shapes/user_geometry.h"

#include <cmath>

namespace lrt {

RTCGeometry UserGeometryShape::createGeometry(RTCDevice device) const {
    RTCGeometry geometry = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_USER);
    rtcSetGeometryUserPrimitiveCount(geometry, 1);
    rtcSetGeometryUserData(geometry, const_cast<UserGeometryShape*>(this));
    rtcSetGeometryBoundsFunction(geometry, &UserGeometryShape::boundsCallback, nullptr);
    rtcSetGeometryIntersectFunction(geometry, &UserGeometryShape::intersectCallback);
    rtcSetGeometryOccludedFunction(geometry, &UserGeometryShape::occludedCallback);
    rtcCommitGeometry(geometry);
    return geometry;
}

Bounds3 UserGeometryShape::sceneBounds() const {
    const Bounds3 b = objectBounds();
    Bounds3 scene;
    for (int corner = 0; corner < 8; ++corner)
        scene.extend(objectToScene().point({corner & 1 ? b.upper.x : b.lower.x,
                                            corner & 2 ? b.upper.y : b.lower.y,
                                            corner & 4 ? b.upper.z : b.lower.z}));
    // A little slack for the float transform of the corners.
    const Vec3 pad = (scene.upper - scene.lower) * 1e-5f + Vec3{1e-6f, 1e-6f, 1e-6f};
    return {scene.lower - pad, scene.upper + pad};
}

void UserGeometryShape::boundsCallback(const RTCBoundsFunctionArguments* args) {
    const auto* shape = static_cast<const UserGeometryShape*>(args->geometryUserPtr);
    const Bounds3 b = shape->sceneBounds();
    *args->bounds_o = {b.lower.x, b.lower.y, b.lower.z, 0, b.upper.x, b.upper.y, b.upper.z, 0};
}

void UserGeometryShape::intersectCallback(const RTCIntersectFunctionNArguments* args) {
    if (!args->valid[0])
        return;
    const auto* shape = static_cast<const UserGeometryShape*>(args->geometryUserPtr);
    auto* rayhit = reinterpret_cast<RTCRayHit*>(args->rayhit);
    RTCRay& ray = rayhit->ray;
    const float org[3] = {ray.org_x, ray.org_y, ray.org_z};
    const float dir[3] = {ray.dir_x, ray.dir_y, ray.dir_z};
    const auto hit = shape->intersectScene(org, dir, ray.tnear, ray.tfar);
    if (!hit)
        return;
    ray.tfar = static_cast<float>(hit->t);
    RTCHit& h = rayhit->hit;
    h.u = hit->u;
    h.v = hit->v;
    h.Ng_x = 0, h.Ng_y = 0, h.Ng_z = 1; // unused: the shape gives its geometry at the hit
    h.primID = args->primID;
    h.geomID = args->geomID;
    h.instID[0] = args->context->instID[0];
}

void UserGeometryShape::occludedCallback(const RTCOccludedFunctionNArguments* args) {
    if (!args->valid[0])
        return;
    const auto* shape = static_cast<const UserGeometryShape*>(args->geometryUserPtr);
    auto* ray = reinterpret_cast<RTCRay*>(args->ray);
    const float org[3] = {ray->org_x, ray->org_y, ray->org_z};
    const float dir[3] = {ray->dir_x, ray->dir_y, ray->dir_z};
    if (shape->occludesScene(org, dir, ray->tnear, ray->tfar))
        ray->tfar = -INFINITY;
}

} // namespace lrt
