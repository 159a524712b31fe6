// Every integrator lrt can create, by name: the one place that maps SurfaceIntegrator names (and
// --integrator) to classes, each entry beside its class with its parameter table.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
#include "renderer/core/scene_entity.h"
#include "renderer/description/scene_vocabulary.h"
#include "renderer/integrators/integrator.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

// A SurfaceIntegrator's syntax (name, parameters) and how to make it.
struct IntegratorEntry : EntitySyntax {
    std::unique_ptr<Integrator> (*create)(const Parameters& parameters);
};

const Registry<IntegratorEntry>& integratorRegistry();

// The integrator `scene` chooses (SurfaceIntegrator), or the one named `override` (--integrator)
// given those of the scene's parameters it takes (maxdepth, say); the scene's own choice is
// created too, so that its parameters are checked either way. Throws SceneError for a bad
// parameter; the names must be registered.
std::unique_ptr<Integrator> createIntegrator(const SceneEntity& scene,
                                             const std::optional<std::string>& override = {});

} // namespace lrt
