// "bvh": a bounding volume hierarchy over the emitters, each node bounding its emitters' place,
// power and directions (LightBounds), traversed stochastically from the root: at each node a child
// is taken in proportion to its importance at the shading point, so an emitter is picked with a
// probability that follows its estimated contribution there (Conty Estevez and Kulla 2018;
// pbrt-v4's BVHLightSampler and Cycles' light tree work alike). The tree is built binary and
// collapsed to four children a node, whose importances one SSE evaluation gives (BoundsQuad).
// Lights without a place (distant, infinite) are picked beside the tree, among themselves by power;
// between them and the tree, in proportion to their Emitter::importance and the root's importance
// at the point.
#pragma once

#include "renderer/lightsamplers/bounds_quad.h"
#include "renderer/lightsamplers/fixed_light_sampler.h"
#include "renderer/lightsamplers/light_sampler.h"

namespace lrt {

class BvhLightSampler final : public LightSampler {
public:
    BvhLightSampler(std::span<const Emitter> emitters, std::vector<int> among);

    std::optional<PickedEmitter> pick(const LightSampleContext& context, float u) const override;
    float pmf(const LightSampleContext& context, int emitter) const override;
    std::size_t memoryBytes() const override;

    // The most four-way choices a pick makes (the build keeps it under kMaxDepth).
    int depth() const { return depth_; }
    static constexpr int kMaxDepth = 128;

    static const LightSamplerEntry registryEntry; // "bvh"

private:
    // The binary tree the build makes, before it is collapsed.
    struct BinaryNode {
        LightBounds bounds;
        int secondChild = -1; // interior nodes: the first child follows the node itself
        int emitter = -1;     // leaves: the emitter
    };
    struct Item {
        int emitter;
        LightBounds bounds;
    };
    // A node of the tree as it is walked: up to four children, each an emitter or another node.
    struct Node {
        BoundsQuad children;
        int child[BoundsQuad::kLanes]; // >= 0: a node; < 0: emitter -child - 1; unused lanes -1
        int parent = -1;
        int slot = 0; // which of the parent's children this node is
    };
    // Where an emitter is: its node and lane.
    struct Place {
        int node = -1, lane = 0;
    };

    static int buildBinary(std::span<Item> items, int depth, std::vector<BinaryNode>& nodes);
    int collapse(const std::vector<BinaryNode>& binary, int index, int parent, int slot, int depth);
    // The probabilities of picking among the lights without a place, and in the tree.
    struct Shares {
        float unplaced, tree;
    };
    Shares shares(const LightSampleContext& context) const;
    // The probability of child `lane` of a node whose children have importances `importance`,
    // which sum to `sum` (total() in the .cpp file).
    static float childProbability(const std::array<float, BoundsQuad::kLanes>& importance, int lane,
                                  double sum);

    std::vector<Node> nodes_;    // nodes_[0] is the root, when there are emitters in the tree
    BoundsQuad root_;            // lane 0: the whole tree's bounds
    std::vector<Place> placeOf_; // by emitter
    int depth_ = 0;
    FixedLightSampler unplaced_;
    float unplacedImportance_ = 0;
};

} // namespace lrt
