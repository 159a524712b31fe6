// The load rules of spec sections 2.14.1 and 2.14.1.8, per instruction and per program. Each
// diagnostic quotes the spec's own words for the rule where it has them.
#include "slvm/vp2/verifier.h"

#include <algorithm>
#include <fmt/format.h>

namespace slvm::vp2 {

namespace {

// The spec's own words for each way a program fails to load, quoted in diagnostics.
namespace rule {
constexpr std::string_view kHpos = "A vertex program fails to load if it does not write at least "
                                   "one component of the HPOS register.";
constexpr std::string_view kPositionInvariantHpos =
    "A vertex program that specifies the position-invariant option will fail to load if it "
    "writes to the HPOS result register.";
constexpr std::string_view kPositionInvariantRelative =
    "Any position-invariant VP1.1 program [that] matches the grammar rule <relProgParamReg>, "
    "will fail to load.";
constexpr std::string_view kInstructionCount =
    "A vertex program fails to load in the VP1 execution environment if it contains more than "
    "128 instructions. A vertex program fails to load in the VP2 execution environment if it "
    "contains more than 256 instructions.";
constexpr std::string_view kPositionInvariantCount =
    "position-invariant VP1.1 and VP2.0 programs may have no more than 124 or 252 instructions";
constexpr std::string_view kOneParameter = "A vertex program fails to load if any instruction "
                                           "sources more than one unique program parameter "
                                           "register.";
constexpr std::string_view kOneAttribute = "A vertex program fails to load if any instruction "
                                           "sources more than one unique vertex attribute "
                                           "register.";
constexpr std::string_view kUndefinedLabel = "A vertex program will fail to load if an "
                                             "instruction refers to a label that is not defined "
                                             "in the program string.";
} // namespace rule

std::string versionList(Version introducedIn) {
    switch (introducedIn) {
    case Version::VP1_0:
        return "every program type";
    case Version::VP1_1:
        return "!!VP1.1 and !!VP2.0 programs";
    case Version::VP2_0:
        return "!!VP2.0 programs";
    }
    return "";
}

constexpr std::string_view kReadable =
    "only attributes, parameters, temporaries and (for ARA) address registers can be read";

// What diagnostics call a program built in memory without a source.
constexpr std::string_view kUnnamed = "(vertex program)";

bool sameParameter(const Source& a, const Source& b) {
    if (a.relative != b.relative)
        return false;
    if (!a.relative)
        return a.index == b.index;
    return a.addressRegister == b.addressRegister && a.addressComponent == b.addressComponent &&
           a.offset == b.offset;
}

// The first broken rule of an instruction ends its checks.
struct Broken {
    Diagnostic diagnostic;
};

class Checker {
public:
    explicit Checker(const Program& program)
        : program_(program), limits_(limitsFor(program.version, program.positionInvariant)) {}

    std::vector<Diagnostic> run() {
        checkOptionsAndLabels();
        checkConstantDeclarations();
        std::vector<bool> broken(program_.instructions.size(), false);
        for (std::size_t i = 0; i < program_.instructions.size(); ++i) {
            try {
                checkInstruction(program_.instructions[i]);
            } catch (const Broken& b) {
                diagnostics_.push_back(b.diagnostic);
                broken[i] = true;
            }
        }
        checkWholeProgram(broken);
        sortBySource(diagnostics_);
        return std::move(diagnostics_);
    }

private:
    Diagnostic diagnosticAt(Position p, std::string message) const {
        if (!program_.source)
            return {Severity::Error, {kUnnamed, p.line, p.column}, std::move(message)};
        const SourceText& source = *program_.source;
        return {Severity::Error,
                {source.name(), p.line, p.column},
                std::move(message),
                source.line(p.line)};
    }
    [[noreturn]] void fail(Position p, std::string message) const {
        throw Broken{diagnosticAt(p, std::move(message))};
    }
    void report(Position p, std::string message) {
        diagnostics_.push_back(diagnosticAt(p, std::move(message)));
    }
    bool vp2() const { return isVp2(program_.version); }
    void requireVp2(Position p, std::string_view feature) const {
        if (!vp2())
            fail(p, fmt::format("{} is available only in !!VP2.0 programs", feature));
    }
    std::string_view header() const { return versionHeader(program_.version); }

    // Their registers exist, so that loading them stays within c[] (the reader checked the rest).
    void checkConstantDeclarations() {
        for (const ConstantDeclaration& constant : program_.constants)
            if (constant.index < 0 || constant.index >= limits_.parameters)
                report(constant.where,
                       fmt::format("#const declares c[{}], but {} programs have "
                                   "c[0] to c[{}]",
                                   constant.index, header(), limits_.parameters - 1));
    }

    void checkOptionsAndLabels() {
        if (program_.positionInvariant && program_.version == Version::VP1_0)
            report(program_.optionWhere,
                   "OPTION is available only in !!VP1.1 and !!VP2.0 programs");
        for (std::size_t i = 0; i < program_.labels.size(); ++i) {
            const Label& label = program_.labels[i];
            if (!vp2()) {
                report(label.where, "an instruction label is available only in !!VP2.0 programs");
                continue;
            }
            if (label.instruction < 0 ||
                label.instruction > static_cast<int>(program_.instructions.size())) {
                report(label.where, fmt::format("label '{}' stands before instruction {}, outside "
                                                "the program",
                                                label.name, label.instruction + 1));
                continue;
            }
            const auto first = std::find_if(program_.labels.begin(), program_.labels.begin() + i,
                                            [&](const Label& l) { return l.name == label.name; });
            if (first != program_.labels.begin() + static_cast<std::ptrdiff_t>(i))
                report(label.where,
                       fmt::format("label '{}' is defined twice (first before instruction {})",
                                   label.name, first->instruction + 1));
        }
    }

    void checkInstruction(const Instruction& in) {
        if (static_cast<int>(in.opcode) >= kOpcodeCount)
            fail(in.where, fmt::format("opcode number {} is not a vertex program instruction",
                                       static_cast<int>(in.opcode)));
        const OpcodeInfo& info = opcodeInfo(in.opcode);
        if (!available(info.introducedIn, program_.version))
            fail(in.where, fmt::format("{} is available only in {}", info.name,
                                       versionList(info.introducedIn)));
        if (in.updatesCondition)
            requireVp2(in.where, fmt::format("{}C (a condition-code update)", info.name));
        checkShape(in);
        if (info.shape != Shape::Branch && info.shape != Shape::Return)
            checkDestination(in.destination);
        if (in.conditionRule != ConditionRule::None)
            requireVp2(in.conditionWhere, "a condition-code mask");
        for (std::size_t i = 0; i < in.sourceCount; ++i)
            checkSource(in.sources[i]);
        checkOperandUniqueness(in);
    }

    // What the parser's grammar guarantees and a program built in memory may not: an opcode the
    // table has, the operands its shape takes, in register files it reads, and components,
    // masks and rules within their ranges. The machine indexes its arrays with all of these.
    void checkShape(const Instruction& in) const {
        const Shape shape = opcodeInfo(in.opcode).shape;
        const int sources = shape == Shape::Ternary                            ? 3
                            : shape == Shape::Binary                           ? 2
                            : shape == Shape::Branch || shape == Shape::Return ? 0
                                                                               : 1;
        if (in.sourceCount != sources)
            fail(in.where,
                 fmt::format("{} takes {} source operand{}, not {}", opcodeInfo(in.opcode).name,
                             sources, sources == 1 ? "" : "s", in.sourceCount));
        if (in.conditionRule > ConditionRule::FL)
            fail(in.conditionWhere, "unknown condition-code rule");
        checkSwizzle(in.conditionSwizzle, in.conditionWhere);
        if (in.destination.writeMask > 0xF)
            fail(in.destination.where, "a write mask names components x, y, z and w only");
        const bool addressShape = shape == Shape::AddressLoad || shape == Shape::AddressAdd;
        const RegisterFile d = in.destination.file;
        if (sources > 0 && addressShape != (d == RegisterFile::Address))
            fail(in.destination.where, addressShape
                                           ? "ARL, ARR and ARA write an address register"
                                           : "only temporaries, results and CC can be written");
        for (std::size_t i = 0; i < in.sourceCount; ++i) {
            const Source& s = in.sources[i];
            const bool address = s.file == RegisterFile::Address;
            if (address != (shape == Shape::AddressAdd) ||
                (!address && s.file != RegisterFile::Attribute &&
                 s.file != RegisterFile::Parameter && s.file != RegisterFile::Temporary))
                fail(s.where, std::string(kReadable));
            checkSwizzle(s.swizzle, s.where);
            if (s.relative && (s.addressRegister > 1 || s.addressComponent > 3))
                fail(s.addressWhere, fmt::format("A{}.{} is not an address register component",
                                                 s.addressRegister, s.addressComponent));
        }
    }

    void checkSwizzle(const Swizzle& swizzle, Position where) const {
        for (const std::uint8_t c : swizzle)
            if (c > 3)
                fail(where, fmt::format("swizzle component {} is not x, y, z or w", c));
    }

    void checkTemporary(int index, Position where) const {
        if (index < 0 || index >= limits_.temporaries)
            fail(where, fmt::format("R{} is not a temporary register: {} programs have R0-R{}",
                                    index, header(), limits_.temporaries - 1));
    }

    void checkAddressRegister(int index, Position where) const {
        if (index < 0 || index > 1)
            fail(where, fmt::format("A{} is not an address register: they are A0 and A1", index));
        if (index == 1)
            requireVp2(where, "address register A1");
    }

    void checkDestination(const Destination& d) const {
        switch (d.file) {
        case RegisterFile::Result:
            if (d.index < 0 || d.index >= kResultCount)
                fail(d.where, fmt::format("o[{}] is not a result register: they are o[HPOS] to "
                                          "o[CLP5], numbers 0 to {}",
                                          d.index, kResultCount - 1));
            if (d.index >= limits_.resultRegisters)
                fail(d.where, fmt::format("o[{}] is available only in !!VP2.0 programs",
                                          resultName(d.index)));
            if (program_.positionInvariant && d.index == static_cast<int>(Result::HPOS))
                fail(d.where, fmt::format("a position-invariant program must not write o[HPOS] "
                                          "(spec: \"{}\")",
                                          rule::kPositionInvariantHpos));
            break;
        case RegisterFile::CC:
            requireVp2(d.where, "the CC destination");
            break;
        case RegisterFile::Temporary:
            checkTemporary(d.index, d.where);
            break;
        case RegisterFile::Address:
            checkAddressRegister(d.index, d.where);
            break;
        case RegisterFile::Attribute:
        case RegisterFile::Parameter:
            fail(d.where, "only temporaries, results, address registers and CC can be written");
        }
    }

    void checkSource(const Source& s) const {
        if (s.explicitPlus)
            requireVp2(s.plusWhere, "a '+' sign on an operand");
        if (s.absolute)
            requireVp2(s.absoluteWhere, "an absolute-value operand |...|");
        switch (s.file) {
        case RegisterFile::Parameter:
            if (s.relative)
                checkRelative(s);
            else if (s.index < 0 || s.index >= limits_.parameters)
                fail(s.registerWhere, fmt::format("a program parameter number must be a decimal "
                                                  "integer from 0 to {} in {} programs, not {}",
                                                  limits_.parameters - 1, header(), s.index));
            break;
        case RegisterFile::Temporary:
            checkTemporary(s.index, s.registerWhere);
            break;
        case RegisterFile::Attribute:
            if (s.index < 0 || s.index >= kAttributeCount)
                fail(s.registerWhere, fmt::format("a vertex attribute number must be a decimal "
                                                  "integer from 0 to 15, not {}",
                                                  s.index));
            break;
        case RegisterFile::Address:
            checkAddressRegister(s.index, s.registerWhere);
            break;
        case RegisterFile::Result:
        case RegisterFile::CC:
            fail(s.where, std::string(kReadable));
        }
    }

    void checkRelative(const Source& s) const {
        checkAddressRegister(s.addressRegister, s.addressWhere);
        if (s.addressComponent != 0)
            requireVp2(s.componentWhere, "relative addressing with A0.y, .z or .w");
        const bool negative = s.offset < 0;
        const int magnitude = negative ? -s.offset : s.offset;
        const int max = negative ? limits_.maxNegativeOffset : limits_.maxPositiveOffset;
        if (magnitude > max)
            fail(s.offsetWhere,
                 fmt::format("a {} offset must be a decimal integer from 0 to {} in {} programs, "
                             "not {}",
                             negative ? "negative" : "positive", max, header(), magnitude));
        if (program_.positionInvariant && program_.version == Version::VP1_1)
            fail(s.addressWhere, fmt::format("a position-invariant !!VP1.1 program cannot use "
                                             "relative addressing (spec: \"{}\")",
                                             rule::kPositionInvariantRelative));
    }

    // One unique program parameter and one unique vertex attribute per instruction.
    void checkOperandUniqueness(const Instruction& in) const {
        const Source* parameter = nullptr;
        const Source* attribute = nullptr;
        for (std::size_t i = 0; i < in.sourceCount; ++i) {
            const Source& s = in.sources[i];
            if (s.file == RegisterFile::Parameter) {
                if (parameter && !sameParameter(*parameter, s))
                    fail(s.where, fmt::format("this instruction reads two different program "
                                              "parameters (spec: \"{}\")",
                                              rule::kOneParameter));
                parameter = &s;
            } else if (s.file == RegisterFile::Attribute) {
                if (attribute && attribute->index != s.index)
                    fail(s.where, fmt::format("this instruction reads two different vertex "
                                              "attributes, v[{}] and v[{}] (spec: \"{}\")",
                                              attribute->index, s.index, rule::kOneAttribute));
                attribute = &s;
            }
        }
    }

    // `broken`: instructions already reported, whose labels are not checked again.
    void checkWholeProgram(const std::vector<bool>& broken) {
        const auto& instructions = program_.instructions;
        if (static_cast<int>(instructions.size()) > limits_.instructions) {
            const Instruction& first = instructions[static_cast<std::size_t>(limits_.instructions)];
            report(first.where,
                   fmt::format("too many instructions: {} has {}, a {}{} program may have at most "
                               "{} (spec: \"{}\"{})",
                               program_.source ? program_.source->name() : kUnnamed,
                               instructions.size(),
                               program_.positionInvariant ? "position-invariant " : "", header(),
                               limits_.instructions, rule::kInstructionCount,
                               program_.positionInvariant
                                   ? fmt::format(", and \"{}\"", rule::kPositionInvariantCount)
                                   : ""));
        }
        for (std::size_t i = 0; i < instructions.size(); ++i) {
            const Instruction& in = instructions[i];
            if (!broken[i] && opcodeInfo(in.opcode).shape == Shape::Branch && !findLabel(in.label))
                report(in.labelWhere, fmt::format("undefined label '{}' (spec: \"{}\")", in.label,
                                                  rule::kUndefinedLabel));
        }
        const bool writesHpos =
            std::any_of(instructions.begin(), instructions.end(), [](const Instruction& in) {
                return in.destination.file == RegisterFile::Result &&
                       in.destination.index == static_cast<int>(Result::HPOS);
            });
        if (!program_.positionInvariant && !writesHpos)
            report(program_.endWhere,
                   fmt::format("the program never writes o[HPOS] (spec: \"{}\")", rule::kHpos));
    }

    const Label* findLabel(const std::string& name) const {
        for (const Label& label : program_.labels)
            if (label.name == name)
                return &label;
        return nullptr;
    }

    const Program& program_;
    Limits limits_;
    std::vector<Diagnostic> diagnostics_;
};

std::uint32_t writtenResults(const Program& program) {
    std::uint32_t written = 0;
    for (const Instruction& in : program.instructions)
        if (in.destination.file == RegisterFile::Result)
            written |= 1u << in.destination.index;
    return written;
}

} // namespace

std::vector<Diagnostic> checkLoadRules(const Program& program) {
    return Checker(program).run();
}

VerifiedProgram::VerifiedProgram(Program program, int entryPoint, std::uint32_t writtenResults)
    : program_(std::move(program)), entryPoint_(entryPoint), writtenResults_(writtenResults),
      limits_(limitsFor(program_.version, program_.positionInvariant)) {}

VerifiedProgram verify(Program program) {
    if (!program.source)
        program.source = std::make_shared<const SourceText>(std::string(kUnnamed), "");
    std::vector<Diagnostic> diagnostics = checkLoadRules(program);
    if (!diagnostics.empty())
        throw ProgramError(std::move(diagnostics));
    int entryPoint = 0;
    for (const Label& label : program.labels) {
        for (Instruction& in : program.instructions)
            if (in.label == label.name)
                in.target = label.instruction;
        if (label.name == "main")
            entryPoint = label.instruction;
    }
    const std::uint32_t written = writtenResults(program);
    return VerifiedProgram(std::move(program), entryPoint, written);
}

} // namespace slvm::vp2
