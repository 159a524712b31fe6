// What a front end needs to know about the machine it compiles for, and what a back end offers:
// a Target binds semantics to the machine's registers, says which operations and effects it has,
// and turns an optimised IR function into the machine's assembly text. Front ends see only this
// interface, so a new back end (the punch-card VM) plugs in without touching them.
#pragma once

#include "compiler/ir/expand.h"
#include "compiler/ir/ir.h"
#include "slvm/common/diagnostic.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace compiler {

enum class Direction { In, Out };

// A machine register (or register range) a semantic stands for.
struct Binding {
    std::string name;     // as the target's assembly spells it: "N", "v[OPOS]", "o[HPOS]"
    int width = 4;        // components it holds
    bool sampler = false; // a texture unit (name "t3" gives unit 3)
    int unit = 0;
};

// One slot of a vertex program's constant registers, as the compiler laid them out: the scene
// (or `lrt cg run`) loads each before running the program.
struct ConstantSlot {
    int index = 0;        // c[index]
    std::string name;     // the uniform's name, or "" for a literal the compiler placed
    std::string semantic; // a tracked value ("OBJECTTOWORLD" ...) the binding provides, or ""
    int row = 0;          // which row of a matrix uniform
    std::array<float, 4> value{}; // the initial value (the uniform's initialiser or the literal)
};

// A uniform the program reads: where it lives (vertex targets) or the value it was folded to.
struct UniformInfo {
    std::string name;
    int width = 1;
    int rows = 1;
};

struct Generated {
    std::string text;                    // the assembly, with source lines in comments
    std::vector<ConstantSlot> constants; // vertex targets: c[] contents
    std::vector<slvm::Diagnostic> errors;
    // The errors are the register allocator's alone: the program may fit once the values it
    // keeps alive are rematerialised (compiler/ir/rematerialize.h).
    bool outOfRegisters = false;
};

class Target {
public:
    virtual ~Target() = default;

    virtual std::string_view name() const = 0; // the profile: "sl", "vp1.1", "vp2", "card"
    virtual bool isVertexProgram() const = 0;

    // The register a parameter with this semantic reads (In) or writes (Out), or nullopt.
    virtual std::optional<Binding> bind(std::string_view semantic, Direction direction) const = 0;
    // Every semantic bind() accepts, for "did you mean".
    virtual std::vector<std::string_view> semantics(Direction direction) const = 0;
    // The result semantic a returned value binds to when the function gives none ("COLOR").
    virtual std::string_view defaultResultSemantic() const = 0;
    // The input semantic a varying parameter without one binds to, or "" when it must name one.
    virtual std::string_view defaultInputSemantic() const { return {}; }
    // The entry functions a program starts in unless told otherwise, the first the program has.
    virtual std::vector<std::string_view> entryNames() const { return {"main"}; }

    virtual const ir::OpSupport& support() const = 0;
    // Whether `if` may stay a branch; when not, the compiler flattens it into selects.
    virtual bool hasBranches() const = 0;
    // The reason an operation with an effect on the host (texture, trace, random, turbulence,
    // discard) is refused, or "" when the target has it.
    virtual std::string refuses(ir::Op op) const = 0;
    // The first constant register free for uniforms and literals, and how many there are
    // (vertex targets); 0, 0 for targets whose uniforms are folded into the program.
    virtual int constantRegisters() const = 0;

    // The assembly for `function` (optimised and legalised), with the constants laid out after
    // the uniforms in `uniformSlots`.
    virtual Generated generate(const ir::Function& function,
                               std::vector<ConstantSlot> uniformSlots) const = 0;
};

} // namespace compiler
