// Determinism as the render tests check it: the same bits for any thread count, tile size, crop
// and band (docs/scene-format.md, "Determinism"). One comparison of bits and one harness, which the
// tests of every feature that touches sampling (adaptive rounds, light samplers, programs, SDFs)
// hold their renders to.
#pragma once

#include "renderer/render/renderer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

namespace lrt::testing {

// Bit for bit: -0 differs from 0, and a NaN equals only a NaN of the same bits.
inline bool sameBits(std::span<const float> a, std::span<const float> b) {
    return std::ranges::equal(a, b, [](float x, float y) {
        return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y);
    });
}

inline bool sameBits(const Image& a, const Image& b) {
    return a.width == b.width && a.height == b.height && a.channels == b.channels &&
           sameBits(a.pixels, b.pixels);
}

// How many values (pixel channels) of two images of one size differ by more than `relative` of
// the larger magnitude of the two (absolute below 1); all of them where the sizes differ, and a
// NaN differs from anything but a NaN. Two renders that find the same closest hits at distances
// an ulp apart differ by about 1e-6, a little more where a bounce carries the difference on.
inline std::size_t valuesDifferingBy(const Image& a, const Image& b, double relative) {
    if (a.width != b.width || a.height != b.height || a.channels != b.channels)
        return std::max(a.pixels.size(), b.pixels.size());
    std::size_t count = 0;
    for (std::size_t i = 0; i < a.pixels.size(); ++i) {
        const double x = a.pixels[i], y = b.pixels[i];
        if (std::isnan(x) || std::isnan(y)) {
            count += std::isnan(x) != std::isnan(y) ? 1 : 0;
            continue;
        }
        if (x != y && // infinities equal themselves
            std::fabs(x - y) > relative * std::max({1.0, std::fabs(x), std::fabs(y)}))
            ++count;
    }
    return count;
}

// Whether `part`, a crop or band of a render (placed at its origin), has the bits of `whole`
// there, in every channel.
inline bool sameBitsWithin(const Image& part, const Image& whole) {
    if (part.channels != whole.channels || part.xOrigin + part.width > whole.width ||
        part.yOrigin + part.height > whole.height)
        return false;
    for (int y = 0; y < part.height; ++y)
        for (int x = 0; x < part.width; ++x)
            for (int c = 0; c < part.channels; ++c)
                if (std::bit_cast<std::uint32_t>(part.at(x, y, c)) !=
                    std::bit_cast<std::uint32_t>(whole.at(x + part.xOrigin, y + part.yOrigin, c)))
                    return false;
    return true;
}

// Renders `scene` with `settings` on one thread and returns that render, after CHECKing that it
// has the same bits (image and AOVs) rendered on three threads in odd tiles finished in any
// order, and that a crop of it and each of three bands (lrt render --tile i/3) have its bits.
inline RenderResult checkDeterministic(const Scene& scene, RenderSettings settings) {
    settings.threads = 1;
    RenderResult reference = render(scene, settings);

    RenderSettings threaded = settings;
    threaded.threads = 3;
    threaded.tileSize = 7;
    const RenderResult many = render(scene, threaded);
    INFO("rendered on 3 threads in 7-pixel tiles against 1 thread");
    CHECK(sameBits(many.image, reference.image));
    CHECK(sameBits(many.aovs, reference.aovs));

    RenderSettings cropped = settings;
    cropped.crop = std::array<float, 4>{0.3f, 0.8f, 0.25f, 0.75f};
    INFO("the crop [0.3, 0.8] x [0.25, 0.75] against the whole image");
    CHECK(sameBitsWithin(render(scene, cropped).image, reference.image));

    for (int band = 0; band < 3; ++band) {
        RenderSettings part = settings;
        part.tile = std::pair{band, 3};
        INFO("band " << band << " of 3 against the whole image");
        CHECK(sameBitsWithin(render(scene, part).image, reference.image));
    }
    return reference;
}

} // namespace lrt::testing
