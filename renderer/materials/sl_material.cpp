// The renderer's side of the SL VM: register set-up and the host (trace, lookup, rnd, turb).
#include "renderer/materials/sl_material.h"

#include "renderer/integrators/surface_interaction.h"
#include "slvm/sl/noise.h"
#include "slvm/sl/vm.h"

#include <cmath>
#include <numbers>

namespace lrt {

namespace sl = slvm::sl;

namespace {

void setVector(sl::RegisterFile& r, int index, Vec3 v, float w = 0.0f) {
    r.vector(index) = {v.x, v.y, v.z, w};
}

Color sampleBinding(const TextureBinding& binding, const TextureSystem* system, float s, float t,
                    const ShadingPoint& p) {
    if (const auto* colour = std::get_if<Color>(&binding))
        return *colour;
    if (const auto* texture = std::get_if<TextureSystem::Texture>(&binding)) {
        const auto rgb = system->sample(*texture, s, t, p.dsdx, p.dtdx, p.dsdy, p.dtdy);
        return {rgb[0], rgb[1], rgb[2]};
    }
    return {};
}

// One invocation's view of the renderer.
class RendererHost final : public sl::Host {
public:
    RendererHost(const ShadingPoint& point, const SlSurfaceSettings& settings)
        : point_(point), settings_(settings) {}

    sl::Float3 trace(const sl::Float3& origin, const sl::Float3& direction) override {
        const Vec3 d =
            normalize(point_.objectToWorld->vector({direction[0], direction[1], direction[2]}));
        if (!point_.context || lengthSquared(d) == 0)
            return {0, 0, 0};
        // Start just off the surface when the ray starts at it, on the side it leaves towards.
        const Vec3 o = offsetOrigin({origin[0], origin[1], origin[2]}, point_.normal, d);
        const Color c = point_.context->trace({o, d});
        return {c.r, c.g, c.b};
    }
    sl::Float3 lookup(int unit, float s, float t) override {
        const Color c = sampleBinding(settings_.textures[static_cast<std::size_t>(unit)],
                                      settings_.textureSystem, s, t, point_);
        return {c.r, c.g, c.b};
    }
    float random() override { return point_.context ? point_.context->random() : 0.5f; }
    float turbulence(float x) override { return sl::turbulence(x, 0, 0); }
    float turbulence(const sl::Float3& p) override { return sl::turbulence(p[0], p[1], p[2]); }

private:
    const ShadingPoint& point_;
    const SlSurfaceSettings& settings_;
};

} // namespace

sl::RegisterFile SlMaterial::registersAt(const ShadingPoint& point, Vec3 wi, Color E) const {
    sl::RegisterFile r = settings_.initial;
    const Transform toObject = point.objectToWorld->inverse();
    const LocalGeometry& g = point.local;
    r.vector(sl::reg::C0) = {point.color.r, point.color.g, point.color.b, 1.0f};
    setVector(r, sl::reg::L, normalize(toObject.vector(wi)));
    setVector(r, sl::reg::V, normalize(toObject.vector(point.wo)));
    setVector(r, sl::reg::Pw, point.p, 1.0f);
    setVector(r, sl::reg::P, g.p, 1.0f);
    setVector(r, sl::reg::ds, g.dpds);
    setVector(r, sl::reg::dt, g.dpdt);
    setVector(r, sl::reg::du, g.dpdu);
    setVector(r, sl::reg::dv, g.dpdv);
    r.vector(sl::reg::uv) = {g.uv.x, g.uv.y, 0, 0};
    // N is the object-space shading normal on the viewer's side, as the built-ins shade.
    const bool flip = dot(point.objectToWorld->normal(g.shadingNormal), point.shadingNormal) < 0;
    setVector(r, sl::reg::N, flip ? -g.shadingNormal : g.shadingNormal);
    const Color dE = E / std::numbers::pi_v<float>;
    r.vector(sl::reg::dE) = {dE.r, dE.g, dE.b, 0};
    for (int unit = 0; unit < 8; ++unit) {
        const TextureBinding& binding = settings_.textures[static_cast<std::size_t>(unit)];
        if (std::holds_alternative<std::monostate>(binding))
            continue;
        const Color c = sampleBinding(binding, settings_.textureSystem, g.st.x, g.st.y, point);
        r.vector(sl::reg::t0 + unit) = {c.r, c.g, c.b, 1.0f};
    }
    r.scalar(sl::reg::I) = point.entering ? 1.0f / settings_.eta : settings_.eta;
    return r;
}

Color SlMaterial::reflected(const ShadingPoint& point, Vec3 wi, Color E) const {
    sl::RegisterFile registers = registersAt(point, wi, E);
    RendererHost host(point, settings_);
    const sl::ExecutionResult result =
        sl::execute(*settings_.program, registers, host, settings_.budget);
    if (result.status == sl::ExecutionStatus::Budget) {
        ++budgetExhausted_;
        return Color(std::nanf(""));
    }
    const sl::Float4& v0 = registers.vector(sl::reg::v0);
    const Color c{v0[0], v0[1], v0[2]};
    if (!c.isFinite())
        ++nonFinite_;
    return c;
}

} // namespace lrt
