// Shape "sdf": sphere tracing against closed forms (hit distances and normals of a sphere and a
// box), silhouettes against the quadric sphere's, Lipschitz bounds, shadows, instancing, and
// bitwise determinism across thread counts.
#include "../render_test_support.h"
#include "renderer/shapes/sdf_shape.h"
#include "slvm/card/assembler.h"
#include "slvm/card/card_file.h"
#include "tests/renderer/determinism.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <random>

using namespace lrt;

namespace {

const std::string kSdf = LRT_SOURCE_DIR "/sdf/";
// The shapes made here run their cards in the interpreter, the reference.
constexpr slvm::jit::ExecutionChoice kInterpreted{slvm::jit::VmKind::Interpreter};

std::shared_ptr<const slvm::card::VerifiedProgram> cardFile(const std::string& name) {
    return std::make_shared<const slvm::card::VerifiedProgram>(
        slvm::card::loadCardFile(kSdf + name));
}

std::shared_ptr<const slvm::card::VerifiedProgram> cardText(const std::string& text) {
    return std::make_shared<const slvm::card::VerifiedProgram>(
        slvm::card::verify(slvm::card::assemble(text, "test.pc")));
}

// The analytic hit of a ray with the sphere |p| = r, or -1.
double sphereHit(Vec3 o, Vec3 d, double r) {
    const double a = dot(d, d), b = dot(o, d), c = dot(o, o) - r * r;
    const double disc = b * b - a * c;
    if (disc < 0)
        return -1;
    return (-b - std::sqrt(disc)) / a;
}

// The analytic hit of a ray with the box [-h, h]^3 from outside, or -1; `axis` gets the face.
double boxHit(Vec3 o, Vec3 d, double h, int& axis) {
    double t0 = -1e30, t1 = 1e30;
    const double origin[3] = {o.x, o.y, o.z}, direction[3] = {d.x, d.y, d.z};
    for (int i = 0; i < 3; ++i) {
        double a = (-h - origin[i]) / direction[i], b = (h - origin[i]) / direction[i];
        if (a > b)
            std::swap(a, b);
        if (a > t0)
            t0 = a, axis = i;
        t1 = std::min(t1, b);
    }
    return t0 <= t1 ? t0 : -1;
}

struct RandomRay {
    Vec3 origin, direction;
};

// A ray from a random point at distance 4 towards a random point of [-1, 1]^3.
RandomRay randomRay(std::mt19937& random) {
    std::normal_distribution<float> normal;
    std::uniform_real_distribution<float> inside(-1, 1);
    const Vec3 origin = normalize(Vec3{normal(random), normal(random), normal(random)}) * 4.0f;
    const Vec3 target{inside(random), inside(random), inside(random)};
    return {origin, (target - origin) * 0.5f}; // not unit: t keeps the ray's parameterisation
}

constexpr float kEpsilon = 1e-4f;

// `shape` at z = 5, seen orthographically over [-1.5, 1.5]^2 with constant white: its coverage of
// each of size x size pixels, from samples x samples samples.
Image frontView(const std::string& shape, int size, int samples) {
    return testing::renderText(fmt::format(R"(Format {0} {0} 1
PixelSamples {1} {1}
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow -1.5 1.5 -1.5 1.5
WorldBegin
Surface "constant"
Translate 0 0 5
{2}
WorldEnd
)",
                                           size, samples, shape));
}

SdfSettings settings(float lipschitz = 1) {
    SdfSettings s;
    s.bound.lower = {-1.5f, -1.5f, -1.5f};
    s.bound.upper = {1.5f, 1.5f, 1.5f};
    s.epsilon = kEpsilon;
    s.lipschitz = lipschitz;
    return s;
}

} // namespace

TEST_CASE("sdf: the sphere card's hits and normals are the sphere's", "[shapes][sdf]") {
    const SdfShape shape(Transform(), false, false, cardFile("sphere.pc"), settings(),
                         kInterpreted);
    std::mt19937 random(5);
    int hits = 0;
    for (int i = 0; i < 500; ++i) {
        const RandomRay ray = randomRay(random);
        const double exact = sphereHit(ray.origin, ray.direction, 1.0);
        const auto t = shape.intersectObject(ray.origin, ray.direction, 0, 1e30f);
        INFO("ray " << i << " from (" << ray.origin.x << ", " << ray.origin.y << ", "
                    << ray.origin.z << ") along (" << ray.direction.x << ", " << ray.direction.y
                    << ", " << ray.direction.z << "): exact t " << exact);
        if (exact < 0) {
            // Rays that pass within the hit epsilon may graze; others must miss.
            const Vec3 closest = ray.origin - ray.direction * (dot(ray.origin, ray.direction) /
                                                               dot(ray.direction, ray.direction));
            if (length(closest) > 1 + 2 * kEpsilon)
                CHECK_FALSE(t);
            continue;
        }
        REQUIRE(t);
        const Vec3 p = ray.origin + ray.direction * *t;
        const Vec3 n = p / length(p);
        const double cosine = -dot(n, normalize(ray.direction));
        // Within the hit epsilon of the surface, measured along the ray, and never past it.
        CHECK(std::fabs(*t - exact) * length(ray.direction) <=
              kEpsilon / std::max(cosine, 0.05) + 1e-5);
        ShapeHit hit;
        hit.p = p;
        const LocalGeometry g = shape.geometryAt(hit);
        CHECK(length(g.normal - n) < 1e-3f);
        CHECK(std::fabs(dot(g.dpdu, g.normal)) < 1e-4f);
        CHECK(std::fabs(dot(g.dpdv, g.normal)) < 1e-4f);
        ++hits;
    }
    CHECK(hits > 200);
}

TEST_CASE("sdf: the box card's hits and normals are the box's", "[shapes][sdf]") {
    const SdfShape shape(Transform(), false, false, cardFile("box.exr"), settings(), kInterpreted);
    std::mt19937 random(9);
    int hits = 0;
    for (int i = 0; i < 500; ++i) {
        const RandomRay ray = randomRay(random);
        int axis = 0;
        const double exact = boxHit(ray.origin, ray.direction, 0.75, axis);
        const auto t = shape.intersectObject(ray.origin, ray.direction, 0, 1e30f);
        INFO("ray " << i << ": exact t " << exact);
        if (exact < 0)
            continue; // a miss may still graze an edge within epsilon
        REQUIRE(t);
        const Vec3 p = ray.origin + ray.direction * static_cast<float>(exact);
        const float coordinates[3] = {p.x, p.y, p.z};
        Vec3 n{0, 0, 0};
        (axis == 0 ? n.x : axis == 1 ? n.y : n.z) = coordinates[axis] > 0 ? 1.0f : -1.0f;
        const double cosine = -dot(n, normalize(ray.direction));
        // The hit is within the hit epsilon of the box and never past its surface; along the
        // ray, within epsilon / cosine of the exact hit where the ray does not graze a face.
        const Vec3 at = ray.origin + ray.direction * *t;
        const Vec3 q{std::fabs(at.x) - 0.75f, std::fabs(at.y) - 0.75f, std::fabs(at.z) - 0.75f};
        const float boxDistance =
            length(Vec3{std::max(q.x, 0.0f), std::max(q.y, 0.0f), std::max(q.z, 0.0f)}) +
            std::min(std::max(q.x, std::max(q.y, q.z)), 0.0f);
        CHECK(std::fabs(boxDistance) <= kEpsilon * 1.01f);
        CHECK(*t <= exact + 1e-5);
        if (cosine > 0.1)
            CHECK(std::fabs(*t - exact) * length(ray.direction) <= kEpsilon / cosine + 1e-5);
        // Away from the edges, the normal is the face's.
        const float edge = 0.75f - 0.01f;
        int onEdge = 0;
        for (int c = 0; c < 3; ++c)
            onEdge += c != axis && std::fabs(coordinates[c]) > edge;
        if (onEdge == 0 && cosine > 0.05) {
            ShapeHit hit;
            hit.p = ray.origin + ray.direction * *t;
            CHECK(length(shape.geometryAt(hit).normal - n) < 1e-3f);
        }
        ++hits;
    }
    CHECK(hits > 200);
}

TEST_CASE("sdf: a function that oversteps does not leak at its documented Lipschitz bound",
          "[shapes][sdf]") {
    // 3 (|p| - 1): the sphere again, changing three times as fast as a distance.
    const auto steep =
        cardText("in 0\nmov rv1, rv0\ndot\nsqrt\nmov rf16, 1\nsub\nmov rf16, 3\nmulVF\n");
    // A slab 0.02 thick, 8 (|z| - 0.01): stepping by its value would jump over it.
    const auto slab =
        cardText("in 0\nmov rf0, rf2\nabs\nmov rf16, 0.01\nsub\nmov rf16, 8\nmulVF\n");
    const SdfShape sphere(Transform(), false, false, steep, settings(3), kInterpreted);
    const SdfShape thin(Transform(), false, false, slab, settings(8), kInterpreted);
    std::mt19937 random(3);
    for (int i = 0; i < 300; ++i) {
        const RandomRay ray = randomRay(random);
        const double exact = sphereHit(ray.origin, ray.direction, 1.0);
        if (exact > 0) {
            const auto t = sphere.intersectObject(ray.origin, ray.direction, 0, 1e30f);
            REQUIRE(t);
            CHECK(std::fabs(*t - exact) * length(ray.direction) < 1e-3);
        }
        // Every ray that crosses z = 0 inside the bound hits the slab.
        const float tz = -ray.origin.z / ray.direction.z;
        const Vec3 crossing = ray.origin + ray.direction * tz;
        if (std::fabs(crossing.x) < 1.4f && std::fabs(crossing.y) < 1.4f) {
            INFO("ray " << i);
            CHECK(thin.intersectObject(ray.origin, ray.direction, 0, 1e30f));
        }
    }
}

TEST_CASE("sdf: a ray that starts on the surface leaves it and finds the far side",
          "[shapes][sdf]") {
    const SdfShape shape(Transform(), false, false, cardFile("sphere.pc"), settings(),
                         kInterpreted);
    // From (0, 0, -1), on the sphere, going in: the far side at z = 1.
    const auto through = shape.intersectObject({0, 0, -1}, {0, 0, 1}, 1e-6f, 1e30f);
    REQUIRE(through);
    CHECK(*through == Approx(2).margin(2e-4));
    // From the surface going out: nothing.
    CHECK_FALSE(shape.intersectObject({0, 0, -1}, {0, 0, -1}, 1e-6f, 1e30f));
}

TEST_CASE("sdf: silhouettes match the quadric sphere's within a pixel", "[shapes][sdf][render]") {
    const auto view = [](const std::string& shape) { return frontView(shape, 64, 4); };
    const Image analytic = view("Sphere 1 -1 1 360");
    const Image marched = view(fmt::format(R"(Shape "sdf" "string card" "{}sphere.pc")", kSdf));
    double analyticArea = 0, marchedArea = 0;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const float a = analytic.at(x, y, 0), m = marched.at(x, y, 0);
            analyticArea += a, marchedArea += m;
            if (a == m)
                continue;
            // A pixel that differs is on the outline or next to it.
            bool nearOutline = false;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int nx = std::clamp(x + dx, 0, 63), ny = std::clamp(y + dy, 0, 63);
                    const float v = analytic.at(nx, ny, 0);
                    nearOutline = nearOutline || (v > 0 && v < 1);
                }
            INFO("pixel (" << x << ", " << y << "): quadric " << a << ", sdf " << m);
            CHECK(nearOutline);
        }
    CHECK(marchedArea == Approx(analyticArea).epsilon(0.005));
}

TEST_CASE("sdf: shadows, instances and transforms, in both integrators, bitwise the same for any "
          "thread count",
          "[shapes][sdf][render]") {
    const std::string scene = fmt::format(R"(Format 48 32 1
PixelSamples 2 2
Projection "perspective" "fov" 40
Translate 0 -0.5 8
Rotate -20 1 0 0
WorldBegin
LightSource "pointlight" "from" [0 4 0] "intensity" 30
Surface "matte"
AttributeBegin
  Translate 0 -1 0
  Rotate 90 1 0 0
  Polygon "P" [-6 -6 0  6 -6 0  6 6 0  -6 6 0]
AttributeEnd
ObjectBegin "blob"
  Shape "sdf" "string card" "{0}torus.exr" "float bound" [-1 -1 -0.3 1 1 0.3]
ObjectEnd
AttributeBegin
  Translate -1.5 0.5 0
  Rotate 90 1 0 0
  ObjectInstance "blob"
AttributeEnd
AttributeBegin
  Translate 1.5 0.5 0
  Scale 0.5 0.5 0.5
  Shape "sdf" "string card" "{0}sphere.cg" "float bound" [1.01]
AttributeEnd
WorldEnd
)",
                                          kSdf);
    const testing::LoadedScene loaded = testing::loadScene(scene);
    RenderSettings one;
    one.threads = 1;
    const Image reference = testing::checkDeterministic(*loaded.scene, one).image;
    // The floor straight under the light-facing torus is in its shadow; the floor beside it is lit.
    RenderSettings path = one;
    path.integrator = "path";
    path.samplesPerPixel = 4;
    const Image pathImage = render(*loaded.scene, path).image;
    double sum = 0;
    for (float v : pathImage.pixels)
        sum += v;
    CHECK(sum > 0);
    CHECK(std::isfinite(sum));
    // Both are in the picture, lit from above: the instanced torus on the left, the sphere on
    // the right; each casts its shadow on the floor, which is lit beside them.
    const auto brightness = [&](int x, int y) {
        const Color c = testing::pixel(reference, x, y);
        return c.r + c.g + c.b;
    };
    CHECK(brightness(11, 16) > 0.1f);                      // the torus
    CHECK(brightness(32, 15) > 0.1f);                      // the sphere
    CHECK(brightness(24, 3) == 0.0f);                      // the background
    CHECK(brightness(7, 23) < 0.2f * brightness(24, 26));  // the torus' shadow, and lit floor
    CHECK(brightness(35, 23) < 0.2f * brightness(24, 26)); // the sphere's
}

TEST_CASE("sdf: an SDF area light lights the floor as the quadric sphere of its shape does",
          "[shapes][sdf][render]") {
    // A unit-sphere card scaled to radius 0.5 and the quadric sphere of radius 0.5, each an area
    // light above a floor: the floor's brightness must agree (the SDF samples its own mesh, the
    // quadric its cone of directions), in both integrators.
    const auto floorBrightness = [](const std::string& emitter, const char* integrator) {
        RenderSettings settings;
        settings.integrator = integrator;
        const Image image = testing::renderText(fmt::format(R"(Format 48 36 1
PixelSamples 8 8
Projection "perspective" "fov" 50
LookAt 0 3 -5  0 0 0  0 1 0
WorldBegin
Surface "matte"
AttributeBegin
  Rotate 90 1 0 0
  Polygon "P" [-4 -4 0  4 -4 0  4 4 0  -4 4 0]
AttributeEnd
AttributeBegin
  Translate 0 1 0
  AreaLightSource "arealight" "intensity" 3
  {}
AttributeEnd
WorldEnd
)",
                                                            emitter),
                                                settings);
        double sum = 0;
        for (int y = 24; y < 36; ++y) // the floor in front of the sphere
            for (int x = 0; x < 48; ++x)
                sum += image.at(x, y, 0);
        return sum;
    };
    const std::string card = fmt::format(
        R"(Scale 0.5 0.5 0.5 Shape "sdf" "string card" "{}sphere.pc" "float bound" [1.01])", kSdf);
    for (const char* integrator : {"whitted", "path"}) {
        INFO(integrator);
        const double quadric = floorBrightness("Sphere 0.5 -0.5 0.5 360", integrator);
        const double sdf = floorBrightness(card, integrator);
        INFO("floor: quadric light " << quadric << ", SDF light " << sdf);
        CHECK(sdf == Approx(quadric).epsilon(0.02)); // noise ~1%; the shadow-ray bias was 4%
    }
}

TEST_CASE("sdf: a card that cannot be used is an error at its parameter", "[shapes][sdf]") {
    const auto errorOf = [](const std::string& parameters) -> std::string {
        try {
            testing::loadScene("WorldBegin\nShape \"sdf\" " + parameters + "\nWorldEnd\n",
                               LRT_SOURCE_DIR "/sdf");
        } catch (const std::exception& e) {
            return e.what();
        }
        return "(no error)";
    };
    CHECK_THAT(errorOf(R"("string card" "missing.exr")"),
               Catch::Contains("test.lrt:2:13") && Catch::Contains("cannot read the card image"));
    CHECK_THAT(errorOf(R"("string card" "sdf.cgh")"), // not a card: card text that fails
               Catch::Contains("unknown instruction"));
    CHECK_THAT(errorOf(""), Catch::Contains("needs a \"card\""));
    CHECK_THAT(errorOf(R"("string card" "sphere.pc" "float bound" [1 2])"),
               Catch::Contains("takes 1, 4 or 6 numbers"));
    CHECK_THAT(errorOf(R"("string card" "sphere.pc" "float bound" [1 1 1 0 0 0])"),
               Catch::Contains("first corner must lie below"));
    CHECK_THAT(errorOf(R"("string card" "sphere.pc" "float lipschitz" [0])"),
               Catch::Contains("lipschitz"));
    // A Cg function compiled for the card profile reports the compiler's diagnostics.
    const testing::ScratchDirectory scratch("lrt_sdf_test_");
    const auto bad = scratch / "bad.cg";
    std::ofstream(bad) << "float sdf(float3 p) { return exp(p.x); }\n";
    CHECK_THAT(errorOf(fmt::format(R"("string card" "{}")", bad.string())),
               Catch::Contains("exp() is not available in profile card"));
}

TEST_CASE("sdf: any source the compiler takes for profile card is a card: .t, and Cg's main",
          "[shapes][sdf][render]") {
    // Issue 31, defect 8: a .t file was read as card text; defect 3: a Cg card needed sdf().
    const testing::ScratchDirectory scratch("lrt_sdf_test_");
    std::ofstream(scratch / "sphere.t")
        << "vector d = P * P;\nv0 = sqrt(d.xxx + d.yyy + d.zzz) - 1;\n";
    std::ofstream(scratch / "sphere.cg")
        << "float main(float3 p) {\n    return length(p) - 1;\n}\n";
    const auto area = [](const std::filesystem::path& card) {
        const Image image =
            frontView(fmt::format(R"(Shape "sdf" "string card" "{}")", card.string()), 32, 2);
        double covered = 0;
        for (int y = 0; y < 32; ++y)
            for (int x = 0; x < 32; ++x)
                covered += image.at(x, y, 0);
        return covered;
    };
    const double reference = area(kSdf + "sphere.pc");
    REQUIRE(reference > 0);
    CHECK(area(scratch / "sphere.t") == Approx(reference).epsilon(0.005));
    CHECK(area(scratch / "sphere.cg") == Approx(reference).epsilon(0.005));
}
