// Building the light BVH (binned splits that minimise the surface area orientation heuristic of
// Conty Estevez and Kulla, then collapsed to four children a node) and walking it down to pick,
// or up to find a pick's probability.
#include "renderer/lightsamplers/bvh_light_sampler.h"

#include "renderer/sampling/unit_interval.h"

#include <algorithm>
#include <array>
#include <limits>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;
constexpr int kBuckets = 12;
// Past this depth the build halves its items by count, so the tree stays under kMaxDepth.
constexpr int kBinnedDepth = 64;
constexpr int kUnused = std::numeric_limits<int>::min(); // a lane without a child

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
    : placeOf_(emitters.size()),
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
    if (items.empty())
        return;
    std::vector<BinaryNode> binary;
    binary.reserve(2 * items.size() - 1);
    buildBinary(items, 0, binary);
    root_.set(0, binary.front().bounds);
    nodes_.reserve(binary.size() / 3 + 1);
    collapse(binary, 0, -1, 0, 1);
}

// Recursive, and longer than most functions here, because the binned search and the partition
// share their buckets.
int BvhLightSampler::buildBinary(std::span<Item> items, int depth, std::vector<BinaryNode>& nodes) {
    const int index = static_cast<int>(nodes.size());
    nodes.push_back({});
    if (items.size() == 1) {
        nodes.back().bounds = items.front().bounds;
        nodes.back().emitter = items.front().emitter;
        return index;
    }
    LightBounds all;
    Bounds3 centroids;
    for (const Item& item : items) {
        all = unionOf(all, item.bounds);
        centroids.extend(centroid(item.bounds.bounds));
    }
    nodes[static_cast<std::size_t>(index)].bounds = all;

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
    buildBinary(items.first(middle), depth + 1, nodes);
    const int second = buildBinary(items.subspan(middle), depth + 1, nodes);
    nodes[static_cast<std::size_t>(index)].secondChild = second;
    return index;
}

int BvhLightSampler::collapse(const std::vector<BinaryNode>& binary, int index, int parent,
                              int slot, int depth) {
    const int me = static_cast<int>(nodes_.size());
    nodes_.push_back({});
    nodes_.back().parent = parent;
    nodes_.back().slot = slot;
    depth_ = std::max(depth_, depth);
    // The node's children: the binary node's two, then the most powerful interior one among them
    // opened up, until there are four or only leaves (a root that is a leaf is its only child).
    std::vector<int> entries;
    const auto at = [&](int i) -> const BinaryNode& { return binary[static_cast<std::size_t>(i)]; };
    if (at(index).emitter >= 0)
        entries = {index};
    else
        entries = {index + 1, at(index).secondChild};
    while (entries.size() < BoundsQuad::kLanes) {
        auto open = entries.end();
        for (auto e = entries.begin(); e != entries.end(); ++e)
            if (at(*e).emitter < 0 &&
                (open == entries.end() || at(*e).bounds.power > at(*open).bounds.power))
                open = e;
        if (open == entries.end())
            break;
        const int opened = *open;
        *open = opened + 1;
        entries.insert(open + 1, at(opened).secondChild);
    }
    for (int lane = 0; lane < BoundsQuad::kLanes; ++lane)
        nodes_[static_cast<std::size_t>(me)].child[lane] = kUnused;
    for (int lane = 0; lane < static_cast<int>(entries.size()); ++lane) {
        const BinaryNode& entry = at(entries[static_cast<std::size_t>(lane)]);
        nodes_[static_cast<std::size_t>(me)].children.set(lane, entry.bounds);
        if (entry.emitter >= 0) {
            nodes_[static_cast<std::size_t>(me)].child[lane] = -entry.emitter - 1;
            placeOf_[static_cast<std::size_t>(entry.emitter)] = {me, lane};
        } else {
            const int child =
                collapse(binary, entries[static_cast<std::size_t>(lane)], me, lane, depth + 1);
            nodes_[static_cast<std::size_t>(me)].child[lane] = child;
        }
    }
    return me;
}

namespace {

// The importances' sum, in double, in one order for pick and pmf alike.
double total(const std::array<float, BoundsQuad::kLanes>& importance) {
    double sum = 0;
    for (const float i : importance)
        sum += i;
    return sum;
}

} // namespace

float BvhLightSampler::childProbability(const std::array<float, BoundsQuad::kLanes>& importance,
                                        int lane, double sum) {
    return sum > 0 ? static_cast<float>(importance[static_cast<std::size_t>(lane)] / sum) : 0.0f;
}

BvhLightSampler::Shares BvhLightSampler::shares(const LightSampleContext& context) const {
    // Without lights beside it the tree takes every pick: where nothing in it can light the
    // point, the walk down finds that out.
    if (!(unplacedImportance_ > 0))
        return {0, nodes_.empty() ? 0.0f : 1.0f};
    const float tree = nodes_.empty() ? 0.0f : root_.importance(context.p, context.n)[0];
    const double sum = static_cast<double>(tree) + unplacedImportance_;
    if (!(sum > 0))
        return {0, 0};
    return {static_cast<float>(unplacedImportance_ / sum), static_cast<float>(tree / sum)};
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
    for (int node = 0;;) {
        const Node& here = nodes_[static_cast<std::size_t>(node)];
        const auto importance = here.children.importance(context.p, context.n);
        const double sum = total(importance);
        if (!(sum > 0))
            return std::nullopt; // no emitter below can light the point
        // The lane whose share of [0, sum) holds u * sum, and u rescaled within it.
        const double target = static_cast<double>(u) * sum;
        double before = 0, start = 0;
        int lane = -1;
        for (int k = 0; k < BoundsQuad::kLanes; ++k) {
            const float weight = importance[static_cast<std::size_t>(k)];
            if (weight > 0) {
                lane = k, start = before;
                if (target < before + weight)
                    break;
            }
            before += weight;
        }
        u = std::clamp(
            static_cast<float>((target - start) / importance[static_cast<std::size_t>(lane)]), 0.0f,
            kOneMinusEpsilon);
        pmf *= childProbability(importance, lane, sum);
        const int child = here.child[lane];
        if (child < 0) {
            if (!(pmf > 0))
                return std::nullopt;
            return PickedEmitter{-child - 1, pmf};
        }
        node = child;
    }
}

float BvhLightSampler::pmf(const LightSampleContext& context, int emitter) const {
    if (const float p = unplaced_.pmf(context, emitter); p > 0)
        return p * shares(context).unplaced;
    const Place place = placeOf_[static_cast<std::size_t>(emitter)];
    if (place.node < 0)
        return 0.0f;
    const float treeShare = shares(context).tree;
    if (!(treeShare > 0))
        return 0.0f;
    // The choices from the emitter up, multiplied from the root down as pick() multiplies them,
    // so that both give the same bits.
    std::array<float, kMaxDepth> choices;
    int count = 0;
    for (int node = place.node, lane = place.lane; node >= 0;) {
        const Node& here = nodes_[static_cast<std::size_t>(node)];
        const auto importance = here.children.importance(context.p, context.n);
        choices[static_cast<std::size_t>(count++)] =
            childProbability(importance, lane, total(importance));
        lane = here.slot;
        node = here.parent;
    }
    float pmf = treeShare;
    while (count > 0)
        pmf *= choices[static_cast<std::size_t>(--count)];
    return pmf;
}

const LightSamplerEntry BvhLightSampler::registryEntry{
    "bvh", "one light, picked through a light BVH by its estimated contribution at the point",
    [](std::span<const Emitter> emitters, std::vector<int> among) -> std::unique_ptr<LightSampler> {
        return std::make_unique<BvhLightSampler>(emitters, std::move(among));
    }};

std::size_t BvhLightSampler::memoryBytes() const {
    return sizeof(*this) + nodes_.capacity() * sizeof(Node) + placeOf_.capacity() * sizeof(Place) +
           unplaced_.memoryBytes() - sizeof(unplaced_);
}

} // namespace lrt
