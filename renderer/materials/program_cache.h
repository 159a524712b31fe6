// The shader programs one build loaded and compiled, kept for the next build of the same scene (a
// live preview's reload): a program whose files did not change since is taken over with what runs
// it, instead of being read, compiled, verified and compiled to native code again. Which files
// changed is the caller's to say (the preview's file watcher); a program that read one of them is
// dropped.
#pragma once

#include "slvm/jit/native_code.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/verifier.h"

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace lrt {

// Whether any of `files` is one of `changed`: what a cache drops when told what changed.
bool readsAny(const std::vector<std::filesystem::path>& files,
              const std::set<std::filesystem::path>& changed);

class ProgramCache {
public:
    // What decides a program's bits: its file (canonical), the uniform values a source is
    // specialised to, the search path its includes are found along, and what runs it.
    using Key = std::tuple<std::string, std::map<std::string, std::vector<float>>,
                           std::vector<std::filesystem::path>, slvm::jit::VmKind>;

    struct Entry {
        std::shared_ptr<const slvm::sl::VerifiedProgram> program;
        std::shared_ptr<const slvm::sl::Executor> executor; // made for `program`
        std::vector<std::filesystem::path> files;           // what loading it read
    };

    // The entry for `key`, or null.
    const Entry* find(const Key& key) const;
    // Records what a build loaded; kept until one of its files changes or `retain` leaves it out.
    void insert(Key key, Entry entry);
    // What runs the program of `key`'s entry, made once the program was inserted; none: no entry.
    void setExecutor(const Key& key, std::shared_ptr<const slvm::sl::Executor> executor);
    // Drops every program that read one of `changed` (absolute, lexically normal paths).
    void invalidate(const std::set<std::filesystem::path>& changed);
    void clear() { entries_.clear(); }
    // Drops what the last build did not use: a build keeps what it loaded, no more.
    void retain(const std::set<Key>& used);

private:
    std::map<Key, Entry> entries_;
};

} // namespace lrt
