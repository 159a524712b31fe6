// The scene vocabulary of this renderer: every registry's names and tables, which the scene
// readers check statements against (renderer/description/scene_vocabulary.h).
#pragma once

#include "renderer/description/scene_vocabulary.h"

namespace lrt {

const SceneVocabulary& registeredVocabulary();

} // namespace lrt
