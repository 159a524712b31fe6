// Every reader's frames checked against the scene vocabulary: the .lrt reader checks each
// statement as it reads it, and the importers (pbrt-v4, glTF), which write lrt's statements for
// what they read, have what they wrote checked here, so that a frame of any format reaches the
// builder with known names and parameters its tables accept.
#pragma once

#include "renderer/description/scene_description.h"
#include "renderer/description/scene_vocabulary.h"

#include <vector>

namespace lrt {

// Throws SceneError with a diagnostic for each entity of `frames` the vocabulary does not know,
// or whose parameters its table refuses: the integrator, the projection, every shape, light and
// built-in surface (a surface of another name is an SL shader, whose parameters its program
// declares).
void checkFrames(const std::vector<FrameDescription>& frames, const SceneVocabulary& vocabulary);

} // namespace lrt
