// Sphere tracing of a card's signed-distance function, and the shape's parameters.
#include "renderer/shapes/sdf_shape.h"

#include "compiler/driver/program_loader.h"
#include "renderer/core/scene_error.h"
#include "renderer/shapes/implicit_surface_mesh.h"
#include "renderer/shapes/triangle_area_sampling.h"
#include "slvm/card/vm.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <numbers>

namespace lrt {

namespace card = slvm::card;

namespace {

const ParameterSpec kParameters[] = {
    {"card",
     ValueKind::String,
     {},
     {},
     "the signed-distance function: a card image (.exr, .tif, .pfm), card text (.pc), or a Cg "
     "(.cg) or T-Language (.t) source compiled with profile card, relative to the scene file "
     "(required)"},
    {"bound",
     ValueKind::Floats,
     {},
     {},
     "where the function is looked at, in object space: [r] (a sphere about the origin), "
     "[x y z r] (a sphere) or [x0 y0 z0 x1 y1 z1] (a box); default the box [-1 -1 -1 1 1 1]"},
    {"epsilon", ValueKind::Float, 1e-4f, kReal.above(0),
     "a point closer to the surface than this (object space) is a hit"},
    {"maxsteps", ValueKind::Integer, 256, kInteger.atLeast(1).atMost(100000),
     "sphere-tracing steps per ray before the ray counts as a miss"},
    {"lipschitz", ValueKind::Float, 1.0f, kReal.above(0),
     "a bound on how fast the function changes (1 for a true distance): steps are "
     "distance / lipschitz, so that a function that oversteps never skips a surface"},
};

std::shared_ptr<const card::VerifiedProgram> loadCard(const Parameters& p, const ShapeContext& c) {
    const std::string name = p.getString("card");
    if (name.empty())
        throw SceneError(c.where, "Shape \"sdf\" needs a \"card\": a card image, card text, or "
                                  "a Cg or T-Language source");
    const std::filesystem::path path = c.directory / name;
    try {
        compiler::CompileOptions options;
        options.profile = compiler::ProfileId::Card;
        options.searchPath = {path.parent_path()};
        options.onFileRead = c.onFileRead;
        return compiler::loadProgram(path, options).card();
    } catch (const slvm::ProgramError& error) {
        throw SceneError(p.where("card"), fmt::format("cannot use the card:\n{}", error.what()),
                         error.diagnostics());
    }
}

SdfBound boundOf(const Parameters& p) {
    SdfBound bound;
    const std::vector<float> values = p.getFloats("bound");
    if (values.empty())
        return bound;
    if (values.size() == 1 || values.size() == 4) {
        bound.sphere = true;
        bound.radius = values.back();
        if (values.size() == 4)
            bound.centre = {values[0], values[1], values[2]};
        if (!(bound.radius > 0))
            throw SceneError(p.where("bound"), fmt::format("the bounding sphere's radius must be "
                                                           "positive, not {}",
                                                           bound.radius));
        return bound;
    }
    if (values.size() != 6)
        throw SceneError(p.where("bound"), fmt::format("\"bound\" takes 1, 4 or 6 numbers ([r], "
                                                       "[x y z r] or [x0 y0 z0 x1 y1 z1]), not {}",
                                                       values.size()));
    bound.lower = {values[0], values[1], values[2]};
    bound.upper = {values[3], values[4], values[5]};
    if (!(bound.lower.x < bound.upper.x && bound.lower.y < bound.upper.y &&
          bound.lower.z < bound.upper.z))
        throw SceneError(p.where("bound"), "the bounding box's first corner must lie below its "
                                           "second on every axis");
    return bound;
}

ShapeSurfaces create(std::span<const double>, const Parameters& p, const ShapeContext& c) {
    SdfSettings settings;
    settings.bound = boundOf(p);
    settings.epsilon = p.getFloat("epsilon");
    settings.maxSteps = p.getInteger("maxsteps");
    settings.lipschitz = p.getFloat("lipschitz");
    return singleSurface(std::make_unique<SdfShape>(c.objectToScene, c.flipNormals, c.oneSided,
                                                    loadCard(p, c), settings, c.execution));
}

float sign(float x) {
    return x < 0 ? -1.0f : 1.0f;
}

} // namespace

const ShapeEntry SdfShape::registryEntry{{"sdf", "", {}, kParameters}, &create};

std::optional<std::pair<float, float>> SdfBound::clip(Vec3 o, Vec3 d) const {
    if (sphere) {
        const Vec3 oc = o - centre;
        const float a = dot(d, d), b = dot(oc, d), c = dot(oc, oc) - radius * radius;
        const float discriminant = b * b - a * c;
        if (!(discriminant >= 0) || a == 0)
            return std::nullopt;
        const float root = std::sqrt(discriminant);
        return std::pair{(-b - root) / a, (-b + root) / a};
    }
    float t0 = -INFINITY, t1 = INFINITY;
    const float lo[3] = {lower.x, lower.y, lower.z}, hi[3] = {upper.x, upper.y, upper.z};
    const float origin[3] = {o.x, o.y, o.z}, direction[3] = {d.x, d.y, d.z};
    for (int axis = 0; axis < 3; ++axis) {
        if (direction[axis] == 0) {
            if (origin[axis] < lo[axis] || origin[axis] > hi[axis])
                return std::nullopt;
            continue;
        }
        float near = (lo[axis] - origin[axis]) / direction[axis];
        float far = (hi[axis] - origin[axis]) / direction[axis];
        if (near > far)
            std::swap(near, far);
        t0 = std::max(t0, near);
        t1 = std::min(t1, far);
    }
    if (!(t0 <= t1))
        return std::nullopt;
    return std::pair{t0, t1};
}

Bounds3 SdfBound::box() const {
    if (!sphere)
        return {lower, upper};
    const Vec3 r{radius, radius, radius};
    return {centre - r, centre + r};
}

SdfShape::SdfShape(const Transform& objectToScene, bool flipNormals, bool oneSided,
                   std::shared_ptr<const card::VerifiedProgram> card, const SdfSettings& settings,
                   slvm::jit::ExecutionChoice execution)
    : UserGeometryShape(objectToScene, flipNormals, oneSided), card_(std::move(card)),
      executor_(*card_, execution.vm, execution.statistics), settings_(settings),
      sceneToObject_(objectToScene.inverse()) {}

float SdfShape::distance(Vec3 p) const {
    return executor_.distance(p.x, p.y, p.z);
}

Vec3 SdfShape::gradient(Vec3 p) const {
    // The step follows the point's magnitude, so that far from the origin it stays above the
    // floats' spacing there.
    const float size = std::max({1.0f, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    const float h = settings_.epsilon * size;
    if (executor_.isCompiled()) { // the six evaluations as two calls of four points
        const auto xy = executor_.distances({p.x + h, p.x - h, p.x, p.x},
                                            {p.y, p.y, p.y + h, p.y - h}, {p.z, p.z, p.z, p.z});
        const auto z = executor_.distances({p.x, p.x, p.x, p.x}, {p.y, p.y, p.y, p.y},
                                           {p.z + h, p.z - h, p.z, p.z});
        return Vec3{xy[0] - xy[1], xy[2] - xy[3], z[0] - z[1]} / (2 * h);
    }
    return Vec3{distance({p.x + h, p.y, p.z}) - distance({p.x - h, p.y, p.z}),
                distance({p.x, p.y + h, p.z}) - distance({p.x, p.y - h, p.z}),
                distance({p.x, p.y, p.z + h}) - distance({p.x, p.y, p.z - h})} /
           (2 * h);
}

Vec3 SdfShape::gradientNormal(Vec3 p) const {
    const Vec3 g = gradient(p);
    const float length2 = dot(g, g);
    if (!(length2 > 0) || !std::isfinite(length2))
        return normalize(p - settings_.bound.middle()); // a flat or broken spot: face outwards
    return g / std::sqrt(length2);
}

const SdfShape::AreaTable& SdfShape::areaTable() const {
    std::call_once(areaOnce_, [this] {
        auto triangles =
            polygonizeImplicit([this](Vec3 p) { return distance(p); }, settings_.bound.box(), 64);
        float sum = 0;
        for (const auto& t : triangles) {
            sum += 0.5f * length(cross(t[1] - t[0], t[2] - t[0]));
            areaTable_.cumulativeArea.push_back(sum);
        }
        areaTable_.triangles = std::move(triangles);
        areaTable_.area = sum;
    });
    return areaTable_;
}

AreaSample SdfShape::sampleArea(Vec2 u) const {
    const AreaTable& table = areaTable();
    if (!(table.area > 0))
        return {};
    const TrianglePick pick = pickTriangleByArea(table.cumulativeArea, u);
    const auto& t = table.triangles[pick.index];
    Vec3 p = t[0] * pick.b0 + t[1] * pick.b1 + t[2] * (1 - pick.b0 - pick.b1);
    // Onto the surface: Newton steps along the gradient.
    for (int step = 0; step < 4; ++step) {
        const Vec3 g = gradient(p);
        const float g2 = dot(g, g);
        const float value = distance(p);
        if (!(g2 > 0) || !std::isfinite(value) || std::fabs(value) < 0.1f * settings_.epsilon)
            break;
        p = p - g * (value / g2);
    }
    // Then 2 epsilon outwards: a shadow ray aimed at the point would otherwise find the surface
    // (|f| < epsilon) up to epsilon / cos before it, and call the light blocked.
    LocalGeometry g;
    g.normal = gradientNormal(p);
    g.p = p = p + g.normal * (2 * settings_.epsilon);
    if (flipsNormals())
        g.normal = -g.normal;
    const Transform& toScene = objectToScene();
    return {toScene.point(p), normalize(toScene.normal(g.normal)), pdfArea(0, g)};
}

float SdfShape::pdfArea(unsigned, const LocalGeometry& g) const {
    const float area = areaTable().area * areaScale(objectToScene(), g.normal);
    return area > 0 ? 1.0f / area : 0.0f;
}

bool SdfShape::facesRay(Vec3 p, Vec3 direction) const {
    Vec3 n = gradientNormal(p);
    if (flipsNormals())
        n = -n;
    return dot(n, direction) < 0;
}

// Sphere tracing: from where the ray enters the bound, step by |distance| / (lipschitz |d|) until
// |distance| < epsilon (a hit), the ray leaves the bound, or the steps run out (a miss). A ray
// that starts on the surface (one leaving a hit) first steps off it; a sign change between two
// steps (a function that oversteps its Lipschitz bound) is a hit found by bisection.
template <typename Observe>
std::optional<float> SdfShape::march(Vec3 o, Vec3 d, float tMin, float tMax,
                                     Observe observe) const {
    const auto span = settings_.bound.clip(o, d);
    if (!span)
        return std::nullopt;
    const float speed = length(d) * settings_.lipschitz; // distance units per unit of t
    const float epsilon = settings_.epsilon;
    const float tEnd = std::min(tMax, span->second);
    float t = std::max(tMin, span->first);
    if (!(t <= tEnd) || speed == 0)
        return std::nullopt;
    float value = distance(o + d * t);
    bool leaving = t == tMin && std::fabs(value) < epsilon;
    float previousT = t, previousValue = value;
    for (int step = 0; step < settings_.maxSteps; ++step) {
        observe(t, value);
        if (!std::isfinite(value))
            return std::nullopt;
        if (!leaving && step > 0 && sign(value) != sign(previousValue)) {
            float lo = previousT, hi = t; // a crossing the last step jumped over
            for (int i = 0; i < 24 && hi - lo > 0; ++i) {
                const float mid = 0.5f * (lo + hi);
                (sign(distance(o + d * mid)) == sign(previousValue) ? lo : hi) = mid;
            }
            if (!oneSided() || facesRay(o + d * hi, d))
                return hi;
            leaving = true;
        } else if (!leaving && std::fabs(value) < epsilon) {
            if (!oneSided() || facesRay(o + d * t, d))
                return t;
            leaving = true;
        } else if (leaving && std::fabs(value) >= epsilon) {
            leaving = false;
        }
        previousT = t, previousValue = value;
        t += std::max(std::fabs(value), leaving ? epsilon : 0.0f) / speed;
        if (t > tEnd)
            return std::nullopt;
        value = distance(o + d * t);
    }
    return std::nullopt;
}

std::optional<float> SdfShape::intersectObject(Vec3 o, Vec3 d, float tMin, float tMax) const {
    return march(o, d, tMin, tMax, [](float, float) {});
}

std::vector<SdfShape::MarchStep> SdfShape::marchSteps(Vec3 o, Vec3 d, float tMin,
                                                      float tMax) const {
    std::vector<MarchStep> steps;
    march(o, d, tMin, tMax, [&](float t, float value) { steps.push_back({t, value}); });
    return steps;
}

std::optional<UserGeometryShape::Hit>
SdfShape::intersectScene(const float org[3], const float dir[3], float tMin, float tMax) const {
    // The object-space ray keeps the scene ray's parameterisation, so t is the same in both.
    const auto t = intersectObject(sceneToObject_.point({org[0], org[1], org[2]}),
                                   sceneToObject_.vector({dir[0], dir[1], dir[2]}), tMin, tMax);
    if (!t)
        return std::nullopt;
    return Hit{*t};
}

LocalGeometry SdfShape::geometryAt(const ShapeHit& hit) const {
    LocalGeometry g;
    g.p = hit.p;
    Vec3 n = gradientNormal(hit.p);
    if (flipsNormals())
        n = -n;
    g.normal = g.shadingNormal = n;
    // The sphere's (u, v) about the bound's middle: u the azimuth about z, v the angle from +z;
    // their derivatives projected onto the surface's tangent plane.
    const Vec3 r = hit.p - settings_.bound.middle();
    const float rho = std::sqrt(r.x * r.x + r.y * r.y);
    const float twoPi = 2 * std::numbers::pi_v<float>;
    float phi = std::atan2(r.y, r.x);
    if (phi < 0)
        phi += twoPi;
    const float theta = std::atan2(rho, r.z);
    g.uv = g.st = {phi / twoPi, theta / std::numbers::pi_v<float>};
    Vec3 dpdu = rho > 0 ? Vec3{-r.y, r.x, 0} * twoPi : Vec3{0, 0, 0};
    dpdu = dpdu - n * dot(n, dpdu);
    if (!(dot(dpdu, dpdu) > 1e-12f)) { // on the axis: any tangent
        const Vec3 axis = std::fabs(n.x) < 0.9f ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
        dpdu = normalize(cross(axis, n));
    }
    g.dpdu = g.dpds = dpdu;
    g.dpdv = g.dpdt = cross(n, dpdu) * std::numbers::pi_v<float> * (1.0f / twoPi);
    return g;
}

std::size_t SdfShape::memoryBytes() const {
    return sizeof(*this) + card_->card().pixels.size() * sizeof(float) +
           card_->instructions().size() * sizeof(card::Instruction);
}

} // namespace lrt
