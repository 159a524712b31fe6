// "bvh": a bounding volume hierarchy over the emitters, each node bounding its emitters' place,
// power and directions (LightBounds), traversed stochastically from the root: at each node a child
// is taken in proportion to its importance at the shading point, so an emitter is picked with a
// probability that follows its estimated contribution there (Conty Estevez and Kulla 2018;
// pbrt-v4's BVHLightSampler and Cycles' light tree work alike). Lights without a place (distant,
// infinite) are picked beside the tree, among themselves by power; between them and the tree, in
// proportion to their Emitter::importance and the root's importance at the point.
#pragma once

#include "renderer/lightsamplers/fixed_light_sampler.h"
#include "renderer/lightsamplers/light_sampler.h"

namespace lrt {

class BvhLightSampler final : public LightSampler {
public:
    BvhLightSampler(std::span<const Emitter> emitters, std::vector<int> among);

    std::optional<PickedEmitter> pick(const LightSampleContext& context, float u) const override;
    float pmf(const LightSampleContext& context, int emitter) const override;
    std::size_t memoryBytes() const override;

    // The longest path from the root to a leaf; the build keeps it under kMaxDepth.
    int depth() const { return depth_; }
    static constexpr int kMaxDepth = 128;

private:
    struct Node {
        ImportanceBounds bounds;
        int parent = -1;
        int secondChild = -1; // interior nodes: the first child follows the node itself
        int emitter = -1;     // leaves: the emitter
        bool isLeaf() const { return emitter >= 0; }
    };
    struct Item {
        int emitter;
        LightBounds bounds;
    };

    int build(std::span<Item> items, int parent, int depth);
    // The probability of taking the child with importance `mine` beside one with `other`.
    static float childProbability(float mine, float other);

    std::vector<Node> nodes_; // depth first: nodes_[0] is the root
    std::vector<int> leafOf_; // by emitter: its leaf, or -1
    int depth_ = 0;
    // The probabilities of picking among the lights without a place, and in the tree.
    struct Shares {
        float unplaced, tree;
    };
    Shares shares(const LightSampleContext& context) const;

    // Lights without a place, among themselves by power, and their summed importance.
    FixedLightSampler unplaced_;
    float unplacedImportance_ = 0;
};

} // namespace lrt
