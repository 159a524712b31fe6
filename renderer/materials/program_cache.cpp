// Shader programs kept from one build to the next, dropped when a file they read changes.
#include "renderer/materials/program_cache.h"

#include <algorithm>

namespace lrt {

const ProgramCache::Entry* ProgramCache::find(const Key& key) const {
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

void ProgramCache::insert(Key key, Entry entry) {
    entries_.insert_or_assign(std::move(key), std::move(entry));
}

void ProgramCache::setExecutor(const Key& key, std::shared_ptr<const slvm::sl::Executor> executor) {
    if (const auto it = entries_.find(key); it != entries_.end())
        it->second.executor = std::move(executor);
}

bool readsAny(const std::vector<std::filesystem::path>& files,
              const std::set<std::filesystem::path>& changed) {
    return std::any_of(files.begin(), files.end(),
                       [&](const std::filesystem::path& file) { return changed.count(file) > 0; });
}

void ProgramCache::invalidate(const std::set<std::filesystem::path>& changed) {
    std::erase_if(entries_, [&](const auto& item) { return readsAny(item.second.files, changed); });
}

void ProgramCache::retain(const std::set<Key>& used) {
    std::erase_if(entries_, [&](const auto& item) { return !used.count(item.first); });
}

} // namespace lrt
