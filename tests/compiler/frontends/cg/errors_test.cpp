// At least forty invalid Cg programs, each with the first diagnostic a shader author gets
// (file:line:column and the words that say what is wrong) and how many there are: one mistake
// gives one error, not a cascade, and independent mistakes are all reported.
#include "compiler/driver/compile.h"

#include <catch2/catch.hpp>
#include <string>

namespace {

struct InvalidProgram {
    const char* name;
    const char* profile;
    const char* source;
    int line, column;    // of the first error
    const char* message; // the start of the first error's message
    std::size_t errors;  // how many errors the file gets
};

// clang-format off
const InvalidProgram kInvalidPrograms[] = {
    {"assign_const", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    const float a = 1;
    a = 2;
    return N * a;
}
)cg",
     3, 5, R"('a' is const and cannot be assigned)", 1},
    {"bad_character", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N @ 2;
}
)cg",
     2, 14, R"(unexpected character '@')", 2},
    {"bad_uniform_semantic", "vp2", R"cg(uniform float4x4 m : MODELVIEW;
float4 main(float4 p : POSITION) : POSITION {
    return mul(m, p);
}
)cg",
     1, 22, R"(unknown uniform semantic 'MODELVIEW': pin a register with C12 or regis)", 1},
    {"bitwise", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    int a = 3;
    return N * (a & 1);
}
)cg",
     3, 19, R"(operator '&' is not supported: lrt's targets have no integers to apply)", 1},
    {"break_outside", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    break;
    return N;
}
)cg",
     2, 5, R"('break' outside a loop)", 1},
    {"clp_on_vp11", "vp1.1", R"cg(struct Out { float4 p : POSITION; float4 clip : CLP0; };
Out main(float4 p : POSITION) {
    Out o;
    o.p = p;
    o.clip = p.x;
    return o;
}
)cg",
     1, 42, R"(unknown output semantic 'CLP0' in profile vp1.1)", 1},
    {"condition_vector", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    if (N) return N;
    return -N;
}
)cg",
     2, 9, R"(a condition must be a scalar, not float3)", 1},
    {"const_no_init", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    const float a;
    return N;
}
)cg",
     2, 17, R"(const 'a' needs an initialiser)", 1},
    {"constructor_count", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return float3(N.x, N.y);
}
)cg",
     2, 12, R"(float3 has 3 components, but 2 are given)", 1},
    {"discard_in_vertex", "vp2", R"cg(float4 main(float4 p : POSITION) : POSITION {
    if (p.x < 0) discard;
    return p;
}
)cg",
     2, 18, R"(discard is not available in profile vp2: a vertex program runs on the )", 1},
    {"dynamic_index", "sl", R"cg(float3 main(float3 N : N, float Kd : Kd) : COLOR {
    float a[3] = {1, 2, 3};
    return N * a[Kd];
}
)cg",
     3, 18, R"(the index must be known when the program compiles: profile sl has no relative addressing)", 1},
    {"local_array_dynamic_index", "vp2", R"cg(float4 main(float4 p : POSITION) : POSITION {
    float a[3] = {1, 2, 3};
    return p * a[p.x];
}
)cg",
     3, 20, R"(an index known only when the program runs can select an element of a uniform array)", 1},
    {"error_directive", "sl", R"cg(#if PROFILE_SL
#error this shader is for vertex profiles
#endif
float3 main(float3 N : N) : COLOR {
    return N;
}
)cg",
     2, 1, R"(#error this shader is for vertex profiles)", 1},
    {"include_missing", "sl", R"cg(#include "nothere.cgh"
float3 main(float3 N : N) : COLOR {
    return N;
}
)cg",
     1, 10, R"(cannot find include file 'nothere.cgh' (looked in .))", 1},
    {"index_out_of_range", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    float a[3] = {1, 2, 3};
    return N * a[3];
}
)cg",
     3, 18, R"(index 3 is outside float[3])", 1},
    {"input_as_output", "sl", R"cg(void main(out float3 c : N) {
    c = 1;
}
)cg",
     1, 22, R"(parameter 'c' cannot write 'N': it is an input of profile sl (outputs:)", 1},
    {"log_on_sl", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return log(abs(N) + 1);
}
)cg",
     2, 12, R"(log() is not available in profile sl: SL 1.0 has exp and pow but no lo)", 1},
    {"macro_args", "sl", R"cg(#define SCALE(x, k) ((x) * (k))
float3 main(float3 N : N) : COLOR {
    return SCALE(N);
}
)cg",
     3, 12, R"(macro 'SCALE' takes 2 arguments, given 1)", 1},
    {"matrix_times_vector_op", "vp2", R"cg(float4 main(float4 p : POSITION, uniform float4x4 m) : POSITION {
    return m * p;
}
)cg",
     2, 14, R"(operator '*' on float4x4 and float4: the shapes differ (use mul() for )", 1},
    {"missing_return_value", "sl", R"cg(float g() {
    return;
}
float3 main(float3 N : N) : COLOR {
    return N * g();
}
)cg",
     2, 5, R"(expected a value of type float after 'return')", 1},
    {"missing_semantic", "sl", R"cg(float3 main(float3 N) : COLOR {
    return N;
}
)cg",
     1, 20, R"(parameter 'N' needs a semantic to say which register it reads (profile)", 1},
    {"missing_semicolon", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    float a = 1
    return N * a;
}
)cg",
     3, 5, R"(expected ';', found 'return')", 1},
    {"mul_shapes", "vp2", R"cg(float4 main(float4 p : POSITION, uniform float3x3 m) : POSITION {
    return mul(m, p);
}
)cg",
     2, 12, R"(mul() takes a float3 here, not float4)", 1},
    {"no_entry", "sl", R"cg(float3 shade(float3 N : N) : COLOR {
    return N;
}
)cg",
     0, 0, R"(no entry function 'main' in the program)", 1},
    {"no_member", "sl", R"cg(struct S { float3 c; };
float3 main(float3 N : N) : COLOR {
    S s;
    s.c = N;
    return s.colour;
}
)cg",
     5, 14, R"(struct S has no member 'colour')", 1},
    {"no_position", "vp2", R"cg(float4 main(float4 c : COLOR0) : COLOR0 {
    return c;
}
)cg",
     1, 8, R"(a vertex program must write POSITION (o[HPOS]): return it, or give an )", 1},
    {"noise_on_sl", "sl", R"cg(float3 main(float3 P : P) : COLOR {
    return noise(P);
}
)cg",
     2, 12, R"(noise() is not available in profile sl: lrt's hosts provide turbulence)", 1},
    // Issue 31, defect 2: these ended in "internal error ...: stod" (exit 4).
    {"number_integer_too_large", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N * 99999999999999999999999;
}
)cg",
     2, 16, R"(integer '99999999999999999999999' is outside the range of an integer literal)", 1},
    {"number_too_large", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N * 1e400;
}
)cg",
     2, 16, R"(number '1e400' is outside float's range)", 1},
    {"number_underflow", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N * 0.1e-385;
}
)cg",
     2, 16, R"(number '0.1e-385' underflows float)", 1},
    {"number_denormal", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N * 1e-40f;
}
)cg",
     2, 16, R"(number '1e-40f' underflows float)", 1},
    {"recursion", "sl", R"cg(float f(float x) {
    return f(x - 1);
}
float3 main(float Kd : Kd) : COLOR {
    return f(Kd);
}
)cg",
     2, 12, R"(recursive call to 'f' (main -> f -> f): Cg functions are inlined, so a)", 1},
    {"redeclared", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    float a = 1;
    float a = 2;
    return N * a;
}
)cg",
     3, 11, R"('a' is already declared in this scope (at line 2))", 1},
    {"repeated_write_mask", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    float3 a = N;
    a.xx = float2(1, 2);
    return a;
}
)cg",
     3, 7, R"(write mask '.xx' names a component twice)", 1},
    {"sampler_semantic", "sl", R"cg(sampler2D tex : uv;
float3 main(float3 N : N) : COLOR {
    return tex2D(tex, N.xy).rgb;
}
)cg",
     1, 11, R"(sampler 'tex' is a sampler2D: its semantic must be a texture unit (t0-)", 1},
    {"swizzle_out_of_range", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    float2 a = N.xy;
    return a.xyz;
}
)cg",
     3, 14, R"(swizzle '.xyz' reads a component float2 does not have)", 1},
    {"tex_coords_scalar", "sl", R"cg(sampler2D tex : t0;
float3 main(float Kd : Kd) : COLOR {
    return tex2D(tex, Kd).rgb;
}
)cg",
     3, 12, R"(tex2D() takes float2 coordinates)", 1},
    {"tex_in_vertex", "vp2", R"cg(sampler2D t : TEXUNIT0;
float4 main(float4 p : POSITION) : POSITION {
    return p + tex2D(t, p.xy);
}
)cg",
     1, 11, R"(unknown input semantic 'TEXUNIT0' in profile vp2)", 1},
    {"three_errors", "sl", R"cg(float helper(float x) {
    return x * undefinedScale;
}
float3 main(float3 N : N, float Kd : Kd) : COLOR {
    float3 a = N.xyq;
    float b = normalise(Kd);
    return N * helper(Kd);
}
)cg",
     2, 16, R"(unknown name 'undefinedScale')", 3},
    // Issue 31, defect 6: the undeclared name on line 5 was hidden behind line 3's error, as c
    // (poisoned by b) was lowered first.
    {"two_independent_errors", "sl", R"cg(float3 main(float3 N : N, float3 L : L) : COLOR {
    float3 a = N * L;
    float3 b = frobnicate(a);
    float3 c = a + b;
    return c * undeclaredName;
}
)cg",
     3, 16, R"(unknown function 'frobnicate')", 2},
    {"too_many_iterations", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    float s = 0;
    for (int i = 0; i < 5000; i++)
        s += 0.001;
    return N * s;
}
)cg",
     3, 5, R"(this loop runs more than 1024 times: loops are unrolled, and a longer )", 1},
    // Six traced colours, all alive at once: a trace is not recomputed (it recurses into the
    // scene), so this cannot fit SL's five vectors. (With products of inputs instead, it
    // compiles: issue 31 defect 7, rematerialisation.)
    {"too_many_registers", "sl", R"cg(float3 main(float3 N : N, float3 L : L, float3 V : V, float3 P : P, float3 Pw : Pw) : COLOR {
    float3 a = trace(N, L);
    float3 b = trace(L, V);
    float3 c = trace(V, P);
    float3 d = trace(P, Pw);
    float3 e = trace(Pw, N);
    float3 f = trace(N, V);
    return a + b + c + d + e + f + a * b * c * d * e * f;
}
)cg",
     7, 16, R"(this needs more vector registers than SL has: 7 values are live here, )", 1},
    {"trace_in_vertex", "vp2", R"cg(float4 main(float4 p : POSITION) : POSITION {
    return float4(trace(p.xyz, p.xyz), 1);
}
)cg",
     2, 19, R"(trace is not available in profile vp2: a vertex program runs on the me)", 1},
    {"type_mismatch", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    float2 a = N.xy;
    float3 b = a;
    return b;
}
)cg",
     3, 16, R"(cannot convert float2 to float3 implicitly)", 1},
    {"unbounded_loop", "vp1.1", R"cg(float4 main(float4 p : POSITION) : POSITION {
    float x = p.x;
    while (x > 1)
        x = x * 0.5;
    return float4(x, p.yzw);
}
)cg",
     3, 14, R"(this loop's condition depends on values known only when the program ru)", 1},
    {"undeclared", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N * brightness;
}
)cg",
     2, 16, R"(unknown name 'brightness')", 1},
    {"uniform_no_value", "sl", R"cg(float3 main(float3 N : N, uniform float scale) : COLOR {
    return N * scale;
}
)cg",
     1, 41, R"(uniform 'scale' has no value: give it an initialiser, or a value in th)", 1},
    {"uniform_pinned_twice", "vp2", R"cg(uniform float4 a : C3;
uniform float4 b : C3;
float4 main(float4 p : POSITION) : POSITION {
    return p * a * b;
}
)cg",
     2, 16, R"(uniform 'b' would share c[3] with 'a')", 1},
    {"unknown_function", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return normalise(N);
}
)cg",
     2, 12, R"(unknown function 'normalise'; did you mean 'normalize'?)", 1},
    {"unknown_semantic", "sl", R"cg(float3 main(float3 N : NORMALS) : COLOR {
    return N;
}
)cg",
     1, 24, R"(unknown input semantic 'NORMALS' in profile sl; did you mean 'NORMAL'?)", 1},
    {"unknown_type", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    vec3 a = N;
    return a;
}
)cg",
     2, 5, R"(unknown type 'vec3')", 1},
    {"unterminated_comment", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    /* never closed
    return N;
}
)cg",
     2, 5, R"(unterminated comment: expected '*/')", 2},
    {"unterminated_if", "sl", R"cg(#ifdef LRT
float3 main(float3 N : N) : COLOR {
    return N;
}
)cg",
     1, 1, R"(unterminated conditional: expected '#endif')", 1},
    {"vector_size_mismatch", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N + N.xy;
}
)cg",
     2, 14, R"(operator '+' on float3 and float2: vector sizes must match (or one be )", 1},
    {"void_return_value", "sl", R"cg(void f() {
    return 1;
}
float3 main(float3 N : N) : COLOR {
    f();
    return N;
}
)cg",
     2, 5, R"(a void function returns no value)", 1},
    {"wrong_arg_count", "sl", R"cg(float3 main(float3 N : N, float3 L : L) : COLOR {
    return dot(N);
}
)cg",
     2, 12, R"(dot() takes 2 arguments, given 1)", 1},
    {"wrong_swizzle", "sl", R"cg(float3 main(float3 N : N) : COLOR {
    return N.xyq;
}
)cg",
     2, 14, R"('.xyq' is not a swizzle of float3 (use x, y, z, w or r, g, b, a))", 1},
};
// clang-format on

} // namespace

TEST_CASE("invalid Cg programs get precise errors", "[compiler][errors]") {
    CHECK(std::size(kInvalidPrograms) >= 40);
    for (const InvalidProgram& program : kInvalidPrograms) {
        const std::string file = std::string(program.name) + ".cg";
        INFO("lrt cg compile " << file << " --profile " << program.profile << ", with " << file
                               << ":\n"
                               << program.source);
        compiler::CompileOptions options;
        options.profile = compiler::requireProfile(program.profile).id;
        try {
            compiler::compileCg(std::make_shared<const slvm::SourceText>(file, program.source),
                                options);
            FAIL("the program compiled");
        } catch (const slvm::ProgramError& error) {
            INFO(error.what());
            const auto& diagnostics = error.diagnostics();
            REQUIRE(!diagnostics.empty());
            CHECK(diagnostics[0].where.file == file);
            CHECK(diagnostics[0].where.line == program.line);
            CHECK(diagnostics[0].where.column == program.column);
            CHECK(diagnostics[0].message.rfind(program.message, 0) == 0);
            CHECK(diagnostics.size() == program.errors);
        }
    }
}
