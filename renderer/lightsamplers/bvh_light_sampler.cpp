// Building the light BVH (binned splits that minimise the surface area orientation heuristic of
// Conty Estevez and Kulla) and walking it down to pick, or up to find a pick's probability.
#include "renderer/lightsamplers/bvh_light_sampler.h"

#include <algorithm>
#include <array>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;
constexpr int kBuckets = 12;
// Past this depth the build halves its items by count, so the tree stays under kMaxDepth.
constexpr int kBinnedDepth = 64;
constexpr float kOneMinusEpsilon = 0x1.fffffep-1f;

std::vector<int> unplacedOf(std::span<const Emitter> emitters, const std::vector<int>& among) {
    std::vector<int> unplaced;
    for (const int e : among)
        if (!emitters[static_cast<std::size_t>(e)].bounds)
            unplaced.push_back(e);
    return unplaced;
}

Vec3 centroid(const Bounds3& b) {
    return (b.lower + b.upper) * 0.5f;
}

float surfaceArea(const Bounds3& b) {
    const Vec3 d = b.upper - b.lower;
    return 2 * (d.x * d.y + d.y * d.z + d.z * d.x);
}

// The orientation measure M_Omega of the paper: the solid angle of the directions light leaves
// by, weighted by cosine; what a split wants small on each side, besides power and area.
float orientationMeasure(const LightBounds& b) {
    const float thetaO = std::acos(std::clamp(b.normals.cosTheta, -1.0f, 1.0f));
    const float thetaE = std::acos(std::clamp(b.cosThetaE, -1.0f, 1.0f));
    const float thetaW = std::min(thetaO + thetaE, kPi);
    const float sinO = std::sin(thetaO), cosO = std::cos(thetaO);
    return 2 * kPi * (1 - cosO) +
           kPi / 2 * (2 * thetaW * sinO - std::cos(thetaO - 2 * thetaW) - 2 * thetaO * sinO + cosO);
}

float splitCost(const LightBounds& b, float elongation) {
    return b.power * orientationMeasure(b) * surfaceArea(b.bounds) * elongation;
}

} // namespace

BvhLightSampler::BvhLightSampler(std::span<const Emitter> emitters, std::vector<int> among)
    : leafOf_(emitters.size(), -1),
      unplaced_(emitters, unplacedOf(emitters, among), [](const Emitter& e) { return e.power; }) {
    std::vector<Item> items;
    double unplacedImportance = 0;
    for (const int e : among) {
        const Emitter& emitter = emitters[static_cast<std::size_t>(e)];
        if (!emitter.bounds)
            unplacedImportance += std::max(0.0f, emitter.importance);
        else if (emitter.bounds->power > 0) // one that sends nothing is never worth a sample
            items.push_back({e, *emitter.bounds});
    }
    unplacedImportance_ = static_cast<float>(unplacedImportance);
    if (!items.empty()) {
        nodes_.reserve(2 * items.size() - 1);
        build(items, -1, 0);
    }
}

// Recursive, and longer than most functions here, because the binned search and the partition
// share their buckets.
int BvhLightSampler::build(std::span<Item> items, int parent, int depth) {
    const int index = static_cast<int>(nodes_.size());
    depth_ = std::max(depth_, depth);
    nodes_.push_back({});
    nodes_.back().parent = parent;
    if (items.size() == 1) {
        nodes_.back().bounds = ImportanceBounds(items.front().bounds);
        nodes_.back().emitter = items.front().emitter;
        leafOf_[static_cast<std::size_t>(items.front().emitter)] = index;
        return index;
    }
    LightBounds all;
    Bounds3 centroids;
    for (const Item& item : items) {
        all = unionOf(all, item.bounds);
        centroids.extend(centroid(item.bounds.bounds));
    }
    nodes_[static_cast<std::size_t>(index)].bounds = ImportanceBounds(all);

    // The cheapest of kBuckets - 1 splits along each axis.
    const Vec3 extent = centroids.upper - centroids.lower;
    const float longest = std::max({extent.x, extent.y, extent.z});
    float bestCost = INFINITY;
    int bestAxis = -1, bestBucket = 0;
    const auto bucketOf = [&](const Item& item, int axis) {
        const float t = (centroid(item.bounds.bounds)[axis] - centroids.lower[axis]) / extent[axis];
        return std::clamp(static_cast<int>(t * kBuckets), 0, kBuckets - 1);
    };
    for (int axis = 0; axis < 3 && depth < kBinnedDepth; ++axis) {
        if (!(extent[axis] > 0))
            continue;
        std::array<LightBounds, kBuckets> buckets{};
        for (const Item& item : items) {
            LightBounds& b = buckets[static_cast<std::size_t>(bucketOf(item, axis))];
            b = unionOf(b, item.bounds);
        }
        const float elongation = longest / extent[axis];
        for (int split = 1; split < kBuckets; ++split) {
            LightBounds below, above;
            for (int i = 0; i < split; ++i)
                below = unionOf(below, buckets[static_cast<std::size_t>(i)]);
            for (int i = split; i < kBuckets; ++i)
                above = unionOf(above, buckets[static_cast<std::size_t>(i)]);
            if (below.power == 0 || above.power == 0)
                continue;
            const float cost = splitCost(below, elongation) + splitCost(above, elongation);
            if (cost < bestCost) {
                bestCost = cost, bestAxis = axis, bestBucket = split;
            }
        }
    }
    std::size_t middle = 0;
    if (bestAxis >= 0) {
        const auto firstAbove = std::partition(items.begin(), items.end(), [&](const Item& item) {
            return bucketOf(item, bestAxis) < bestBucket;
        });
        middle = static_cast<std::size_t>(firstAbove - items.begin());
    }
    if (middle == 0 || middle == items.size()) {
        // No split by place (coincident emitters, or too deep): halve by count along the
        // longest axis.
        const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0
                         : extent.y >= extent.z                       ? 1
                                                                      : 2;
        middle = items.size() / 2;
        std::nth_element(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(middle),
                         items.end(), [axis](const Item& a, const Item& b) {
                             const float ca = centroid(a.bounds.bounds)[axis],
                                         cb = centroid(b.bounds.bounds)[axis];
                             return ca != cb ? ca < cb : a.emitter < b.emitter;
                         });
    }
    build(items.first(middle), index, depth + 1);
    const int second = build(items.subspan(middle), index, depth + 1);
    nodes_[static_cast<std::size_t>(index)].secondChild = second;
    return index;
}

float BvhLightSampler::childProbability(float mine, float other) {
    const double sum = static_cast<double>(mine) + static_cast<double>(other);
    return sum > 0 ? static_cast<float>(static_cast<double>(mine) / sum) : 0.0f;
}

BvhLightSampler::Shares BvhLightSampler::shares(const LightSampleContext& context) const {
    const float tree = nodes_.empty() ? 0.0f : nodes_[0].bounds.importance(context.p, context.n);
    return {childProbability(unplacedImportance_, tree),
            childProbability(tree, unplacedImportance_)};
}

std::optional<PickedEmitter> BvhLightSampler::pick(const LightSampleContext& context,
                                                   float u) const {
    const Shares share = shares(context);
    if (u < share.unplaced) {
        auto picked = unplaced_.pick(context, std::min(u / share.unplaced, kOneMinusEpsilon));
        if (picked)
            picked->pmf *= share.unplaced;
        return picked;
    }
    if (!(share.tree > 0))
        return std::nullopt;
    u = std::min((u - share.unplaced) / share.tree, kOneMinusEpsilon);
    float pmf = share.tree;
    int node = 0;
    while (!nodes_[static_cast<std::size_t>(node)].isLeaf()) {
        const int first = node + 1, second = nodes_[static_cast<std::size_t>(node)].secondChild;
        const float i0 =
            nodes_[static_cast<std::size_t>(first)].bounds.importance(context.p, context.n);
        const float i1 =
            nodes_[static_cast<std::size_t>(second)].bounds.importance(context.p, context.n);
        if (i0 == 0 && i1 == 0)
            return std::nullopt;
        const float p0 = childProbability(i0, i1);
        if (u < p0) {
            u = std::min(u / p0, kOneMinusEpsilon);
            pmf *= p0;
            node = first;
        } else {
            u = std::min((u - p0) / (1 - p0), kOneMinusEpsilon);
            pmf *= childProbability(i1, i0);
            node = second;
        }
    }
    if (!(pmf > 0))
        return std::nullopt;
    return PickedEmitter{nodes_[static_cast<std::size_t>(node)].emitter, pmf};
}

float BvhLightSampler::pmf(const LightSampleContext& context, int emitter) const {
    if (const float p = unplaced_.pmf(context, emitter); p > 0)
        return p * shares(context).unplaced;
    const int leaf = leafOf_[static_cast<std::size_t>(emitter)];
    if (leaf < 0)
        return 0.0f;
    const float treeShare = shares(context).tree;
    if (!(treeShare > 0))
        return 0.0f;
    // The choices from the leaf up, multiplied from the root down as pick() multiplies them, so
    // that both give the same bits.
    std::array<float, kMaxDepth> choices;
    int count = 0;
    for (int node = leaf; nodes_[static_cast<std::size_t>(node)].parent >= 0;) {
        const int parent = nodes_[static_cast<std::size_t>(node)].parent;
        const int sibling =
            node == parent + 1 ? nodes_[static_cast<std::size_t>(parent)].secondChild : parent + 1;
        const float mine =
            nodes_[static_cast<std::size_t>(node)].bounds.importance(context.p, context.n);
        const float other =
            nodes_[static_cast<std::size_t>(sibling)].bounds.importance(context.p, context.n);
        choices[static_cast<std::size_t>(count++)] = childProbability(mine, other);
        node = parent;
    }
    float pmf = treeShare;
    while (count > 0)
        pmf *= choices[static_cast<std::size_t>(--count)];
    return pmf;
}

std::size_t BvhLightSampler::memoryBytes() const {
    return sizeof(*this) + nodes_.capacity() * sizeof(Node) + leafOf_.capacity() * sizeof(int) +
           unplaced_.memoryBytes() - sizeof(unplaced_);
}

} // namespace lrt
