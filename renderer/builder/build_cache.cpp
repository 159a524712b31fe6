// Which statements of the last build a new build may take over: those that read no changed file
// and read the same, bit for bit, in everything that decides what they make.
#include "renderer/builder/build_cache.h"

#include "renderer/core/same_bytes.h"

#include <algorithm>

namespace lrt {

bool sameBits(const Transform& a, const Transform& b) {
    return sameBytes(a.matrix(), b.matrix()) &&
           sameBytes(a.inverse().matrix(), b.inverse().matrix());
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

std::shared_ptr<const BuildCache::Statement> BuildCache::take(const ShapeKey& key) {
    // The first in the last build's order, so that statements in the same order keep their BVH.
    const auto [first, last] = byKey_.equal_range(key);
    std::optional<std::size_t> found;
    for (auto it = first; it != last; ++it)
        if (!taken_[it->second] && (!found || it->second < *found))
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
        byKey_.emplace(statements_[i]->key, i);
    taken_.assign(statements_.size(), false);
}

} // namespace lrt
