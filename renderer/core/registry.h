// The table of one concept's implementations (shapes, lights, materials...), each entry defined
// beside its class: find by name, list the names. An Entry has a `name`.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace lrt {

template <typename Entry>
class Registry {
public:
    constexpr explicit Registry(std::span<const Entry* const> entries) : entries_(entries) {}

    // The entry named `name`, or null.
    const Entry* find(std::string_view name) const {
        for (const Entry* entry : entries_)
            if (entry->name == name)
                return entry;
        return nullptr;
    }
    // Every name, in the table's order (the order messages list them in).
    std::vector<std::string_view> names() const {
        std::vector<std::string_view> out;
        for (const Entry* entry : entries_)
            out.push_back(entry->name);
        return out;
    }
    auto begin() const { return entries_.begin(); }
    auto end() const { return entries_.end(); }

private:
    std::span<const Entry* const> entries_;
};

} // namespace lrt
