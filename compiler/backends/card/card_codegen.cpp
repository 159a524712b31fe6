// Card code generation. The card machine computes only in its two accumulators, rm0 and rm1
// (register[0] and register[1] of the specification's table), so every operation loads its
// operands into rv0 (and rv4 or rv1), runs, and stores rv0 into the value's own register. Each
// value lives in one of rv8-rv39 (a scalar in its x, rf(4k)), allocated by linear scan. The
// generator remembers which value each accumulator still holds, so that a result stored from rv0
// and used next is not loaded again; a last pass removes the stores nothing reads.
#include "compiler/backends/card/card_target.h"
#include "compiler/backends/program_literal.h"
#include "slvm/card/instruction_set.h"
#include "slvm/common/source_line_note.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <fmt/format.h>
#include <map>

namespace compiler::backends {

namespace {

constexpr int kFirstValueRegister = 8; // rv0-rv7 are rm0 and rm1, the accumulators
constexpr int kLastValueRegister = 39;

class CodeGenerator {
public:
    explicit CodeGenerator(const ir::Function& function) : function_(function) {
        const auto& order = function_.blocks[0].instructions;
        for (std::size_t i = 0; i < order.size(); ++i)
            for (const ir::ValueId operand : function_[order[i]].operands)
                lastUse_[operand] = i;
        for (int r = kLastValueRegister; r >= kFirstValueRegister; --r)
            free_.push_back(r);
    }

    Generated run() {
        const auto& order = function_.blocks[0].instructions;
        ir::ValueId result = ir::kNoValue;
        for (std::size_t i = 0; i < order.size() && generated_.errors.empty(); ++i) {
            const ir::Instruction& instruction = function_[order[i]];
            comment(instruction.where);
            if (instruction.op == ir::Op::Output)
                result = instruction.operands[0];
            else
                define(order[i], instruction);
            for (std::size_t k = 0; k < instruction.operands.size(); ++k) {
                const ir::ValueId operand = instruction.operands[k];
                const auto& before = instruction.operands;
                const bool repeated =
                    std::find(before.begin(), before.begin() + static_cast<std::ptrdiff_t>(k),
                              operand) != before.begin() + static_cast<std::ptrdiff_t>(k);
                if (lastUse_[operand] == i && operand != result &&
                    !repeated) // dot(x, x) frees x once
                    release(operand);
            }
        }
        if (result != ir::kNoValue && generated_.errors.empty() && !holds(0, result, 1))
            line(fmt::format("mov rf0, {}", component(result, 0)));
        line("exit");
        removeDeadStores();
        for (const Line& emitted : lines_)
            generated_.text += emitted.comment ? emitted.text + "\n" : "    " + emitted.text + "\n";
        return std::move(generated_);
    }

private:
    struct Line {
        std::string text;
        bool comment = false;
    };

    void line(const std::string& text) { lines_.push_back({text, false}); }

    // The floats of the shared register array a mov operand names, or none (an immediate).
    static std::bitset<slvm::card::kRegisterFloats> floatsOf(std::string_view name) {
        std::bitset<slvm::card::kRegisterFloats> floats;
        if (const auto r = slvm::card::registerFromName(name); r && r->offset() >= 0)
            for (int i = 0; i < r->width(); ++i)
                floats.set(static_cast<std::size_t>(r->offset() + i));
        return floats;
    }

    // Backwards over the straight-line code: a mov into value registers (rv8 and up) that no
    // later instruction reads before it is overwritten goes. Accumulators are always live.
    void removeDeadStores() {
        std::bitset<slvm::card::kRegisterFloats> live, accumulators;
        for (std::size_t f = 0; f < 4 * kFirstValueRegister; ++f)
            accumulators.set(f);
        std::vector<Line> kept;
        for (auto it = lines_.rbegin(); it != lines_.rend(); ++it) {
            if (!it->comment && it->text.starts_with("mov ")) {
                const std::string_view text = it->text;
                const std::size_t comma = text.find(',');
                const auto written = floatsOf(text.substr(4, comma - 4));
                const std::string_view source = text.substr(comma + 2);
                const bool toValues = written.any() && (written & accumulators).none();
                if (toValues && (written & live).none())
                    continue;
                live &= ~written;
                live |= floatsOf(source.substr(0, source.find(' ')));
            }
            kept.push_back(std::move(*it));
        }
        lines_.assign(std::make_move_iterator(kept.rbegin()), std::make_move_iterator(kept.rend()));
    }

    void comment(const slvm::SourceLocation& where) {
        if (where.line == 0 || (where.line == lastLine_ && where.file == lastFile_))
            return;
        lastLine_ = where.line, lastFile_ = where.file;
        lines_.push_back({"; " + slvm::sourceLineNote(where), true});
    }

    int width(ir::ValueId id) const { return function_[id].type.width; }
    std::string vector(ir::ValueId id) const { return fmt::format("rv{}", location_.at(id)); }
    std::string component(ir::ValueId id, int c) const {
        return fmt::format("rf{}", 4 * location_.at(id) + c);
    }

    void release(ir::ValueId id) {
        const auto found = location_.find(id);
        if (found != location_.end())
            free_.push_back(found->second);
    }

    int allocate(ir::ValueId id, const ir::Instruction& instruction) {
        if (free_.empty()) {
            generated_.outOfRegisters = true;
            generated_.errors.emplace_back(
                slvm::Severity::Error, instruction.where,
                fmt::format("the function needs more than {} values at once, all the card "
                            "machine's vector registers: split it into simpler expressions",
                            kLastValueRegister - kFirstValueRegister + 1));
            return kFirstValueRegister;
        }
        const int r = free_.back();
        free_.pop_back();
        location_[id] = r;
        return r;
    }

    // What an accumulator vector (rv0-rv7) still holds: the first `lanes` components of value
    // `id`, or its one component copied into `lanes` of them (`splat`).
    struct Held {
        ir::ValueId id = ir::kNoValue;
        int lanes = 0;
        bool splat = false;
    };

    bool holds(int accumulator, ir::ValueId id, int lanes, bool splat = false) const {
        const Held& held = held_[static_cast<std::size_t>(accumulator)];
        return held.id == id && held.lanes >= lanes && (held.splat == splat || lanes == 1);
    }
    // The accumulator vector that holds `lanes` of `id`, or -1.
    int heldIn(ir::ValueId id, int lanes, bool splat) const {
        for (int a = 0; a < 8; ++a)
            if (holds(a, id, lanes, splat))
                return a;
        return -1;
    }
    void forget(int accumulator) { held_[static_cast<std::size_t>(accumulator)] = {}; }
    void forgetMatrix0() { // add, sub and div write all of rm0
        for (int v = 0; v < 4; ++v)
            forget(v);
    }

    // Loads `id` into accumulator vector `into` (rv0, rv1 or rv4), as `lanes` components: a
    // one-component value is copied into each.
    void load(int into, ir::ValueId id, int lanes) {
        const bool splat = width(id) == 1 && lanes > 1;
        const int need = splat ? lanes : std::min(lanes, width(id));
        if (holds(into, id, need, splat))
            return;
        const ir::Instruction& definition = function_[id];
        if (definition.op == ir::Op::Constant) { // straight from the card: an immediate
            const auto& v = definition.constant;
            const auto lane = [&](int c) {
                return programLiteral(width(id) == 1  ? v[0]
                                      : c < width(id) ? v[static_cast<std::size_t>(c)]
                                                      : 0.0f);
            };
            line(fmt::format("mov rv{}, {} {} {} {}", into, lane(0), lane(1), lane(2), lane(3)));
        } else if (const int from = heldIn(id, need, splat); from >= 0) {
            line(fmt::format("mov rv{}, rv{}", into, from)); // a copy another accumulator holds
        } else if (splat) {
            for (int c = 0; c < lanes; ++c)
                line(fmt::format("mov rf{}, {}", 4 * into + c, component(id, 0)));
        } else {
            line(fmt::format("mov rv{}, {}", into, vector(id)));
        }
        held_[static_cast<std::size_t>(into)] = {
            id,
            definition.op == ir::Op::Constant ? 4
            : splat                           ? lanes
                                              : width(id),
            splat || (definition.op == ir::Op::Constant && width(id) == 1)};
    }

    void store(ir::ValueId id) {
        line(fmt::format("mov {}, rv0", vector(id)));
        held_[0] = {id, width(id), false};
    }

    // Emits an arithmetic instruction and forgets what it overwrites.
    void operation(std::string_view opcode) {
        line(std::string(opcode));
        if (opcode == "add" || opcode == "sub" || opcode == "div")
            forgetMatrix0();
        else
            forget(0);
    }

    // rv0 = a OP b, componentwise, for the machine's operations on rv0 and rv4.
    void binary(std::string_view opcode, ir::ValueId a, ir::ValueId b, int lanes) {
        load(0, a, lanes);
        load(4, b, lanes);
        operation(opcode);
    }

    // rv0 = 1 - rv0: the complement of a bool.
    void complement() {
        line("mov rv4, rv0");
        forget(4);
        line("mov rv0, 1 1 1 1");
        operation("sub");
    }

    // rv0 = (a != b): max(a < b, b < a), the first kept in rv2 (rm0's third column, which slt,
    // min and max leave alone).
    void notEqual(ir::ValueId a, ir::ValueId b, int lanes) {
        binary("slt", a, b, lanes);
        line("mov rv2, rv0");
        forget(2);
        binary("slt", b, a, lanes);
        line("mov rv4, rv2");
        forget(4);
        operation("max");
    }

    // Loads a vector operand of dot or normalize into rv`into` with its unused lanes zero, as
    // the machine's dot and nor take all four.
    void loadZeroExtended(int into, ir::ValueId id) {
        load(into, id, width(id));
        for (int c = width(id); c < 4; ++c)
            line(fmt::format("mov rf{}, 0", 4 * into + c));
    }

    void perComponent(std::string_view opcode, ir::ValueId result, ir::ValueId a) {
        for (int c = 0; c < width(result); ++c) {
            if (c > 0 || !holds(0, a, 1))
                line(fmt::format("mov rf0, {}", component(a, width(a) == 1 ? 0 : c)));
            operation(opcode);
            line(fmt::format("mov {}, rf0", component(result, c)));
        }
        if (width(result) == 1)
            held_[0] = {result, 1, false};
    }

    // One case per IR operation, a switch the compiler checks for exhaustiveness (no default):
    // longer than a function should be, so that every operation's code reads in one place.
    void define(ir::ValueId id, const ir::Instruction& instruction) {
        using enum ir::Op;
        const auto& x = instruction.operands;
        const int lanes = instruction.type.width;
        if (instruction.op == If || instruction.op == Phi || instruction.op == Indexed) {
            generated_.errors.emplace_back(slvm::Severity::Error, instruction.where,
                                           "internal compiler error: the card back end was given "
                                           "a branch or an indexed read");
            return;
        }
        allocate(id, instruction);
        switch (instruction.op) {
        case Constant:
            if (lanes == 1)
                line(fmt::format("mov {}, {}", component(id, 0),
                                 programLiteral(instruction.constant[0])));
            else
                line(fmt::format("mov {}, {} {} {} {}", vector(id),
                                 lanes > 0 ? programLiteral(instruction.constant[0]) : 0,
                                 lanes > 1 ? programLiteral(instruction.constant[1]) : 0,
                                 lanes > 2 ? programLiteral(instruction.constant[2]) : 0,
                                 lanes > 3 ? programLiteral(instruction.constant[3]) : 0));
            return;
        case Input: // the point, input 0
            line("in 0");
            forgetMatrix0();
            store(id);
            return;
        case Swizzle:
            for (int c = 0; c < lanes; ++c)
                line(
                    fmt::format("mov {}, {}", component(id, c),
                                component(x[0], instruction.swizzle[static_cast<std::size_t>(c)])));
            return;
        case Construct: {
            int c = 0;
            for (const ir::ValueId part : x)
                for (int k = 0; k < width(part); ++k)
                    line(fmt::format("mov {}, {}", component(id, c++), component(part, k)));
            return;
        }
        case BoolToFloat: // bools are already 0 and 1
            line(fmt::format("mov {}, {}", vector(id), vector(x[0])));
            return;
        case Sqrt:
            return perComponent("sqrt", id, x[0]);
        case Sin:
            return perComponent("sin", id, x[0]);
        case Cos:
            return perComponent("cos", id, x[0]);
        case Dot:
            loadZeroExtended(0, x[0]);
            loadZeroExtended(1, x[1]);
            operation("dot");
            line(fmt::format("mov {}, rf0", component(id, 0)));
            held_[0] = {id, 1, false};
            return;
        case Cross:
            load(0, x[0], 3);
            load(1, x[1], 3);
            operation("crs");
            break;
        case Neg:
            load(0, x[0], lanes);
            line("mov rf16, -1");
            forget(4);
            operation("mulVF");
            break;
        case Abs:
        case Floor:
            load(0, x[0], lanes);
            operation(instruction.op == Abs ? "abs" : "floor");
            break;
        case Add:
        case Sub:
        case Mul:
        case Div:
        case Min:
        case Max:
        case And:
        case Or: {
            static const std::map<ir::Op, std::string_view> kOpcodes = {
                {Add, "add"}, {Sub, "sub"}, {Mul, "mulVV"}, {Div, "div"},
                {Min, "min"}, {Max, "max"}, {And, "mulVV"}, {Or, "max"}};
            binary(kOpcodes.at(instruction.op), x[0], x[1], lanes);
            break;
        }
        case Lt:
        case Gt:
        case Ge:
        case Le: { // a < b is slt(a, b); a >= b is its complement; > and <= swap the operands
            const bool swap = instruction.op == Gt || instruction.op == Le;
            binary("slt", swap ? x[1] : x[0], swap ? x[0] : x[1], lanes);
            if (instruction.op == Ge || instruction.op == Le)
                complement();
            break;
        }
        case Ne:
        case Eq:
            notEqual(x[0], x[1], lanes);
            if (instruction.op == Eq)
                complement();
            break;
        case Not:
            load(0, x[0], lanes);
            complement();
            break;
        case Select: // b + c (a - b): the condition is 0 or 1
            binary("sub", x[1], x[2], lanes);
            load(4, x[0], lanes);
            operation("mulVV");
            load(4, x[2], lanes);
            operation("add");
            break;
        case Output:
        case If:
        case Phi:
        case Indexed: // run() and the check above
        case Sign:
        case Ceil:
        case Frac:
        case Rsqrt:
        case Rcp:
        case Exp:
        case Exp2:
        case Log:
        case Log2:
        case Pow:
        case Normalize: // not native on the card (card_target.cpp): expandForTarget rewrote them
        case Texture:
        case Trace:
        case Random:
        case Turbulence:
        case Discard: // refused by card_target.cpp
            generated_.errors.emplace_back(
                slvm::Severity::Error, instruction.where,
                fmt::format("internal compiler error: the card back end cannot emit {}",
                            ir::opName(instruction.op)));
            return;
        }
        store(id);
    }

    const ir::Function& function_;
    std::map<ir::ValueId, std::size_t> lastUse_;
    std::map<ir::ValueId, int> location_;
    std::vector<int> free_;
    Generated generated_;
    std::vector<Line> lines_;
    std::array<Held, 8> held_{};
    int lastLine_ = 0;
    std::string_view lastFile_;
};

} // namespace

Generated CardTarget::generate(const ir::Function& function, std::vector<ConstantSlot>) const {
    Generated generated = CodeGenerator(function).run();
    generated.text =
        "; a signed-distance card compiled by lrt cg (profile card)\n" + generated.text;
    return generated;
}

} // namespace compiler::backends
