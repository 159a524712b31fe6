// The table of integrators, and how --integrator replaces the scene's choice.
#include "renderer/integrators/integrator_registry.h"

#include "renderer/integrators/path.h"
#include "renderer/integrators/whitted.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
const IntegratorEntry* const kIntegrators[] = {&WhittedIntegrator::registryEntry,
                                               &PathIntegrator::registryEntry};

std::unique_ptr<Integrator> create(const IntegratorEntry& entry, const ParameterList& parameters,
                                   const SourceLocation& where) {
    return entry.create(Parameters(parameters, entry.parameters,
                                   fmt::format("SurfaceIntegrator \"{}\"", entry.name), where));
}

const IntegratorEntry& entryNamed(std::string_view name) {
    const IntegratorEntry* entry = integratorRegistry().find(name);
    if (!entry)
        throw std::logic_error(fmt::format("integrator '{}' is not registered", name));
    return *entry;
}
} // namespace

const Registry<IntegratorEntry>& integratorRegistry() {
    static const Registry<IntegratorEntry> registry(kIntegrators);
    return registry;
}

std::unique_ptr<Integrator> createIntegrator(const SceneEntity& scene,
                                             const std::optional<std::string>& override) {
    std::unique_ptr<Integrator> chosen =
        create(entryNamed(scene.name), scene.parameters, scene.where);
    if (!override || *override == scene.name)
        return chosen;
    const IntegratorEntry& replacement = entryNamed(*override);
    ParameterList shared;
    for (const Parameter& p : scene.parameters.all())
        for (const ParameterSpec& spec : replacement.parameters)
            if (spec.name == p.name)
                shared.add(p);
    return create(replacement, shared, scene.where);
}

} // namespace lrt
