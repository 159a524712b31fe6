// VertexProgram parameters: parsing "c[N]" names, the tracked-matrix spellings, and the checks
// that every register a binding fills exists and is filled once.
#include "renderer/vertex/vertex_program_binding.h"

#include "renderer/core/scene_error.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <optional>
#include <set>

namespace lrt {

namespace {

namespace vp2 = slvm::vp2;

struct MatrixName {
    const char* name;
    TrackedMatrix matrix;
};
constexpr std::array<MatrixName, 6> kMatrices{{
    {"objecttoworld", TrackedMatrix::ObjectToWorld},
    {"worldtoobject", TrackedMatrix::WorldToObject},
    {"worldtocamera", TrackedMatrix::WorldToCamera},
    {"cameratoworld", TrackedMatrix::CameraToWorld},
    {"objecttocamera", TrackedMatrix::ObjectToCamera},
    {"cameratoobject", TrackedMatrix::CameraToObject},
}};
constexpr const char* kInverseTransposeSuffix = ".invtrans";

std::optional<TrackedMatrix> trackedMatrix(const std::string& name, bool& inverseTranspose) {
    std::string base = name;
    inverseTranspose = base.ends_with(kInverseTransposeSuffix);
    if (inverseTranspose)
        base.resize(base.size() - std::string_view(kInverseTransposeSuffix).size());
    for (const MatrixName& m : kMatrices)
        if (base == m.name)
            return m.matrix;
    return std::nullopt;
}

// N of a parameter named "c[N]" (one to three digits), else nullopt.
std::optional<int> constantIndex(const std::string& name) {
    if (name.size() < 4 || name.size() > 6 || !name.starts_with("c[") || !name.ends_with("]"))
        return std::nullopt;
    const std::string digits = name.substr(2, name.size() - 3);
    if (digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoi(digits);
}

Transform transformOf(TrackedMatrix matrix, const VertexProgramPlacement& p) {
    switch (matrix) {
    case TrackedMatrix::ObjectToWorld:
        return p.objectToWorld;
    case TrackedMatrix::WorldToObject:
        return p.objectToWorld.inverse();
    case TrackedMatrix::WorldToCamera:
        return p.worldToCamera;
    case TrackedMatrix::CameraToWorld:
        return p.worldToCamera.inverse();
    case TrackedMatrix::ObjectToCamera:
        return p.worldToCamera * p.objectToWorld;
    case TrackedMatrix::CameraToObject:
        return (p.worldToCamera * p.objectToWorld).inverse();
    }
    return {};
}

} // namespace

VertexProgramBinding bindVertexProgram(const VertexProgramDescription& d,
                                       std::shared_ptr<const vp2::VerifiedProgram> program) {
    VertexProgramBinding binding;
    binding.where = d.where;
    const int registers = program->limits().parameters;
    std::vector<std::string> filledBy(static_cast<std::size_t>(registers));
    auto claim = [&](int first, int count, const Parameter& p) {
        if (first < 0 || first > registers - count) // no int overflow for huge `first`
            throw SceneError(p.where,
                             fmt::format("'{}' fills c[{}]..c[{}], but {} programs have c[0] to "
                                         "c[{}]",
                                         p.name, first, static_cast<long long>(first) + count - 1,
                                         vp2::versionHeader(program->version()), registers - 1));
        for (int i = first; i < first + count; ++i) {
            std::string& owner = filledBy[static_cast<std::size_t>(i)];
            if (!owner.empty())
                throw SceneError(p.where,
                                 fmt::format("'{}' and '{}' both fill c[{}]", owner, p.name, i));
            owner = p.name;
        }
    };
    for (const Parameter& p : d.parameters.all()) {
        bool inverseTranspose = false;
        if (const auto index = constantIndex(p.name)) {
            const auto values = d.parameters.getFloats(p.name);
            if (values.size() != 4)
                throw SceneError(p.where, fmt::format("'{}' takes four numbers [x y z w], found {}",
                                                      p.name, values.size()));
            claim(*index, 1, p);
            binding.constants.push_back({*index, {values[0], values[1], values[2], values[3]}});
        } else if (const auto matrix = trackedMatrix(p.name, inverseTranspose)) {
            const int first = d.parameters.getInteger(p.name, 0);
            if (first % 4 != 0)
                throw SceneError(p.where, fmt::format("'{}' must start at a multiple of four (as "
                                                      "TrackMatrixNV requires), not c[{}]",
                                                      p.name, first));
            claim(first, 4, p);
            binding.tracked.push_back({*matrix, inverseTranspose, first});
        } else if (p.name == "frame") {
            binding.frameRegister = d.parameters.getInteger("frame", 0);
            claim(binding.frameRegister, 1, p);
        } else if (p.name == "fps") {
            binding.framesPerSecond = d.parameters.getFloat("fps", 24);
            if (!(binding.framesPerSecond > 0))
                throw SceneError(p.where, "'fps' must be positive");
        } else if (p.name == "tessellation") {
            const auto n = d.parameters.getIntegers("tessellation");
            if (n.size() != 2 || n[0] < 3 || n[1] < 1 || n[0] > 4096 || n[1] > 4096)
                throw SceneError(p.where, "'tessellation' takes two integers [around along], "
                                          "at least [3 1] and at most [4096 4096]");
            binding.tessellation[0] = n[0];
            binding.tessellation[1] = n[1];
        } else {
            throw SceneError(p.where,
                             fmt::format("unknown parameter '{}' for VertexProgram: expected "
                                         "\"c[N]\" [x y z w], a tracked matrix (objecttoworld, "
                                         "worldtoobject, worldtocamera, cameratoworld, "
                                         "objecttocamera, cameratoobject, each optionally with "
                                         "'.invtrans') [N], \"frame\" [N], \"fps\" or "
                                         "\"tessellation\"",
                                         p.name));
        }
    }
    binding.program = std::move(program);
    return binding;
}

std::vector<vp2::Vector4> parameterRegisters(const VertexProgramBinding& binding,
                                             const VertexProgramPlacement& placement) {
    std::vector<vp2::Vector4> c(static_cast<std::size_t>(binding.program->limits().parameters),
                                vp2::Vector4{0, 0, 0, 0});
    // The program's own declarations (#const) are defaults the statement's parameters override.
    for (const vp2::ConstantDeclaration& declared : binding.program->constants())
        c[static_cast<std::size_t>(declared.index)] = declared.value;
    for (const auto& constant : binding.constants)
        c[static_cast<std::size_t>(constant.index)] = constant.value;
    for (const auto& t : binding.tracked) {
        const Transform transform = transformOf(t.matrix, placement);
        // The inverse transpose of M is the transpose of M's inverse.
        const Matrix4 m =
            t.inverseTranspose ? transpose(transform.inverse().matrix()) : transform.matrix();
        for (int row = 0; row < 4; ++row)
            c[static_cast<std::size_t>(t.first + row)] = m[static_cast<std::size_t>(row)];
    }
    if (binding.frameRegister >= 0)
        c[static_cast<std::size_t>(binding.frameRegister)] = {
            static_cast<float>(placement.frame),
            static_cast<float>(placement.frame) / binding.framesPerSecond, 0.0f, 1.0f};
    return c;
}

namespace {

// Whether `name` is a parameter of the binding itself rather than a Cg uniform.
bool isBindingParameter(const std::string& name) {
    bool inverseTranspose = false;
    return constantIndex(name) || trackedMatrix(name, inverseTranspose) || name == "frame" ||
           name == "fps" || name == "tessellation";
}

} // namespace

std::map<std::string, std::vector<float>> cgUniformValues(const ParameterList& parameters) {
    std::map<std::string, std::vector<float>> uniforms;
    for (const Parameter& p : parameters.all()) {
        if (isBindingParameter(p.name))
            continue;
        if (p.numbers.empty() || p.numbers.size() > 16)
            throw SceneError(
                p.where, fmt::format("'{}' is not a VertexProgram binding parameter, so it sets "
                                     "the program's uniform of that name, which takes 1 to 16 "
                                     "numbers",
                                     p.name));
        for (const double number : p.numbers)
            uniforms[p.name].push_back(static_cast<float>(number));
    }
    return uniforms;
}

VertexProgramBinding bindCompiledVertexProgram(const VertexProgramDescription& d,
                                               std::shared_ptr<const vp2::VerifiedProgram> program,
                                               const std::vector<compiler::ConstantSlot>& layout) {
    // The registers the statement fills itself: they override a uniform's value (so a binding
    // written for a hand-written twin still works), never a literal the compiler placed.
    std::set<int> filledByStatement;
    for (const Parameter& p : d.parameters.all()) {
        bool inverseTranspose = false;
        if (const auto index = constantIndex(p.name))
            filledByStatement.insert(*index);
        else if (trackedMatrix(p.name, inverseTranspose) || p.name == "frame")
            for (int row = 0; row < (p.name == "frame" ? 1 : 4); ++row)
                filledByStatement.insert(d.parameters.getInteger(p.name, 0) + row);
    }
    for (const compiler::ConstantSlot& slot : layout)
        if (slot.name.empty() && filledByStatement.count(slot.index))
            for (const Parameter& p : d.parameters.all())
                if (constantIndex(p.name) == slot.index)
                    throw SceneError(
                        p.where,
                        fmt::format("c[{}] holds a literal of the compiled program; fill a "
                                    "register the program leaves free, or one of its "
                                    "uniforms'",
                                    slot.index));
    // The layout as the binding parameters a hand-written program would take, then d's own.
    VertexProgramDescription bound{d.file, {}, d.directory, d.where};
    for (const compiler::ConstantSlot& slot : layout) {
        if (!slot.name.empty() && filledByStatement.count(slot.index))
            continue;
        Parameter p;
        p.where = d.where;
        if (slot.semantic.empty()) {
            p.name = fmt::format("c[{}]", slot.index);
            p.type = ParameterType::Float;
            p.numbers.assign(slot.value.begin(), slot.value.end());
        } else if (slot.row == 0) {
            p.name = slot.semantic;
            std::transform(p.name.begin(), p.name.end(), p.name.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            p.type = ParameterType::Integer;
            p.numbers = {static_cast<double>(slot.index)};
        } else {
            continue; // the other rows of a tracked matrix
        }
        bound.parameters.add(std::move(p));
    }
    for (const Parameter& p : d.parameters.all())
        if (isBindingParameter(p.name))
            bound.parameters.add(p);
    return bindVertexProgram(bound, std::move(program));
}

} // namespace lrt
