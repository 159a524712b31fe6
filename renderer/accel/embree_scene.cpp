// Embree scene ownership and single-ray queries.
#include "renderer/accel/embree_scene.h"

#include <algorithm>
#include <array>
#include <mutex>
#include <stdexcept>

namespace lrt {

EmbreeScene::EmbreeScene(RTCDevice device) : scene_(rtcNewScene(device)) {
    if (!scene_)
        throw std::runtime_error("cannot create an Embree scene");
}

namespace {
// Embree calls its progress monitor from its build threads, several at once.
struct CommitProgress {
    const std::function<void(double)>& report;
    std::mutex mutex;
};
bool reportProgress(void* progress, double fraction) {
    auto* commit = static_cast<CommitProgress*>(progress);
    const std::lock_guard lock(commit->mutex);
    commit->report(std::clamp(fraction, 0.0, 1.0));
    return true; // go on
}
} // namespace

void EmbreeScene::commit(BvhBuild build, const std::function<void(double)>& progress) {
    const bool fast = build == BvhBuild::Fast;
    rtcSetSceneBuildQuality(scene_, fast ? RTC_BUILD_QUALITY_MEDIUM : RTC_BUILD_QUALITY_HIGH);
    rtcSetSceneFlags(scene_, fast ? RTC_SCENE_FLAG_COMPACT : RTC_SCENE_FLAG_NONE);
    CommitProgress monitor{progress, {}};
    if (progress)
        rtcSetSceneProgressMonitorFunction(scene_, reportProgress, &monitor);
    rtcCommitScene(scene_);
    rtcSetSceneProgressMonitorFunction(scene_, nullptr, nullptr);
    if (progress)
        progress(1.0);
}

EmbreeScene::~EmbreeScene() {
    rtcReleaseScene(scene_);
}

unsigned EmbreeScene::attach(RTCGeometry geometry) {
    const unsigned id = rtcAttachGeometry(scene_, geometry);
    rtcReleaseGeometry(geometry);
    return id;
}

unsigned EmbreeScene::attachInstance(RTCDevice device, const EmbreeScene& instanced,
                                     const Transform& instanceToScene) {
    RTCGeometry geometry = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_INSTANCE);
    rtcSetGeometryInstancedScene(geometry, instanced.get());
    std::array<float, 12> matrix; // 3x4, column-major
    const Matrix4& m = instanceToScene.matrix();
    for (std::size_t column = 0; column < 4; ++column)
        for (std::size_t row = 0; row < 3; ++row)
            matrix[column * 3 + row] = m[row][column];
    rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT3X4_COLUMN_MAJOR, matrix.data());
    rtcCommitGeometry(geometry);
    return attach(geometry);
}

namespace {
RTCRay toEmbree(const Ray& ray) {
    RTCRay r{};
    r.org_x = ray.origin.x, r.org_y = ray.origin.y, r.org_z = ray.origin.z;
    r.dir_x = ray.direction.x, r.dir_y = ray.direction.y, r.dir_z = ray.direction.z;
    r.tnear = ray.tMin;
    r.tfar = ray.tMax;
    r.mask = 0xffffffffu;
    return r;
}
// False, and counted, for a ray Embree must not be given.
bool admits(const Ray& ray, std::atomic<std::uint64_t>& refused) {
    if (isTraceable(ray))
        return true;
    refused.fetch_add(1, std::memory_order_relaxed);
    return false;
}
} // namespace

bool intersect(RTCScene scene, const Ray& ray, RayHit& hit, std::atomic<std::uint64_t>& refused) {
    if (!admits(ray, refused))
        return false;
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRayHit rayHit{};
    rayHit.ray = toEmbree(ray);
    rayHit.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rayHit.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(scene, &context, &rayHit);
    if (rayHit.hit.geomID == RTC_INVALID_GEOMETRY_ID)
        return false;
    hit = {rayHit.ray.tfar,
           rayHit.hit.u,
           rayHit.hit.v,
           rayHit.hit.geomID,
           rayHit.hit.primID,
           rayHit.hit.instID[0],
           {rayHit.hit.Ng_x, rayHit.hit.Ng_y, rayHit.hit.Ng_z}};
    return true;
}

bool occluded(RTCScene scene, const Ray& ray, std::atomic<std::uint64_t>& refused) {
    if (!admits(ray, refused))
        return false;
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRay r = toEmbree(ray);
    rtcOccluded1(scene, &context, &r);
    return r.tfar < 0;
}

} // namespace lrt
