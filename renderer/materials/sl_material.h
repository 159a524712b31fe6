// SL shaders as materials (spec section I, docs/shading.md): the registers are set up in the
// shape's object space at every shaded point, the program runs once per light sample with L and dE
// set, and v0 is the reflected radiance. trace, lookup and rnd reach the renderer through the SL
// host.
#pragma once

#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/program_recorder.h"
#include "renderer/textures/texture_system.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/host.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/verifier.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace lrt {

// What a texture unit t0..t7 is bound to: nothing, a constant colour, or an image.
using TextureBinding = std::variant<std::monostate, Color, TextureSystem::Texture>;

struct SlSurfaceSettings {
    std::string name;                 // the Surface name, for warnings
    slvm::Diagnostic::Location where; // the Surface statement, for warnings
    std::shared_ptr<const slvm::sl::VerifiedProgram> program;
    // What runs `program`, compiled or interpreted (declared after it: it must not outlive it).
    std::shared_ptr<const slvm::sl::Executor> executor;
    slvm::sl::RegisterFile initial; // Kd Ks S Kr Kt Ka, C1, r0-r3, s0-s3 from the Surface
    float eta = 1.0f;               // for I = old index / new index
    std::array<TextureBinding, 8> textures{};
    const TextureSystem* textureSystem = nullptr;
    std::uint64_t budget = slvm::kDefaultBudget; // instructions per invocation
    int traceDepth = 5; // `trace` returns black from points at this depth or deeper
};

class SlMaterial final : public Material {
public:
    explicit SlMaterial(SlSurfaceSettings settings) : settings_(std::move(settings)) {}

    // The Surface parameters every SL shader takes (they set its registers; see sl_material.cpp),
    // and the shader named context.name, found through context.shaders. A Cg shader (.cg) takes
    // these too, but not r0-r3 and s0-s3; its other parameters set its uniforms by name.
    static ParameterTable parameterTable();
    static std::unique_ptr<Material> create(const ParameterList& parameters,
                                            const std::string& what, MaterialContext& context);

    // Runs the program for one light sample; NaN when it failed (budget or non-finite result),
    // so that the renderer drops the sample.
    Color reflected(const ShadingPoint& point, Vec3 wi, Color E) const override;
    // What the program reflects under a unit white light along the shading normal (dE = 1), with
    // `trace` black and `rnd` 0.5: a Lambertian program's Kd C0, a pattern's colours. The Color
    // where the program fails. Failures here are not counted: the sample's own runs count them.
    Color albedo(const ShadingPoint& point) const override;
    bool isProgrammable() const override { return true; }
    // Image lookups are filtered over the footprint; colour bindings need none.
    bool usesTextureFootprint() const override;

    // The registers as the program sees them at `point` for light from wi with E = Li dw
    // (exposed for tests).
    slvm::sl::RegisterFile registersAt(const ShadingPoint& point, Vec3 wi, Color E) const;

    const SlSurfaceSettings& settings() const { return settings_; }
    MaterialStatistics statistics() const override {
        return {budgetExhausted_.load(), nonFinite_.load()};
    }
    std::vector<slvm::Diagnostic> warnings() const override;

private:
    // The program run as the pixel debugger records it (sl::executeTraced), added to `recorder`.
    slvm::sl::ExecutionResult recordedRun(ProgramRecorder& recorder,
                                          slvm::sl::RegisterFile& registers,
                                          slvm::sl::Host& host) const;

    SlSurfaceSettings settings_;
    mutable std::atomic<std::uint64_t> budgetExhausted_{0};
    mutable std::atomic<std::uint64_t> nonFinite_{0};
};

} // namespace lrt
