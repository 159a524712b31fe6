// Scenes lit by many lights of every kind, for the light sampler tests: a floor and a glossy
// sphere seen from above, under `count` lights drawn from a seeded generator that cycles through
// spheres, quads, emissive meshes (pyramids), point, spot and distant lights and a constant sky.
#pragma once

#include <fmt/format.h>
#include <random>
#include <string>

namespace lrt::testing {

// The lights alone, as .lrt statements; each light's strength is scaled by 1/count so that every
// scene is about as bright.
inline std::string mixedLights(int count, unsigned seed = 7) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> across(-2.5, 2.5), height(1.2, 2.5), tint(0.3, 1.0);
    std::string text;
    const double scale = 1.0 / count;
    for (int i = 0; i < count; ++i) {
        const double x = across(random), y = height(random), z = across(random);
        const std::string color =
            fmt::format("[{:.3f} {:.3f} {:.3f}]", tint(random), tint(random), tint(random));
        switch (i % 7) {
        case 0:
            text += fmt::format("AttributeBegin\nAreaLightSource \"arealight\" \"intensity\" [{}] "
                                "\"lightcolor\" {}\nTranslate {} {} {}\nSphere 0.15 -0.15 0.15 "
                                "360\nAttributeEnd\n",
                                60 * scale, color, x, y, z);
            break;
        case 1: // a one-sided quad facing down
            text += fmt::format("AttributeBegin\nAreaLightSource \"arealight\" \"intensity\" [{}] "
                                "\"lightcolor\" {}\nSides 1\nTranslate {} {} {}\nPolygon \"P\" "
                                "[-0.3 0 -0.3  0.3 0 -0.3  0.3 0 0.3  -0.3 0 0.3]\nAttributeEnd\n",
                                40 * scale, color, x, y, z);
            break;
        case 2: // an emissive mesh: a pyramid of four triangles, one emitter each
            text += fmt::format(
                "AttributeBegin\nAreaLightSource \"arealight\" \"intensity\" [{}] \"lightcolor\" "
                "{}\nTranslate {} {} {}\nPointsPolygons [3 3 3 3] [0 1 4  1 2 4  2 3 4  3 0 4] "
                "\"P\" [-0.3 0 -0.3  0.3 0 -0.3  0.3 0 0.3  -0.3 0 0.3  0 -0.4 0]\n"
                "AttributeEnd\n",
                40 * scale, color, x, y, z);
            break;
        case 3:
            text += fmt::format("LightSource \"pointlight\" \"from\" [{} {} {}] \"intensity\" "
                                "[{}] \"lightcolor\" {}\n",
                                x, y, z, 8 * scale, color);
            break;
        case 4:
            text += fmt::format(
                "LightSource \"spotlight\" \"from\" [{} {} {}] \"to\" [{} 0 {}] \"coneangle\" "
                "[35] \"intensity\" [{}] \"lightcolor\" {}\n",
                x, y, z, x * 0.5, z * 0.5, 20 * scale, color);
            break;
        case 5:
            text += fmt::format("LightSource \"distantlight\" \"from\" [{} 3 {}] \"to\" [0 0 0] "
                                "\"intensity\" [{}] \"lightcolor\" {}\n",
                                x, z, 1.5 * scale, color);
            break;
        default:
            text += fmt::format("LightSource \"infinite\" \"intensity\" [{}] \"lightcolor\" {}\n",
                                0.3 * scale, color);
            break;
        }
    }
    return text;
}

// The whole scene: `size` x `size` pixels, each its own samples only (a box filter half a pixel
// wide), with `integrator` (a SurfaceIntegrator statement) and `surface` (a Surface statement) on
// the sphere and the floor.
inline std::string manyLightsScene(int count, const std::string& integrator,
                                   const std::string& surface = "Surface \"matte\"",
                                   int size = 32) {
    return fmt::format(R"(Format {0} {0} 1
PixelFilter "box" 0.5 0.5
{1}
Projection "perspective" "fov" [50]
LookAt 0 6 -4  0 0 0  0 1 0
WorldBegin
{2}{3}
AttributeBegin
  Translate 0 0.8 0
  Sphere 0.8 -0.8 0.8 360
AttributeEnd
Polygon "P" [-4 0 -4  -4 0 4  4 0 4  4 0 -4]
WorldEnd
)",
                       size, integrator, mixedLights(count), surface);
}

} // namespace lrt::testing
