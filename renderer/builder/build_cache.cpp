// Which statements of the last build a new build may take over: those that read no changed file
// and read the same, bit for bit, in everything that decides what they make.
#include "renderer/builder/build_cache.h"

#include "renderer/core/same_bytes.h"

#include <algorithm>
#include <functional>
#include <string_view>

namespace lrt {

namespace {

// A cheap hash of what most often tells statements apart; equal statements hash the same (it
// reads nothing that matches() ignores).
std::size_t keyHash(const ShapeDescription& d) {
    std::size_t hash = std::hash<std::string_view>{}(d.type);
    const auto mix = [&](const void* bytes, std::size_t size) {
        const std::string_view view(static_cast<const char*>(bytes), size);
        hash = hash * 1099511628211u ^ std::hash<std::string_view>{}(view);
    };
    if (!d.arguments.empty())
        mix(d.arguments.data(), d.arguments.size() * sizeof(double));
    mix(d.objectToWorld.matrix().data(), sizeof(Matrix4));
    for (const Parameter& p : d.parameters.all()) {
        mix(p.name.data(), p.name.size());
        const std::size_t count = p.numbers.size() + p.strings.size();
        mix(&count, sizeof count);
    }
    return hash;
}

bool sameVertexProgram(const VertexProgramDescription* a, const VertexProgramDescription* b) {
    if (!a || !b)
        return a == b;
    return a->file == b->file && a->directory == b->directory &&
           a->parameters.sameValuesAs(b->parameters);
}

} // namespace

bool sameBits(const Transform& a, const Transform& b) {
    return sameBytes(a.matrix(), b.matrix()) &&
           sameBytes(a.inverse().matrix(), b.inverse().matrix());
}

// The statement's own values (not where it was written), its shape's attributes, and for a mesh
// under a vertex program what the program sees. A mesh file a scene's reader parsed (glTF) is the
// same only as the same object: a new reading is a new mesh.
bool BuildCache::matches(const Statement& made, const ShapeDescription& d,
                         const StatementContext& context) {
    const ShapeDescription& m = made.description;
    const SurfaceAttributes& a = *d.attributes;
    const SurfaceAttributes& b = *m.attributes;
    if (m.type != d.type || !sameBytes(m.arguments, d.arguments) ||
        !sameBits(m.objectToWorld, d.objectToWorld) || m.baseDirectory != d.baseDirectory ||
        m.meshFile != d.meshFile || a.reverseOrientation != b.reverseOrientation ||
        a.sides != b.sides || !sameVertexProgram(a.vertexProgram.get(), b.vertexProgram.get()) ||
        !m.parameters.sameValuesAs(d.parameters))
        return false;
    if (!a.vertexProgram)
        return true;
    return sameBits(made.context.worldToCamera, context.worldToCamera) &&
           made.context.frame == context.frame &&
           made.context.keepVertexInputs == context.keepVertexInputs &&
           sameBytes(a.color, b.color) && (a.areaLight >= 0) == (b.areaLight >= 0);
}

void BuildCache::invalidate(const std::filesystem::path& file) {
    const std::lock_guard lock(changesMutex_);
    changed_.insert(file);
}

void BuildCache::invalidateAll() {
    const std::lock_guard lock(changesMutex_);
    everything_ = true;
}

void BuildCache::applyChanges() {
    std::set<std::filesystem::path> changed;
    bool everything = false;
    {
        const std::lock_guard lock(changesMutex_);
        changed.swap(changed_);
        std::swap(everything, everything_);
    }
    if (everything) {
        programs_.clear();
        statements_.clear();
        world_.reset();
        lights_.reset();
        index();
        return;
    }
    programs_.invalidate(changed);
    const std::size_t dropped =
        std::erase_if(statements_, [&](const std::shared_ptr<const Statement>& s) {
            return readsAny(s->files, changed);
        });
    if (dropped > 0) // keep() indexed the rest
        index();
    else
        taken_.assign(statements_.size(), false);
}

std::shared_ptr<const BuildCache::Statement> BuildCache::take(const ShapeDescription& d,
                                                              const StatementContext& context) {
    // The first in the last build's order, so that statements in the same order keep their BVH.
    const auto [first, last] = byKey_.equal_range(keyHash(d));
    std::optional<std::size_t> found;
    for (auto it = first; it != last; ++it)
        if (!taken_[it->second] && (!found || it->second < *found) &&
            matches(*statements_[it->second], d, context))
            found = it->second;
    if (!found)
        return nullptr;
    taken_[*found] = true;
    return statements_[*found];
}

void BuildCache::keep(std::vector<std::shared_ptr<const Statement>> statements, World world,
                      std::optional<Lights> lights) {
    statements_ = std::move(statements);
    world_ = std::move(world);
    lights_ = std::move(lights);
    index();
}

void BuildCache::index() {
    byKey_.clear();
    for (std::size_t i = 0; i < statements_.size(); ++i)
        byKey_.emplace(keyHash(statements_[i]->description), i);
    taken_.assign(statements_.size(), false);
}

} // namespace lrt
