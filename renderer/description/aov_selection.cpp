// AOV layer names and their channels.
#include "renderer/description/aov_selection.h"

#include "renderer/description/film_description.h"
#include "slvm/common/suggestion.h"

#include <algorithm>
#include <fmt/format.h>

namespace lrt {

std::vector<std::string_view> aovNames() {
    std::vector<std::string_view> names;
    for (const AovLayer& layer : kAovLayers)
        names.push_back(layer.name);
    return names;
}

std::vector<std::string> allAovs() {
    const std::vector<std::string_view> names = aovNames();
    return {names.begin(), names.end()};
}

std::vector<std::string> aovChannelNames() {
    std::vector<std::string> channels;
    for (const AovLayer& layer : kAovLayers)
        channels.insert(channels.end(), layer.channels.begin(),
                        layer.channels.begin() + layer.count);
    return channels;
}

AovList parseAovList(std::string_view list) {
    AovList out;
    if (list == "all") {
        out.layers = allAovs();
        return out;
    }
    if (list == "none")
        return out;
    const std::vector<std::string_view> names = aovNames();
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        const std::string_view name = list.substr(start, comma - start);
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            std::string known;
            for (const std::string_view n : names)
                known += fmt::format("{}{}", known.empty() ? "" : ", ", n);
            out.error = fmt::format("unknown AOV '{}' (expected all, none, or a comma-separated "
                                    "list of {}){}",
                                    name, known, slvm::didYouMean(name, names));
            return out;
        }
        if (std::find(out.layers.begin(), out.layers.end(), name) == out.layers.end())
            out.layers.emplace_back(name);
        start = comma + 1;
    }
    return out;
}

std::vector<std::string> exrAovLayers(const FilmDescription& film) {
    std::vector<std::string> layers = film.aovs;
    if (film.displayDepth)
        layers.emplace_back("depth");
    return layers;
}

bool aovChannelSelected(std::string_view channel, const std::vector<std::string>& selected) {
    for (const AovLayer& layer : kAovLayers)
        if (std::find(layer.channels.begin(), layer.channels.begin() + layer.count, channel) !=
                layer.channels.begin() + layer.count &&
            std::find(selected.begin(), selected.end(), layer.name) != selected.end())
            return true;
    return false;
}

} // namespace lrt
