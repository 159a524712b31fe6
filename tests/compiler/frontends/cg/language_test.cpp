// The Cg language as lrt compiles it, feature by feature: each program runs on the VM it was
// compiled for, and its result is worked out by hand in the comment beside the expectation.
#include "compiler/driver/compile.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/vm.h"
#include "slvm/vp2/vm.h"

#include <catch2/catch.hpp>
#include <map>

namespace sl = slvm::sl;
namespace vp2 = slvm::vp2;

namespace {

// trace answers (0.25, 0.5, 0.75), lookup (s, t, unit / 8), random 0.125, turbulence 2x.
class ScriptedHost final : public sl::Host {
public:
    sl::Float3 trace(const sl::Float3&, const sl::Float3&) override { return {0.25f, 0.5f, 0.75f}; }
    sl::Float3 lookup(int unit, float s, float t) override {
        return {s, t, static_cast<float>(unit) / 8};
    }
    float random() override { return 0.125f; }
    float turbulence(float x) override { return 2 * x; }
    float turbulence(const sl::Float3& p) override { return 2 * p[0]; }
};

struct SlResult {
    sl::Float4 v0;
    float v1;
};

compiler::CompiledProgram compile(const std::string& profile, const std::string& source,
                                  std::map<std::string, std::vector<float>> uniforms = {}) {
    compiler::CompileOptions options;
    options.profile = compiler::requireProfile(profile).id;
    options.uniformValues = std::move(uniforms);
    return compiler::compileCg(std::make_shared<const slvm::SourceText>("test.cg", source),
                               options);
}

SlResult runSl(const std::string& source,
               const std::map<std::string, std::vector<float>>& registers,
               std::map<std::string, std::vector<float>> uniforms = {}) {
    INFO(source);
    const auto program = compile("sl", source, std::move(uniforms));
    INFO(program.assembly);
    sl::RegisterFile file = sl::RegisterFile::withDefaults();
    for (const auto& [name, values] : registers) {
        const auto index = sl::findRegister(name);
        REQUIRE(index);
        if (values.size() == 1)
            file.scalar(*index) = values[0];
        else
            for (std::size_t i = 0; i < values.size(); ++i)
                file.vector(*index)[i] = values[i];
    }
    ScriptedHost host;
    REQUIRE(sl::execute(*program.sl(), file, host).status == sl::ExecutionStatus::Ok);
    return {file.vector(sl::reg::v0), file.scalar(sl::reg::v1)};
}

vp2::Vector4 runVertex(const std::string& profile, const std::string& source, vp2::Vector4 position,
                       std::map<std::string, std::vector<float>> uniforms = {}) {
    INFO(source);
    const auto program = compile(profile, source, std::move(uniforms));
    INFO(program.assembly);
    std::vector<vp2::Vector4> parameters(vp2::kMaxParameters, vp2::Vector4{0, 0, 0, 0});
    for (const compiler::ConstantSlot& slot : program.constants)
        parameters[static_cast<std::size_t>(slot.index)] = slot.value;
    vp2::VertexMachine machine(*program.vertex(), parameters);
    std::array<vp2::Vector4, vp2::kAttributeCount> attributes{};
    attributes[0] = position;
    REQUIRE(machine.run(attributes).status == slvm::ExecutionStatus::Ok);
    return machine.result(vp2::Result::HPOS);
}

} // namespace

TEST_CASE("structs, out parameters and overloads", "[compiler][language]") {
    const auto r = runSl(R"(
struct Split { float3 direction; float length; };
void split(float3 v, out float len, out float3 dir) { len = length(v); dir = v / len; }
float pick(float x) { return 1; }
float pick(float3 x) { return 3; }
float3 main(float3 N : N) : COLOR {
    float l;
    float3 d;
    split(N, l, d);
    Split s;
    s.direction = d;
    s.length = l;
    return s.direction * s.length + pick(N) + 10 * pick(N.x);
})",
                         {{"N", {3, 4, 0}}});
    // N rebuilt from its length 5 and direction (0.6, 0.8, 0), plus 3 + 10.
    CHECK(r.v0[0] == Catch::Detail::Approx(16));
    CHECK(r.v0[1] == Catch::Detail::Approx(17));
    CHECK(r.v0[2] == Catch::Detail::Approx(13));
}

TEST_CASE("loops unroll, with constant and run-time breaks and early returns",
          "[compiler][language]") {
    const std::string source = R"(
float3 main(float Kd : Kd) : COLOR {
    float s = 0;
    for (int i = 0; i < 10; i++) {
        if (i == 4)
            break;
        s += i;
    }
    float t = 0;
    for (int j = 0; j < 4; j++) {
        if (Kd * j > 1)
            break;
        t += 1;
    }
    if (Kd > 0.5)
        return float3(s, t, 1);
    return float3(s, t, 2);
})";
    // s = 0 + 1 + 2 + 3; t counts j while Kd j <= 1: j = 0..2 for 0.4, 0..1 for 0.9.
    const auto low = runSl(source, {{"Kd", {0.4f}}});
    CHECK(low.v0[0] == 6);
    CHECK(low.v0[1] == 3);
    CHECK(low.v0[2] == 2);
    const auto high = runSl(source, {{"Kd", {0.9f}}});
    CHECK(high.v0[1] == 2);
    CHECK(high.v0[2] == 1);
    // while and do-while with constant trip counts; continue skips the rest of one iteration.
    const auto loops = runSl(R"(
float3 main() : COLOR {
    float a = 0, b = 0, c = 0;
    int i = 0;
    while (i < 3) { a += 2; i++; }
    do { b += 1; } while (b < 5);
    for (int k = 0; k < 5; k++) {
        if (k == 2)
            continue;
        c += k;
    }
    return float3(a, b, c);
})",
                             {});
    CHECK(loops.v0[0] == 6); // three times 2
    CHECK(loops.v0[1] == 5);
    CHECK(loops.v0[2] == 8); // 0 + 1 + 3 + 4
}

TEST_CASE("swizzles, write masks and a float4 result", "[compiler][language]") {
    const auto r = runSl(R"(
float4 main() : COLOR {
    float4 c = float4(1, 2, 3, 4);
    c.wx = c.xw;
    c.yz = c.zy;
    return c;
})",
                         {});
    // (1,2,3,4) -> w,x = 1,4 -> (4,2,3,1) -> y,z = 3,2 -> (4,3,2,1): w goes to v1.
    CHECK(r.v0[0] == 4);
    CHECK(r.v0[1] == 3);
    CHECK(r.v0[2] == 2);
    CHECK(r.v1 == 1);
}

TEST_CASE("int truncates, % is C's fmod, bools and comparisons", "[compiler][language]") {
    const auto r = runSl(R"(
float3 main(float3 N : N) : COLOR {
    int a = 7;
    int b = 2;
    float quotient = a / b;                    // 3
    float cast = (int)-2.5;                    // -2
    float remainder = 7 % 3 + (-7.5) % 2;      // 1 + -1.5
    bool test = N.x < N.y && !(N.z > 0);
    return float3(quotient + cast, remainder, test ? 10 : 20);
})",
                         {{"N", {1, 2, -1}}});
    CHECK(r.v0[0] == 1);
    CHECK(r.v0[1] == Catch::Detail::Approx(-0.5));
    CHECK(r.v0[2] == 10);
}

TEST_CASE("uniforms take their initialiser or the value given, and specialise the program",
          "[compiler][language]") {
    const std::string source = R"(
uniform float3 tint = float3(1, 0.5, 0.25);
float3 main(float3 C : C0, uniform float gain = 2) : COLOR {
    return C * tint * gain;
})";
    const auto byDefault = runSl(source, {{"C0", {1, 1, 1}}});
    CHECK(byDefault.v0[0] == 2);
    CHECK(byDefault.v0[2] == 0.5f);
    const auto given = runSl(source, {{"C0", {1, 1, 1}}}, {{"gain", {4}}, {"tint", {0.5f}}});
    CHECK(given.v0[0] == 2); // 0.5 * 4
    CHECK(given.v0[1] == 2);
    // Folded: the gain is a literal of the program, not a register.
    CHECK_THAT(compile("sl", source, {{"gain", {4}}}).assembly, Catch::Contains("4"));
    // A value too small for a normal float (a scene's 1e-38) is a program literal of 0, which
    // the SL assembler takes, not 1e-38, which it refuses (an internal error until issue 54).
    const float tiny = 1e-38f;
    REQUIRE(std::fpclassify(tiny) == FP_SUBNORMAL);
    for (const char* profile : {"sl", "vp2", "card"}) {
        INFO("profile " << profile);
        const std::string program =
            std::string(profile) == "card"
                ? "uniform float k = 1;\nfloat sdf(float3 p) { return p.x * k; }"
            : std::string(profile) == "vp2"
                ? "uniform float k = 1;\nfloat4 main(float4 p : POSITION) : "
                  "POSITION { return p * k; }"
                : source;
        const auto uniform = std::string(profile) == "sl" ? "gain" : "k";
        CHECK_NOTHROW(compile(profile, program, {{uniform, {tiny}}}));
    }
    const auto folded = runSl(source, {{"C0", {1, 1, 1}}}, {{"gain", {tiny}}});
    CHECK(folded.v0[0] == 0);
}

TEST_CASE("discard ends the program with no contribution", "[compiler][language]") {
    const std::string source = R"(
float3 main(float Kd : Kd) : COLOR {
    if (Kd < 0.5)
        discard;
    return float3(1, 1, 1);
})";
    CHECK(runSl(source, {{"Kd", {0.2f}}}).v0[0] == 0);
    CHECK(runSl(source, {{"Kd", {0.7f}}}).v0[0] == 1);
}

TEST_CASE("tex2D, trace, random and turbulence reach the host", "[compiler][language]") {
    const auto r = runSl(R"(
sampler2D tex : t3;
float3 main(float3 Pw : Pw, float3 N : N, float3 P : P) : COLOR {
    float4 texel = tex2D(tex, float2(0.1, 0.2));
    return texel.rgb * texel.a + trace(Pw, N) + random() + turbulence(P);
})",
                         {{"P", {0.5f, 0, 0}}});
    // (0.1, 0.2, 3/8) * 1 + (0.25, 0.5, 0.75) + 0.125 + 2 * 0.5
    CHECK(r.v0[0] == Catch::Detail::Approx(1.475));
    CHECK(r.v0[1] == Catch::Detail::Approx(1.825));
    CHECK(r.v0[2] == Catch::Detail::Approx(2.25));
}

TEST_CASE("matrices: mul both ways, constructors and transpose, on the vertex profiles",
          "[compiler][language]") {
    const std::string source = R"(
uniform float3x3 m = float3x3(0, -1, 0,
                              1,  0, 0,
                              0,  0, 1);
float4 main(float4 p : POSITION) : POSITION {
    float3 a = mul(m, p.xyz);
    float3 b = mul(p.xyz, m);
    float3 c = mul(transpose(m), p.xyz);
    return float4(a.x, b.x, c.y, a.y + b.y + a.z);
})";
    for (const char* profile : {"vp1.1", "vp2"}) {
        INFO("profile " << profile);
        const auto hpos = runVertex(profile, source, {1, 2, 3, 1});
        // M p = (-2, 1, 3); p M = 1 (0,-1,0) + 2 (1,0,0) + 3 (0,0,1) = (2, -1, 3); M^T p = p M.
        CHECK(hpos[0] == -2);
        CHECK(hpos[1] == 2);
        CHECK(hpos[2] == -1);
        CHECK(hpos[3] == 3); // 1 - 1 + 3
    }
}

TEST_CASE("if on the vertex profiles is flattened, with the same result as a branch",
          "[compiler][language]") {
    const std::string source = R"(
float4 main(float4 p : POSITION, uniform float k : C7) : POSITION {
    float4 q;
    if (p.x > 0)
        q = p * 2;
    else
        q = -p;
    return q + k;
})";
    for (const char* profile : {"vp1.1", "vp2"}) {
        INFO("profile " << profile);
        const auto positive = runVertex(profile, source, {1, 2, 3, 1}, {{"k", {0.5f}}});
        CHECK(positive[0] == 2.5f);
        CHECK(positive[3] == 2.5f);
        const auto negative = runVertex(profile, source, {-1, 2, 3, 1}, {{"k", {0.5f}}});
        CHECK(negative[0] == 1.5f);
        CHECK(negative[1] == -1.5f);
        // The uniform is pinned to c[7].
        bool pinned = false;
        for (const auto& slot : compile(profile, source).constants)
            pinned = pinned || (slot.name == "k" && slot.index == 7);
        CHECK(pinned);
    }
}

TEST_CASE("the standard library on every profile", "[compiler][language]") {
    // Each line's value is worked out by hand; the SL, VP1.1 and VP2 versions of sin, pow, exp2,
    // floor and the rest come from different instructions or expansions.
    const std::string body = R"(
    float x = p.x;                                   // 0.5
    float a = sin(x) + cos(x);                       // 0.479426 + 0.877583 = 1.357009
    float b = pow(4, x) + sqrt(16) + rsqrt(4);       // 2 + 4 + 0.5 = 6.5
    float c = floor(-x) + ceil(x) + frac(2.25) + abs(-3) + sign(-x);  // -1 + 1 + 0.25 + 3 - 1
    float d = lerp(2, 4, x) + clamp(5, 0, 1) + saturate(-2) + step(0.3, x) + smoothstep(0, 1, x);
                                                     // 3 + 1 + 0 + 1 + 0.5 = 5.5
    float e = dot(float3(1, 2, 3), float3(4, 5, 6)) + length(float2(3, 4)) + distance(float2(0, 0), float2(0, 2));
                                                     // 32 + 5 + 2 = 39
    float3 f = cross(float3(1, 0, 0), float3(0, 1, 0)) + normalize(float3(0, 0, 2)) + reflect(float3(1, -1, 0), float3(0, 1, 0));
                                                     // (0,0,1) + (0,0,1) + (1,1,0) = (1, 1, 2)
    float g = min(2, 3) + max(2, 3) + degrees(3.14159265) + radians(180) + exp2(3);
                                                     // 2 + 3 + 180 + 3.14159 + 8 = 196.14159
)";
    const std::string vertex =
        "float4 main(float4 p : POSITION) : POSITION {" + body +
        "    return float4(a + b * 10, c + d * 10, e + f.x + f.y * 10 + f.z * 100, g);\n}\n";
    for (const char* profile : {"vp1.1", "vp2"}) {
        INFO("profile " << profile);
        const auto r = runVertex(profile, vertex, {0.5f, 0, 0, 1});
        CHECK(r[0] == Catch::Detail::Approx(66.357009).epsilon(1e-5));
        CHECK(r[1] == Catch::Detail::Approx(57.25).epsilon(1e-5));
        CHECK(r[2] == Catch::Detail::Approx(250).epsilon(1e-5));
        CHECK(r[3] == Catch::Detail::Approx(196.14159).epsilon(1e-5));
    }
    const std::string surface =
        "float4 main(float3 p : P) : COLOR {" + body +
        "    return float4(a + b * 10, c + d * 10, e + f.x + f.y * 10 + f.z * 100, g);\n}\n";
    const auto r = runSl(surface, {{"P", {0.5f, 0, 0}}});
    CHECK(r.v0[0] == Catch::Detail::Approx(66.357009).epsilon(1e-5));
    CHECK(r.v0[1] == Catch::Detail::Approx(57.25).epsilon(1e-5));
    CHECK(r.v0[2] == Catch::Detail::Approx(250).epsilon(1e-5));
    CHECK(r.v1 == Catch::Detail::Approx(196.14159).epsilon(1e-5));
}

TEST_CASE("uniform arrays indexed at run time use relative addressing on the vertex profiles",
          "[compiler][language]") {
    const std::string source = R"(
uniform float4 palette[3] : C10 = {float4(1, 0, 0, 0), float4(0, 2, 0, 0), float4(0, 0, 3, 0)};
uniform float3x3 scales[2] = {float3x3(1, 0, 0, 0, 1, 0, 0, 0, 1), float3x3(2, 0, 0, 0, 2, 0, 0, 0, 2)};
float4 main(float4 p : POSITION) : POSITION {
    return palette[p.x] + float4(mul(scales[p.y], float3(1, 2, 3)), 0);
})";
    for (const char* profile : {"vp1.1", "vp2"}) {
        INFO("profile " << profile);
        // palette[floor(1.7)] = (0, 2, 0, 0); scales[floor(1.2)] = 2 I: (2, 4, 6).
        const auto a = runVertex(profile, source, {1.7f, 1.2f, 0, 1});
        CHECK(a[0] == 2);
        CHECK(a[1] == 6);
        CHECK(a[2] == 6);
        CHECK(a[3] == 0);
        // palette[2] = (0, 0, 3, 0); scales[0] = I: (1, 2, 3).
        const auto b = runVertex(profile, source, {2.2f, 0.5f, 0, 1});
        CHECK(b[0] == 1);
        CHECK(b[1] == 2);
        CHECK(b[2] == 6);
        CHECK_THAT(compile(profile, source).assembly, Catch::Contains("ARL A0.x"));
    }
}
