// RAII ownership of Embree scenes and the geometry-to-primitive tables that turn Embree's hits
// back into lrt's shapes, materials and lights.
#pragma once

#include "renderer/core/ray.h"
#include "renderer/core/transform.h"
#include "renderer/description/bvh_build.h"

#include <atomic>
#include <cstdint>
#include <embree3/rtcore.h>
#include <functional>
#include <memory>
#include <vector>

namespace lrt {

class EmbreeScene {
public:
    explicit EmbreeScene(RTCDevice device);
    ~EmbreeScene();
    EmbreeScene(const EmbreeScene&) = delete;
    EmbreeScene& operator=(const EmbreeScene&) = delete;

    RTCScene get() const { return scene_; }
    // Attaches and releases a committed geometry; returns its geometry ID.
    unsigned attach(RTCGeometry geometry);
    // Attaches an instance of `instanced` (committed) placed by `instanceToScene`; returns its
    // geometry ID.
    unsigned attachInstance(RTCDevice device, const EmbreeScene& instanced,
                            const Transform& instanceToScene);
    // Builds the BVH over what is attached: Fast is Embree's medium-quality build of a compact
    // BVH, Quality its high-quality build (docs/performance.md, "Choosing the BVH build").
    // `progress`, when set, is called with the fraction built, from Embree's threads, one call at
    // a time.
    void commit(BvhBuild build, const std::function<void(double)>& progress = {});

private:
    RTCScene scene_;
};

// Embree's answer to a closest-hit query.
struct RayHit {
    float t;
    float u, v;
    unsigned geometry; // in the scene that holds the primitive
    unsigned primitive;
    unsigned instance; // RTC_INVALID_GEOMETRY_ID when not instanced
    Vec3 normal;       // Embree's Ng: unnormalised, in the space of the geometry that was hit
};

// rtcIntersect1 / rtcOccluded1 on a lrt Ray: the one way lrt's rays reach Embree. A ray that is
// not isTraceable never does: it misses (is not occluded), and `refused` counts it.
bool intersect(RTCScene scene, const Ray& ray, RayHit& hit, std::atomic<std::uint64_t>& refused);
bool occluded(RTCScene scene, const Ray& ray, std::atomic<std::uint64_t>& refused);

} // namespace lrt
