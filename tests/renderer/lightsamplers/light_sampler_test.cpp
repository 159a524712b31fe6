// The light samplers on their own: what pick() picks and what pmf() says agree bit for bit, the
// probabilities sum to one and are the shares of [0,1) that u picks each emitter with, and the
// light BVH never gives 0 to an emitter that can light the point (which would bias the image).
#include "../determinism.h"
#include "../render_test_support.h"
#include "many_lights_scenes.h"
#include "renderer/lights/light_registry.h"
#include "renderer/lightsamplers/bvh_light_sampler.h"
#include "renderer/lightsamplers/fixed_light_sampler.h"
#include "renderer/lightsamplers/light_sampler.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <numeric>
#include <random>

using namespace lrt;

namespace {

std::vector<int> everyEmitter(const Scene& scene) {
    std::vector<int> all(scene.emitters().size());
    std::iota(all.begin(), all.end(), 0);
    return all;
}

// Shading points spread over the scene's box, half with a normal and half without.
std::vector<LightSampleContext> contexts(int count, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> across(-3.5f, 3.5f), height(0.0f, 3.0f), unit(-1, 1);
    std::vector<LightSampleContext> made;
    for (int i = 0; i < count; ++i) {
        const Vec3 p{across(random), height(random), across(random)};
        Vec3 n{unit(random), unit(random), unit(random)};
        n = i % 2 == 0 || lengthSquared(n) == 0 ? Vec3{} : normalize(n);
        made.push_back({p, n});
    }
    return made;
}

} // namespace

TEST_CASE("a light sampler's picks follow its probabilities, which sum to one", "[lightsamplers]") {
    const auto loaded =
        testing::loadScene(testing::manyLightsScene(60, "SurfaceIntegrator \"path\""));
    const Scene& scene = *loaded.scene;
    REQUIRE(scene.emitters().size() > 60); // the pyramids are four emitters each
    for (const char* name : {"bvh", "power", "uniform"}) {
        const auto sampler =
            lightSamplerRegistry().find(name)->create(scene.emitters(), everyEmitter(scene));
        CHECK(sampler->memoryBytes() > 0);
        for (const LightSampleContext& context : contexts(40, 3)) {
            INFO("lightsampler " << name << " at (" << context.p.x << ", " << context.p.y << ", "
                                 << context.p.z << ") normal (" << context.n.x << ", "
                                 << context.n.y << ", " << context.n.z << ")");
            double sum = 0;
            for (std::size_t e = 0; e < scene.emitters().size(); ++e)
                sum += sampler->pmf(context, static_cast<int>(e));
            // The fixed samplers always pick; the BVH picks nothing where it finds that no
            // emitter below a node can light the point (both children's importance is 0), so
            // its probabilities may sum to less than 1, the rest being the share of u that picks
            // nothing (the estimate stays unbiased: what is never picked sends nothing).
            if (std::string_view(name) != "bvh")
                CHECK(sum == Approx(1.0).epsilon(1e-4));
            CHECK(sum <= 1 + 1e-4);
            // Equally spaced u: each emitter takes an interval of [0,1) as long as its
            // probability, so its count over N values is N pmf within the few values that a
            // boundary's rounding moves at each level of the tree.
            constexpr int kValues = 1 << 16;
            std::map<int, int> picks;
            int none = 0, disagreements = 0;
            for (int i = 0; i < kValues; ++i) {
                const auto picked = sampler->pick(context, (i + 0.5f) / kValues);
                if (!picked) {
                    ++none;
                    continue;
                }
                disagreements += picked->pmf != sampler->pmf(context, picked->emitter);
                ++picks[picked->emitter];
            }
            CHECK(disagreements == 0); // pick's probability has pmf's bits
            for (const auto& [emitter, count] : picks)
                CHECK(static_cast<double>(count) ==
                      Approx(kValues * sampler->pmf(context, emitter)).margin(64));
            CHECK(static_cast<double>(none) == Approx(kValues * (1 - sum)).margin(64));
        }
    }
}

TEST_CASE("the light BVH gives every emitter that can light a point a probability above 0",
          "[lightsamplers]") {
    const auto loaded =
        testing::loadScene(testing::manyLightsScene(100, "SurfaceIntegrator \"path\""));
    const Scene& scene = *loaded.scene;
    const auto sampler =
        BvhLightSampler::registryEntry.create(scene.emitters(), everyEmitter(scene));
    int checked = 0;
    for (const LightSampleContext& context : contexts(200, 11))
        for (std::size_t e = 0; e < scene.emitters().size(); ++e) {
            const Emitter& emitter = scene.emitters()[e];
            // Whether some light of the emitter arrives at the point: a sample of it sends any.
            bool lights = false;
            for (int i = 0; i < 16 && !lights; ++i) {
                const auto sample =
                    emitter.sample(context.p, {(i % 4 + 0.5f) / 4, (i / 4 + 0.5f) / 4});
                lights = sample && !sample->E.isBlack();
            }
            if (!lights)
                continue;
            ++checked;
            INFO("emitter " << e << " (light " << emitter.lightIndex << ", piece " << emitter.piece
                            << ") at (" << context.p.x << ", " << context.p.y << ", " << context.p.z
                            << ")");
            CHECK(sampler->pmf(context, static_cast<int>(e)) > 0);
        }
    CHECK(checked > 5000);
}

TEST_CASE("the light BVH stays shallow over coincident lights and picks among them evenly",
          "[lightsamplers]") {
    std::string lights;
    for (int i = 0; i < 3000; ++i)
        lights += "LightSource \"pointlight\" \"from\" [0 2 0] \"intensity\" [0.001]\n";
    const auto loaded =
        testing::loadScene("Format 4 4 1\nWorldBegin\n" + lights + "Sphere 1 -1 1 360\nWorldEnd\n");
    const Scene& scene = *loaded.scene;
    const BvhLightSampler sampler(scene.emitters(), everyEmitter(scene));
    CHECK(sampler.depth() < BvhLightSampler::kMaxDepth);
    CHECK(sampler.depth() <= 13); // halved by count: ceil(log2 3000) = 12 levels
    const LightSampleContext context{{0, 0, 0}, {0, 1, 0}};
    for (const int e : {0, 1500, 2999})
        CHECK(sampler.pmf(context, e) == Approx(1.0 / 3000).epsilon(1e-4));
}

TEST_CASE("area lights become one emitter per shape and per mesh piece, by area and power",
          "[lightsamplers]") {
    const auto loaded = testing::loadScene(R"(Format 4 4 1
WorldBegin
AttributeBegin
  AreaLightSource "arealight" "intensity" [2]
  Sphere 0.5 -0.5 0.5 360
  Translate 3 0 0
  PointsPolygons [3 3] [0 1 2  0 2 3] "P" [0 0 0  1 0 0  1 0 2  0 0 2]
  PointsPolygons [3 3] [0 1 2  0 2 3] "P" [0 0 0  1 0 0  1.5 0 2  0 0 2]
AttributeEnd
LightSource "pointlight" "from" [0 5 0] "intensity" [3]
LightSource "distantlight" "intensity" [4]
LightSource "ambientlight" "intensity" [1]
WorldEnd
)");
    const auto& emitters = loaded.scene->emitters();
    // The sphere, the 1 x 2 rectangle (one piece of two triangles), the quadrilateral that is no
    // rectangle (two triangles), the point and the distant light; the ambient light has none.
    REQUIRE(emitters.size() == 6);
    constexpr double pi = 3.14159265358979;
    // A two-sided area light of radiance L and area A sends pi L A from each side.
    CHECK(emitters[0].power == Approx(2 * pi * 2 * (4 * pi * 0.25)).epsilon(0.01));
    CHECK(emitters[1].piece == 0);
    CHECK(emitters[1].power == Approx(2 * pi * 2 * 2.0).epsilon(1e-5)); // the rectangle: area 2
    CHECK(emitters[2].piece == 0);
    CHECK(emitters[3].piece == 1);
    CHECK(emitters[2].power == Approx(2 * pi * 2 * 1.0).epsilon(1e-5)); // (1 x 2) / 2
    CHECK(emitters[3].power == Approx(2 * pi * 2 * 1.5).epsilon(1e-5)); // (1.5 x 2) / 2
    CHECK(emitters[4].power == Approx(4 * pi * 3).epsilon(1e-5));       // 4 pi I
    CHECK_FALSE(emitters[5].bounds);                                    // no place
    CHECK(emitters[5].importance == Approx(pi * 4).epsilon(1e-5));
}

TEST_CASE("a cone union holds both cones", "[lightsamplers]") {
    std::mt19937 random(5);
    std::uniform_real_distribution<float> unit(-1, 1), angle(0, 3.1f);
    const auto randomUnit = [&] {
        Vec3 v;
        do
            v = {unit(random), unit(random), unit(random)};
        while (lengthSquared(v) > 1 || lengthSquared(v) < 1e-4f);
        return normalize(v);
    };
    for (int i = 0; i < 2000; ++i) {
        const DirectionCone a{randomUnit(), std::cos(angle(random))},
            b{randomUnit(), std::cos(angle(random))};
        const DirectionCone u = unionOf(a, b);
        // Directions on the rims of both cones, and their axes, lie within the union.
        for (const DirectionCone& cone : {a, b}) {
            Vec3 s, t;
            orthonormalBasis(cone.w, s, t);
            const float sinTheta = std::sqrt(std::max(0.0f, 1 - cone.cosTheta * cone.cosTheta));
            for (int k = 0; k < 16; ++k) {
                const float phi = 2 * 3.14159265f * static_cast<float>(k) / 16;
                const Vec3 rim =
                    cone.w * cone.cosTheta + (s * std::cos(phi) + t * std::sin(phi)) * sinTheta;
                CHECK(dot(u.w, normalize(rim)) >= u.cosTheta - 1e-4f);
            }
            CHECK(dot(u.w, cone.w) >= u.cosTheta - 1e-4f);
        }
    }
}

TEST_CASE("the light BVH picks every kind of light the light registry can make",
          "[lightsamplers]") {
    // A light kind whose sampling weight said nothing would get power 0 and never be picked: its
    // light would be missing from every path-traced image. Each kind is made with its defaults
    // beside a far point light, so that the sampler has a choice to make.
    for (const LightEntry* entry : lightRegistry()) {
        const std::string light =
            entry->area ? fmt::format("AttributeBegin\nAreaLightSource \"{}\"\nTranslate 0 2 0\n"
                                      "Sphere 0.5 -0.5 0.5 360\nAttributeEnd\n",
                                      entry->name)
                        : fmt::format("LightSource \"{}\"\n", entry->name);
        INFO("light \"" << entry->name << "\", made by:\n" << light);
        const auto loaded = testing::loadScene(
            "Format 4 4 1\nWorldBegin\nLightSource \"pointlight\" \"from\" [20 20 20] "
            "\"intensity\" [0.5]\n" +
            light + "Sphere 1 -1 1 360\nWorldEnd\n");
        const Scene& scene = *loaded.scene;
        REQUIRE(scene.lights().size() == 2);
        if (scene.lights()[1]->isAmbient()) { // added at every point, never sampled
            CHECK(std::holds_alternative<NeverSampled>(scene.lights()[1]->samplingWeight()));
            continue;
        }
        const auto sampler =
            BvhLightSampler::registryEntry.create(scene.emitters(), everyEmitter(scene));
        int lit = 0;
        for (const LightSampleContext& context : contexts(200, 5))
            for (std::size_t e = 0; e < scene.emitters().size(); ++e) {
                const Emitter& emitter = scene.emitters()[e];
                const auto sample = emitter.sample(context.p, {0.3f, 0.6f});
                if (emitter.lightIndex != 1 || !sample || sample->E.isBlack())
                    continue;
                ++lit;
                INFO("emitter " << e << " at (" << context.p.x << ", " << context.p.y << ", "
                                << context.p.z << ")");
                CHECK(sampler->pmf(context, static_cast<int>(e)) > 0);
            }
        CHECK(lit > 10);
    }
}

TEST_CASE("a scene builds its light samplers once per lightsampler, for every render",
          "[lightsamplers]") {
    const auto loaded =
        testing::loadScene(testing::manyLightsScene(20, "SurfaceIntegrator \"path\""));
    const Scene& scene = *loaded.scene;
    const LightSamplers& bvh = scene.lightSamplers(BvhLightSampler::registryEntry);
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    const RenderResult first = render(scene, settings);
    const RenderResult second = render(scene, settings);
    // The renders used the samplers the scene had built, and built none again.
    CHECK(&scene.lightSamplers(BvhLightSampler::registryEntry) == &bvh);
    CHECK(first.statistics.lightSamplerSeconds == bvh.buildSeconds());
    CHECK(second.statistics.lightSamplerSeconds == bvh.buildSeconds());
    CHECK(&bvh.kind() == &BvhLightSampler::registryEntry);
    // Another kind is another set, kept beside the first.
    const LightSamplers& power = scene.lightSamplers(FixedLightSampler::powerEntry);
    CHECK(&power != &bvh);
    CHECK(&scene.lightSamplers(FixedLightSampler::powerEntry) == &power);
}

TEST_CASE("surfaces that see one light visit it, whatever the lightsampler", "[lightsamplers]") {
    // A quad lamp of two triangles over a floor, and an ambient light: one light to sample.
    const auto scene = [](const std::string& sampler, const std::string& more) {
        return fmt::format(R"(Format 12 9 1
PixelSamples 2 2
SurfaceIntegrator "path" "string lightsampler" "{}" "integer maxdepth" [3]
LookAt 0 2 -4  0 0 0  0 1 0
WorldBegin
LightSource "ambientlight" "intensity" [0.05]
{}
AttributeBegin
  AreaLightSource "arealight" "intensity" [3]
  PointsPolygons [3 3] [0 1 2  0 2 3] "P" [-1 2 -1  1 2 -1  1 2 1  -1 2 1]
AttributeEnd
PointsPolygons [3 3] [0 1 2  0 2 3] "P" [-3 0 -3  3 0 -3  3 0 3  -3 0 3]
WorldEnd
)",
                           sampler, more);
    };
    const Image every = testing::renderText(scene("all", ""));
    REQUIRE(testing::pixel(every, 6, 6).maxComponent() > 0.1f); // the lit floor
    for (const LightSamplerEntry* kind : lightSamplerRegistry()) {
        INFO("lightsampler " << kind->name);
        const auto loaded = testing::loadScene(scene(std::string(kind->name), ""));
        const LightSamplers& samplers = loaded.scene->lightSamplers(*kind);
        for (std::size_t list = 0; list < loaded.scene->lightLists().size(); ++list)
            CHECK(samplers.at(static_cast<int>(list)) == nullptr);
        // The same path as "all": the same bits.
        CHECK(testing::sameBits(testing::renderText(scene(std::string(kind->name), "")), every));
    }
    // A second light makes a choice, and the samplers that pick are built.
    const auto two = testing::loadScene(
        scene("bvh", R"(LightSource "pointlight" "from" [0 3 2] "intensity" [2])"));
    CHECK(two.scene->lightSamplers(BvhLightSampler::registryEntry).at(0) != nullptr);
}
