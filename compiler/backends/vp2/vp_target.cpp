// The vertex profiles' bindings and operations; the code generator is vp_codegen.cpp.
#include "compiler/backends/vp2/vp_target.h"

#include <fmt/format.h>
#include <span>

namespace compiler::backends {

namespace {

struct Semantic {
    std::string_view semantic;
    std::string_view reg;
    bool vp2Only = false;
};

// Attribute and result names are the NV_vertex_program aliases; ATTRn is v[n].
constexpr Semantic kInputs[] = {
    {"POSITION", "v[OPOS]"},  {"BLENDWEIGHT", "v[WGHT]"}, {"NORMAL", "v[NRML]"},
    {"COLOR", "v[COL0]"},     {"COLOR0", "v[COL0]"},      {"COLOR1", "v[COL1]"},
    {"FOGCOORD", "v[FOGC]"},  {"TEXCOORD0", "v[TEX0]"},   {"TEXCOORD1", "v[TEX1]"},
    {"TEXCOORD2", "v[TEX2]"}, {"TEXCOORD3", "v[TEX3]"},   {"TEXCOORD4", "v[TEX4]"},
    {"TEXCOORD5", "v[TEX5]"}, {"TEXCOORD6", "v[TEX6]"},   {"TEXCOORD7", "v[TEX7]"}};
constexpr Semantic kOutputs[] = {
    {"POSITION", "o[HPOS]"},   {"HPOS", "o[HPOS]"},       {"COLOR", "o[COL0]"},
    {"COLOR0", "o[COL0]"},     {"COLOR1", "o[COL1]"},     {"BCOL0", "o[BFC0]"},
    {"BCOL1", "o[BFC1]"},      {"TEXCOORD0", "o[TEX0]"},  {"TEXCOORD1", "o[TEX1]"},
    {"TEXCOORD2", "o[TEX2]"},  {"TEXCOORD3", "o[TEX3]"},  {"TEXCOORD4", "o[TEX4]"},
    {"TEXCOORD5", "o[TEX5]"},  {"TEXCOORD6", "o[TEX6]"},  {"TEXCOORD7", "o[TEX7]"},
    {"PSIZE", "o[PSIZ]"},      {"FOG", "o[FOGC]"},        {"CLP0", "o[CLP0]", true},
    {"CLP1", "o[CLP1]", true}, {"CLP2", "o[CLP2]", true}, {"CLP3", "o[CLP3]", true},
    {"CLP4", "o[CLP4]", true}, {"CLP5", "o[CLP5]", true}};

std::string whyMissing(ir::Op) {
    return "NV_vertex_program has no instruction for it";
}

// DP3 and DP4 are the dot products of float3s and float4s; a float2's is a MUL and a MAD.
bool nativeFor(const ir::Instruction& instruction, ir::Type operand) {
    return instruction.op == ir::Op::Dot && operand.width >= 3;
}

} // namespace

VpTarget::VpTarget(bool vp2) : vp2_(vp2) {
    using enum ir::Op;
    support_.native = {Add,  Sub,   Mul, Neg, Min, Max, Abs, Rcp,    Rsqrt,       Exp2,   Log2,
                       Frac, Cross, Lt,  Ge,  And, Or,  Not, Select, BoolToFloat, Indexed};
    if (vp2)
        support_.native.insert({Floor, Sign, Sin, Cos, Le, Gt, Eq, Ne});
    else
        support_.native.insert({Le, Gt, Eq, Ne}); // from SLT and SGE, see vp_codegen.cpp
    support_.targetName = name();
    support_.whyMissing = whyMissing;
    support_.nativeFor = nativeFor;
}

std::string VpTarget::refuses(ir::Op op) const {
    const std::string_view what = op == ir::Op::Texture      ? "tex2D"
                                  : op == ir::Op::Trace      ? "trace"
                                  : op == ir::Op::Random     ? "random"
                                  : op == ir::Op::Turbulence ? "turbulence"
                                                             : "discard";
    return fmt::format(
        "{} is not available in profile {}: a vertex program runs on the mesh before "
        "rendering, where there are no textures, rays or samples",
        what, name());
}

std::optional<Binding> VpTarget::bind(std::string_view semantic, Direction direction) const {
    // ATTR0-ATTR15: the generic attribute registers.
    if (direction == Direction::In && semantic.starts_with("ATTR") && semantic.size() <= 6) {
        const std::string_view number = semantic.substr(4);
        if (!number.empty() && number.find_first_not_of("0123456789") == std::string_view::npos &&
            !(number.size() == 2 && number[0] == '0')) {
            const int index = std::stoi(std::string(number));
            if (index < 16)
                return Binding{fmt::format("v[{}]", index), 4};
        }
    }
    const auto& table = direction == Direction::In ? std::span<const Semantic>(kInputs)
                                                   : std::span<const Semantic>(kOutputs);
    for (const Semantic& entry : table)
        if (entry.semantic == semantic && (vp2_ || !entry.vp2Only))
            return Binding{std::string(entry.reg),
                           entry.reg == "o[PSIZ]" || entry.reg == "o[FOGC]" ? 1 : 4};
    return std::nullopt;
}

std::vector<std::string_view> VpTarget::semantics(Direction direction) const {
    std::vector<std::string_view> names;
    for (const Semantic& entry : direction == Direction::In ? std::span<const Semantic>(kInputs)
                                                            : std::span<const Semantic>(kOutputs))
        if (vp2_ || !entry.vp2Only)
            names.push_back(entry.semantic);
    if (direction == Direction::In)
        names.push_back("ATTR0-ATTR15");
    return names;
}

} // namespace compiler::backends
