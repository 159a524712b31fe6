// The .lrt parser: reads a scene file (and what it includes) into frame descriptions.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/description/scene_description.h"
#include "renderer/description/scene_vocabulary.h"

#include <filesystem>
#include <string>
#include <vector>

namespace lrt {

// One FrameDescription per WorldBegin/WorldEnd block. Throws SceneError (file:line:column) with
// every independent error of the file; nothing is returned for a scene with any error. The
// statements are checked against the format and against `vocabulary`
// (renderer/builder/registered_vocabulary.h has the renderer's): an unknown shape, light,
// integrator, projection or filter name is an error here, as are the parameters of shapes,
// lights, projections, integrators and built-in Surfaces. What only building can tell (an SL
// shader's parameters, a file a statement names) is checked when the scene is built.
std::vector<FrameDescription> parseSceneFile(const std::filesystem::path& path,
                                             const SceneVocabulary& vocabulary);
std::vector<FrameDescription> parseSceneString(const std::string& text, const std::string& fileName,
                                               const SceneVocabulary& vocabulary,
                                               const std::filesystem::path& directory = ".");

// The parameters every Surface (and MakeNamedSurface) statement takes besides its surface's own:
// Cs, alpha and alphacutoff (docs/scene-format.md, "Surfaces").
ParameterTable surfaceStatementParameterTable();

} // namespace lrt
