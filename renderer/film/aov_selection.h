// Which AOV layers an EXR output carries besides R, G, B: chosen by name, from the scene's
// Option "output" "aov" or the --aov flag.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

// The layers by name, each with the channels it writes:
//   alpha   A                            coverage of the camera samples (colour is premultiplied)
//   albedo  albedo.R albedo.G albedo.B   first hit's albedo
//   normal  N.X N.Y N.Z                  first hit's shading normal
//   depth   Z                            distance along the camera ray (inf where nothing is hit)
//   samples sampleCount                  samples that counted (finite radiance)
// "all" (the default) is every layer; "none" leaves R, G, B alone.
std::vector<std::string_view> aovNames();
inline const std::string kAllAovs = "alpha,albedo,normal,depth,samples";

// The layer names of a comma-separated `list` ("all", "none" or layer names), or a message saying
// what is wrong (with a suggestion for a misspelt name).
struct AovList {
    std::vector<std::string> layers;
    std::string error; // empty when the list is valid
};
AovList parseAovList(std::string_view list);

// Whether channel `name` (of the render's AOV image) belongs to one of `layers`.
bool aovChannelSelected(std::string_view channel, const std::vector<std::string>& layers);

} // namespace lrt
