// The AOV layers a render computes and which of them an EXR output carries besides R, G, B:
// chosen by name, from the scene's Option "output" "aov" or the --aov flag. The layer table here
// is the one list of them: the renderer's AOV channels come from it, in its order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace lrt {

struct FilmDescription;

// The layers by name, each with the channels it writes:
//   alpha   A                            coverage of the camera samples (colour is premultiplied)
//   albedo  albedo.R albedo.G albedo.B   first hit's albedo
//   normal  N.X N.Y N.Z                  first hit's shading normal
//   depth   Z                            distance along the camera ray (inf where nothing is hit)
//   samples sampleCount                  samples that counted (finite radiance)
// "all" (the default) is every layer; "none" leaves R, G, B alone.
std::vector<std::string_view> aovNames();
std::vector<std::string> allAovs();
// Every layer's channels, layer after layer: the channels of the render's AOV image.
std::vector<std::string> aovChannelNames();

// The layer names of a comma-separated `list` ("all", "none" or layer names), or a message saying
// what is wrong (with a suggestion for a misspelt name).
struct AovList {
    std::vector<std::string> layers;
    std::string error; // empty when the list is valid
};
AovList parseAovList(std::string_view list);

// The layers an EXR of `film` carries: its AOV list, and depth when its Display mode asks for z.
std::vector<std::string> exrAovLayers(const FilmDescription& film);

// Whether channel `name` (of the render's AOV image) belongs to one of `layers`.
bool aovChannelSelected(std::string_view channel, const std::vector<std::string>& layers);

} // namespace lrt
