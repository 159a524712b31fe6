// Perspective and orthographic cameras (renderer/camera/*.h): screen window, fov, clipping, lens.
#include "renderer/camera/orthographic_camera.h"
#include "renderer/camera/perspective_camera.h"
#include "tests/renderer/vector_matchers.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <iomanip>
#include <numbers>
#include <sstream>
#include <string>

using namespace lrt;
using namespace lrt::testing;

namespace {

double radians(double degrees) {
    return degrees * std::numbers::pi / 180;
}
// The angle between two directions, in degrees (double precision).
double angleDegrees(Vec3 a, Vec3 b) {
    const double c = (double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z) /
                     std::sqrt((double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z) *
                               (double(b.x) * b.x + double(b.y) * b.y + double(b.z) * b.z));
    return std::acos(std::clamp(c, -1.0, 1.0)) * 180 / std::numbers::pi;
}

PerspectiveCamera pinhole(int xres, int yres, float fov, const Transform& cameraToWorld = {},
                          float nearClip = 0.001f, float farClip = 1e30f) {
    const float aspect = static_cast<float>(xres) / static_cast<float>(yres);
    return {cameraToWorld,
            Camera::defaultScreenWindow(aspect),
            xres,
            yres,
            nearClip,
            farClip,
            fov,
            0,
            0};
}

} // namespace

TEST_CASE("camera: RenderMan's default screen window", "[camera]") {
    // [-a, a] x [-1, 1] for a >= 1, else [-1, 1] x [-1/a, 1/a].
    const ScreenWindow wide = Camera::defaultScreenWindow(4.0f / 3.0f);
    CHECK(wide.left == Approx(-4.0 / 3));
    CHECK(wide.right == Approx(4.0 / 3));
    CHECK(wide.bottom == -1);
    CHECK(wide.top == 1);
    const ScreenWindow square = Camera::defaultScreenWindow(1);
    CHECK(square.left == -1);
    CHECK(square.right == 1);
    CHECK(square.bottom == -1);
    CHECK(square.top == 1);
    const ScreenWindow tall = Camera::defaultScreenWindow(0.5f);
    CHECK(tall.left == -1);
    CHECK(tall.right == 1);
    CHECK(tall.bottom == Approx(-2));
    CHECK(tall.top == Approx(2));
}

TEST_CASE("perspective camera: the centre ray looks down +z from the origin", "[camera]") {
    const PerspectiveCamera camera = pinhole(640, 480, 60, {}, 0.25f, 1000);
    const Ray r = camera.generateRay({320, 240}, {0.5f, 0.5f});
    CHECK_THAT(r.origin, isNear({0, 0, 0}));
    CHECK_THAT(r.direction, isNear({0, 0, 1}));
    CHECK(r.tMin == Approx(0.25f));
    CHECK(r.tMax == Approx(1000));
}

TEST_CASE("perspective camera: fov spans the shorter image axis", "[camera]") {
    const float fovs[] = {30, 60, 90, 120};
    for (const float fov : fovs) {
        const double half = fov / 2, t = std::tan(radians(half));
        SECTION("landscape, fov across y: " + std::to_string(int(fov))) {
            // 640 x 480: window [-4/3, 4/3] x [-1, 1]. The top and bottom edges' middles make
            // fov / 2 with +z; the left edge's middle makes atan(4/3 tan(fov / 2)).
            const PerspectiveCamera camera = pinhole(640, 480, fov);
            INFO("fov " << fov);
            const Vec3 z{0, 0, 1};
            const Ray top = camera.generateRay({320, 0}, {}),
                      bottom = camera.generateRay({320, 480}, {});
            CHECK(angleDegrees(top.direction, z) == Approx(half).epsilon(1e-5));
            CHECK(angleDegrees(bottom.direction, z) == Approx(half).epsilon(1e-5));
            CHECK(angleDegrees(top.direction, bottom.direction) == Approx(fov).epsilon(1e-5));
            CHECK(top.direction.y > 0);
            CHECK(bottom.direction.y < 0);
            const Ray left = camera.generateRay({0, 240}, {});
            CHECK(angleDegrees(left.direction, z) ==
                  Approx(std::atan(4.0 / 3 * t) * 180 / std::numbers::pi).epsilon(1e-5));
            CHECK(left.direction.x < 0);
            // The top-left corner: direction (-4/3 t, t, 1), normalised.
            const Ray corner = camera.generateRay({0, 0}, {});
            const double n = std::sqrt(16.0 / 9 * t * t + t * t + 1);
            CHECK_THAT(corner.direction,
                       isNear(Vec3(float(-4.0 / 3 * t / n), float(t / n), float(1 / n))));
            CHECK(
                angleDegrees(corner.direction, z) ==
                Approx(std::atan(std::sqrt(25.0 / 9) * t) * 180 / std::numbers::pi).epsilon(1e-5));
        }
        SECTION("portrait, fov across x: " + std::to_string(int(fov))) {
            // 480 x 640: window [-1, 1] x [-4/3, 4/3].
            const PerspectiveCamera camera = pinhole(480, 640, fov);
            INFO("fov " << fov);
            const Vec3 z{0, 0, 1};
            const Ray left = camera.generateRay({0, 320}, {}),
                      right = camera.generateRay({480, 320}, {});
            CHECK(angleDegrees(left.direction, right.direction) == Approx(fov).epsilon(1e-5));
            CHECK(left.direction.x < 0);
            CHECK(right.direction.x > 0);
            const Ray top = camera.generateRay({240, 0}, {});
            CHECK(angleDegrees(top.direction, z) ==
                  Approx(std::atan(4.0 / 3 * t) * 180 / std::numbers::pi).epsilon(1e-5));
            CHECK(top.direction.y > 0);
        }
    }
}

TEST_CASE("perspective camera: directions are unit and follow the raster position", "[camera]") {
    // Raster (x, y) of a W x H image maps to screen (l + (r - l) x / W, t - (t - b) y / H), and
    // the pinhole direction is normalize(sx tan(fov/2), sy tan(fov/2), 1).
    const int W = 200, H = 100;
    const float fov = 50;
    const PerspectiveCamera camera = pinhole(W, H, fov);
    const double t = std::tan(radians(fov / 2));
    const Vec2 rasters[] = {{0, 0}, {17.25f, 80.5f}, {200, 100}, {150, 3}, {100, 50}};
    for (const Vec2 raster : rasters) {
        INFO("raster (" << raster.x << ", " << raster.y << ")");
        const double sx = -2.0 + 4.0 * raster.x / W, sy = 1.0 - 2.0 * raster.y / H;
        const double n = std::sqrt(sx * sx * t * t + sy * sy * t * t + 1);
        const Ray r = camera.generateRay(raster, {0.3f, 0.8f});
        CHECK(length(r.direction) == Approx(1).epsilon(1e-6));
        CHECK_THAT(r.direction, isNear({float(sx * t / n), float(sy * t / n), float(1 / n)}));
    }
}

TEST_CASE("orthographic camera: the screen window mapping, (0,0) top-left and +y up", "[camera]") {
    // An off-centre window shows where each raster corner lands: origin = (sx, sy, 0).
    const ScreenWindow window{1, 3, -2, 4}; // left right bottom top
    const OrthographicCamera camera({}, window, 4, 6, 0, 100);
    CHECK_THAT(camera.generateRay({0, 0}, {}).origin, isNear({1, 4, 0}));  // top-left
    CHECK_THAT(camera.generateRay({4, 0}, {}).origin, isNear({3, 4, 0}));  // top-right
    CHECK_THAT(camera.generateRay({0, 6}, {}).origin, isNear({1, -2, 0})); // bottom-left
    CHECK_THAT(camera.generateRay({4, 6}, {}).origin, isNear({3, -2, 0})); // bottom-right
    CHECK_THAT(camera.generateRay({2, 3}, {}).origin, isNear({2, 1, 0}));  // centre
    CHECK_THAT(camera.generateRay({0.5f, 0.5f}, {}).origin, isNear({1.25f, 3.5f, 0})); // pixel 0
    // The default windows for aspect >= 1 and < 1.
    const OrthographicCamera wide({}, Camera::defaultScreenWindow(2), 8, 4, 0, 100);
    CHECK_THAT(wide.generateRay({0, 0}, {}).origin, isNear({-2, 1, 0}));
    CHECK_THAT(wide.generateRay({8, 4}, {}).origin, isNear({2, -1, 0}));
    const OrthographicCamera tall({}, Camera::defaultScreenWindow(0.5f), 4, 8, 0, 100);
    CHECK_THAT(tall.generateRay({0, 0}, {}).origin, isNear({-1, 2, 0}));
    CHECK_THAT(tall.generateRay({4, 8}, {}).origin, isNear({1, -2, 0}));
}

TEST_CASE("orthographic camera: rays are parallel to +z", "[camera]") {
    const OrthographicCamera camera({}, Camera::defaultScreenWindow(1.5f), 30, 20, 0.5f, 50);
    const Vec2 rasters[] = {{0, 0}, {30, 20}, {7.5f, 13.25f}};
    for (const Vec2 raster : rasters) {
        INFO("raster (" << raster.x << ", " << raster.y << ")");
        const Ray r = camera.generateRay(raster, {0.9f, 0.1f}); // the lens sample is ignored
        CHECK_THAT(r.direction, isNear({0, 0, 1}, 0));
        CHECK(r.origin.z == 0);
        CHECK(r.tMin == Approx(0.5f));
        CHECK(r.tMax == Approx(50));
    }
    // Placed in the world, they are parallel to the camera's +z there: rotate 90 about y takes
    // +z to +x.
    const Transform toWorld = Transform::translate({0, 0, -3}) * Transform::rotate(90, {0, 1, 0});
    const OrthographicCamera placed(toWorld, Camera::defaultScreenWindow(1), 10, 10, 0, 50);
    const Ray a = placed.generateRay({0, 0}, {}), b = placed.generateRay({10, 10}, {});
    CHECK_THAT(a.direction, isNear({1, 0, 0}, 1e-6f));
    CHECK_THAT(b.direction, isNear({1, 0, 0}, 1e-6f));
    // Camera (-1, 1, 0) and (1, -1, 0): rotate 90 about y maps (x, y, z) to (z, y, -x).
    CHECK_THAT(a.origin, isNear({0, 1, -2}, 1e-6f));
    CHECK_THAT(b.origin, isNear({0, -1, -4}, 1e-6f));
}

TEST_CASE("cameras: near and far clipping become tMin and tMax in world units", "[camera]") {
    const float nearClip = 0.5f, farClip = 40;
    // A camera whose camera-to-world scales by 3: camera-space z = near lies 3 near / cos(theta)
    // world units along the unit world ray at angle theta from the view axis.
    const float s = 3;
    const Transform toWorld = Transform::translate({1, 2, 3}) * Transform::rotate(25, {1, 1, 0}) *
                              Transform::scale(s, s, s);
    const Transform toCamera = toWorld.inverse();
    SECTION("perspective") {
        const int W = 64, H = 48;
        const float fov = 70;
        const PerspectiveCamera camera(toWorld, Camera::defaultScreenWindow(4.0f / 3.0f), W, H,
                                       nearClip, farClip, fov, 0, 0);
        const double t = std::tan(radians(fov / 2));
        const Vec2 rasters[] = {{32, 24}, {0, 0}, {10.5f, 40.25f}};
        for (const Vec2 raster : rasters) {
            INFO("raster (" << raster.x << ", " << raster.y << ")");
            const Ray r = camera.generateRay(raster, {});
            const double sx = (-4.0 + 8.0 * raster.x / W) / 3, sy = 1.0 - 2.0 * raster.y / H;
            const double cosTheta = 1 / std::sqrt(sx * sx * t * t + sy * sy * t * t + 1);
            CHECK(length(r.direction) == Approx(1).epsilon(1e-6));
            CHECK(r.tMin == Approx(s * nearClip / cosTheta).epsilon(1e-5));
            CHECK(r.tMax == Approx(s * farClip / cosTheta).epsilon(1e-5));
            CHECK(toCamera.point(r.at(r.tMin)).z == Approx(nearClip).epsilon(1e-4));
            CHECK(toCamera.point(r.at(r.tMax)).z == Approx(farClip).epsilon(1e-4));
            CHECK_THAT(r.origin, isNear({1, 2, 3}, 1e-5f));
        }
    }
    SECTION("orthographic") {
        const OrthographicCamera camera(toWorld, Camera::defaultScreenWindow(1), 8, 8, nearClip,
                                        farClip);
        const Ray r = camera.generateRay({1, 7}, {});
        CHECK(length(r.direction) == Approx(1).epsilon(1e-6));
        CHECK(r.tMin == Approx(s * nearClip).epsilon(1e-5));
        CHECK(r.tMax == Approx(s * farClip).epsilon(1e-5));
        CHECK(toCamera.point(r.at(r.tMin)).z == Approx(nearClip).epsilon(1e-4));
        CHECK(toCamera.point(r.at(r.tMax)).z == Approx(farClip).epsilon(1e-4));
    }
}

TEST_CASE("perspective camera: placed by lookAt, the centre ray goes from eye to target",
          "[camera]") {
    const Vec3 eye{0, 2, -8}, target{0, 1, 0};
    const auto worldToCamera = Transform::lookAt(eye, target, {0, 1, 0});
    REQUIRE(worldToCamera);
    const PerspectiveCamera camera = pinhole(64, 64, 40, worldToCamera->inverse());
    const Ray centre = camera.generateRay({32, 32}, {});
    CHECK_THAT(centre.origin, isNear(eye));
    CHECK_THAT(centre.direction, isNear(normalize(target - eye)));
    // The top of the image is towards world +y, its right towards world +x.
    CHECK(camera.generateRay({32, 0}, {}).direction.y > centre.direction.y);
    CHECK(camera.generateRay({64, 32}, {}).direction.x > 0);
}

TEST_CASE("perspective camera: thin-lens rays converge at the focal distance", "[camera]") {
    const float lensRadius = 0.5f, focalDistance = 5;
    const int W = 40, H = 30;
    const float fov = 45;
    const Transform toWorld = Transform::translate({2, -1, 4}) * Transform::rotate(30, {0, 1, 0});
    const Transform toCamera = toWorld.inverse();
    const PerspectiveCamera lens(toWorld, Camera::defaultScreenWindow(4.0f / 3.0f), W, H, 0.01f,
                                 1000, fov, lensRadius, focalDistance);
    const PerspectiveCamera pin(toWorld, Camera::defaultScreenWindow(4.0f / 3.0f), W, H, 0.01f,
                                1000, fov, 0, 0);
    const Vec2 rasters[] = {{20, 15}, {3.5f, 27.5f}, {40, 0}};
    const Vec2 lensSamples[] = {{0.1f, 0.2f}, {0.9f, 0.7f}, {0.5f, 0.99f}, {0.02f, 0.5f}};
    for (const Vec2 raster : rasters) {
        // Where the pinhole ray meets the plane z = focal distance (camera space).
        const Ray p = pin.generateRay(raster, {});
        const Vec3 dp = toCamera.vector(p.direction);
        const Vec3 focus = dp * (focalDistance / dp.z);
        for (const Vec2 u : lensSamples) {
            INFO("raster (" << raster.x << ", " << raster.y << "), lens (" << u.x << ", " << u.y
                            << ")");
            const Ray r = lens.generateRay(raster, u);
            const Vec3 o = toCamera.point(r.origin), d = toCamera.vector(r.direction);
            INFO("camera-space origin " << str(o) << ", direction " << str(d));
            // The origin lies on the lens: the disk of radius lensRadius in the plane z = 0.
            CHECK(o.z == Approx(0).margin(1e-5));
            CHECK(std::hypot(o.x, o.y) <= lensRadius * (1 + 1e-5f));
            CHECK(length(r.direction) == Approx(1).epsilon(1e-6));
            // And the ray passes through the pinhole ray's point on the focal plane.
            CHECK_THAT(o + d * ((focalDistance - o.z) / d.z), isNear(focus, 1e-4f));
            // The near plane still bounds it in camera z.
            CHECK(toCamera.point(r.at(r.tMin)).z == Approx(0.01f).epsilon(1e-3));
        }
    }
    // The centre of the lens samples the pinhole ray itself; the lens corners reach its rim.
    const Ray centre = lens.generateRay({20, 15}, {0.5f, 0.5f});
    CHECK_THAT(toCamera.point(centre.origin), isNear({0, 0, 0}, 1e-5f));
    const Vec3 rim = toCamera.point(lens.generateRay({20, 15}, {1, 0.5f}).origin);
    CHECK(std::hypot(rim.x, rim.y) == Approx(lensRadius).epsilon(1e-5));
    // Off the focal plane, different lens samples diverge (that is the blur).
    const Ray a = lens.generateRay({20, 15}, {0.1f, 0.2f}),
              b = lens.generateRay({20, 15}, {0.9f, 0.7f});
    const Vec3 oa = toCamera.point(a.origin), da = toCamera.vector(a.direction);
    const Vec3 ob = toCamera.point(b.origin), db = toCamera.vector(b.direction);
    CHECK(length((oa + da * (2 / da.z)) - (ob + db * (2 / db.z))) > 0.1f);
}

TEST_CASE("cameras: ray differentials are the rays spacing pixels right and down", "[camera]") {
    SECTION("perspective") {
        const Transform toWorld = Transform::rotate(-20, {1, 0, 0});
        const PerspectiveCamera camera = pinhole(100, 50, 60, toWorld);
        const Vec2 raster{30.5f, 20.5f};
        const float spacing = 0.5f;
        const Ray r = camera.generateRayWithDifferentials(raster, {}, spacing);
        REQUIRE(r.hasDifferentials);
        const Ray plain = camera.generateRay(raster, {});
        CHECK_THAT(r.origin, isNear(plain.origin, 0));
        CHECK_THAT(r.direction, isNear(plain.direction, 0));
        // A pinhole: the same origin, directions towards the neighbouring raster positions.
        CHECK_THAT(r.rxOrigin, isNear(r.origin));
        CHECK_THAT(r.ryOrigin, isNear(r.origin));
        const double t = std::tan(radians(30));
        auto expected = [&](double x, double y) {
            const double sx = -2.0 + 4.0 * x / 100, sy = 1.0 - 2.0 * y / 50;
            const Vec3 d{float(sx * t), float(sy * t), 1};
            return toWorld.vector(normalize(d));
        };
        CHECK_THAT(r.rxDirection, isNear(expected(raster.x + spacing, raster.y)));
        CHECK_THAT(r.ryDirection, isNear(expected(raster.x, raster.y + spacing)));
        // Right is camera +x, down is camera -y.
        const Transform toCamera = toWorld.inverse();
        CHECK(toCamera.vector(r.rxDirection).x > toCamera.vector(r.direction).x);
        CHECK(toCamera.vector(r.ryDirection).y < toCamera.vector(r.direction).y);
    }
    SECTION("orthographic") {
        // Window [-2, 2] x [-1, 1] over 8 x 4 pixels: each pixel is 0.5 wide and tall.
        const OrthographicCamera camera({}, Camera::defaultScreenWindow(2), 8, 4, 0, 10);
        const Ray r = camera.generateRayWithDifferentials({1.5f, 2.5f}, {}, 1);
        REQUIRE(r.hasDifferentials);
        CHECK_THAT(r.origin, isNear({-1.25f, -0.25f, 0}));
        CHECK_THAT(r.rxOrigin, isNear({-0.75f, -0.25f, 0}));
        CHECK_THAT(r.ryOrigin, isNear({-1.25f, -0.75f, 0}));
        CHECK_THAT(r.rxDirection, isNear({0, 0, 1}, 0));
        CHECK_THAT(r.ryDirection, isNear({0, 0, 1}, 0));
        const Ray half = camera.generateRayWithDifferentials({1.5f, 2.5f}, {}, 0.25f);
        CHECK_THAT(half.rxOrigin - half.origin, isNear({0.125f, 0, 0}));
        CHECK_THAT(half.ryOrigin - half.origin, isNear({0, -0.125f, 0}));
    }
    SECTION("plain rays carry none") {
        const PerspectiveCamera camera = pinhole(10, 10, 60);
        CHECK_FALSE(camera.generateRay({5, 5}, {}).hasDifferentials);
    }
}
