// A tokenizer and a recursive-descent parser for the grammar of spec section 2.14.1.8, then the
// whole-program rules (instruction count, the HPOS write, labels). A syntax error skips to the
// next ';' so one pass reports every broken instruction.
#include "slvm/vp2/parser.h"

#include "slvm/common/diagnostic.h"
#include "slvm/common/number.h"
#include "slvm/vp2/instruction_set.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

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

struct Token {
    enum class Kind { Identifier, Integer, Punctuation, Header, End } kind;
    std::string_view text;
    int line, column;
};

bool isIdentifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

constexpr std::string_view kPunctuation = ",;.[]()|+-:";

struct SyntaxError {
    Diagnostic diagnostic;
};

std::optional<int> componentIndex(char c) {
    switch (c) {
    case 'x':
        return 0;
    case 'y':
        return 1;
    case 'z':
        return 2;
    case 'w':
        return 3;
    default:
        return std::nullopt;
    }
}

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

} // namespace

class Parser {
public:
    Parser(std::string_view text, std::string fileName)
        : text_(text), fileName_(std::move(fileName)) {
        tokenize();
    }

    Program parse() {
        parseHeader();
        if (diagnostics_.empty()) {
            parseOptions();
            parseBody();
            checkWholeProgram();
        }
        if (!diagnostics_.empty())
            throw ProgramError(std::move(diagnostics_));
        std::uint32_t written = 0;
        for (const Instruction& in : instructions_)
            if (in.destination.file == RegisterFile::Result)
                written |= 1u << in.destination.index;
        const auto main = labels_.find("main");
        return Program(Program::Key(), fileName_, version_, positionInvariant_,
                       std::move(instructions_), main == labels_.end() ? 0 : main->second, written);
    }

private:
    // ---- tokens -----------------------------------------------------------------------------

    void tokenize() {
        std::size_t i = 0;
        int line = 1;
        std::size_t lineStart = 0;
        lineStarts_.push_back(0);
        auto column = [&](std::size_t at) { return static_cast<int>(at - lineStart) + 1; };
        while (i < text_.size()) {
            const char c = text_[i];
            if (c == '\n' || c == '\r') {
                // \r\n, \n and a lone \r each end a line.
                i += (c == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n') ? 2 : 1;
                ++line;
                lineStart = i;
                lineStarts_.push_back(i);
            } else if (c == ' ' || c == '\t') {
                ++i;
            } else if (c == '#') {
                while (i < text_.size() && text_[i] != '\n' && text_[i] != '\r')
                    ++i;
            } else if (c == '!') {
                const std::size_t start = i;
                while (i < text_.size() && !std::isspace(static_cast<unsigned char>(text_[i])) &&
                       text_[i] != '#')
                    ++i;
                tokens_.push_back(
                    {Token::Kind::Header, text_.substr(start, i - start), line, column(start)});
            } else if (isIdentifierStart(c)) {
                const std::size_t start = i;
                while (i < text_.size() && isIdentifierChar(text_[i]))
                    ++i;
                tokens_.push_back(
                    {Token::Kind::Identifier, text_.substr(start, i - start), line, column(start)});
            } else if (std::isdigit(static_cast<unsigned char>(c))) {
                const std::size_t start = i;
                while (i < text_.size() && isIdentifierChar(text_[i]))
                    ++i;
                tokens_.push_back(
                    {Token::Kind::Integer, text_.substr(start, i - start), line, column(start)});
            } else if (kPunctuation.find(c) != std::string_view::npos) {
                tokens_.push_back({Token::Kind::Punctuation, text_.substr(i, 1), line, column(i)});
                ++i;
            } else {
                const unsigned char u = static_cast<unsigned char>(c);
                diagnostics_.push_back(diagnosticAt(
                    line, column(i),
                    std::isprint(u) ? fmt::format("unexpected character '{}'", c)
                                    : fmt::format("unexpected byte 0x{:02x}", unsigned(u))));
                ++i;
            }
        }
        tokens_.push_back({Token::Kind::End, {}, line, column(i)});
    }

    std::string_view lineText(int line) const {
        const std::size_t start = lineStarts_[static_cast<std::size_t>(line - 1)];
        std::size_t end = start;
        while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r')
            ++end;
        return text_.substr(start, end - start);
    }

    Diagnostic diagnosticAt(int line, int column, std::string message) const {
        Diagnostic d;
        d.where = {fileName_, line, column};
        d.message = std::move(message);
        d.sourceLine = std::string(lineText(line));
        return d;
    }
    Diagnostic diagnosticAt(const Token& t, std::string message) const {
        return diagnosticAt(t.line, t.column, std::move(message));
    }
    [[noreturn]] void fail(const Token& t, std::string message) const {
        throw SyntaxError{diagnosticAt(t, std::move(message))};
    }
    static std::string describe(const Token& t) {
        return t.kind == Token::Kind::End ? "the end of the program" : fmt::format("'{}'", t.text);
    }

    const Token& peek(std::size_t ahead = 0) const {
        return tokens_[std::min(position_ + ahead, tokens_.size() - 1)];
    }
    const Token& next() {
        const Token& t = peek();
        if (position_ < tokens_.size() - 1)
            ++position_;
        return t;
    }
    bool isPunctuation(const Token& t, char c) const {
        return t.kind == Token::Kind::Punctuation && t.text[0] == c;
    }
    bool accept(char c) {
        if (!isPunctuation(peek(), c))
            return false;
        next();
        return true;
    }
    void expect(char c, std::string_view what) {
        if (!accept(c))
            fail(peek(), fmt::format("expected '{}' {}, found {}", c, what, describe(peek())));
    }
    const Token& expectIdentifier(std::string_view what) {
        if (peek().kind != Token::Kind::Identifier)
            fail(peek(), fmt::format("expected {}, found {}", what, describe(peek())));
        return next();
    }
    int expectInteger(std::string_view what, int max) {
        const Token& t = peek();
        if (t.kind != Token::Kind::Integer)
            fail(t, fmt::format("expected {} (a decimal integer), found {}", what, describe(t)));
        next();
        const auto value = parseIntegerLiteral(t.text);
        if (!value || *value > max)
            fail(t, fmt::format("{} must be a decimal integer from 0 to {} in {} programs, not {}",
                                what, max, versionHeader(version_), t.text));
        return *value;
    }
    bool vp2() const { return isVp2(version_); }
    void requireVp2(const Token& t, std::string_view feature) const {
        if (!vp2())
            fail(t, fmt::format("{} is available only in !!VP2.0 programs", feature));
    }

    // ---- program structure ------------------------------------------------------------------

    void parseHeader() {
        const Token& t = next();
        if (t.kind == Token::Kind::Header) {
            if (t.text == "!!VP1.0")
                return void(version_ = Version::VP1_0);
            if (t.text == "!!VP1.1")
                return void(version_ = Version::VP1_1);
            if (t.text == "!!VP2.0")
                return void(version_ = Version::VP2_0);
            if (t.text == "!!VSP1.0") {
                diagnostics_.push_back(diagnosticAt(
                    t, "vertex state programs (!!VSP1.0) are not supported: lrt runs vertex "
                       "programs (!!VP1.0, !!VP1.1, !!VP2.0) on mesh vertices"));
                return;
            }
        }
        diagnostics_.push_back(
            diagnosticAt(t, fmt::format("a vertex program begins with !!VP1.0, !!VP1.1 or "
                                        "!!VP2.0, found {}",
                                        describe(t))));
    }

    void parseOptions() {
        while (peek().kind == Token::Kind::Identifier && peek().text == "OPTION") {
            try {
                const Token& keyword = next();
                if (version_ == Version::VP1_0)
                    fail(keyword, "OPTION is available only in !!VP1.1 and !!VP2.0 programs");
                const Token& name = expectIdentifier("an option name (NV_position_invariant)");
                if (name.text != "NV_position_invariant")
                    fail(name, fmt::format("unknown option '{}': the only option is "
                                           "NV_position_invariant",
                                           name.text));
                positionInvariant_ = true;
                expect(';', "after the option");
            } catch (const SyntaxError& e) {
                diagnostics_.push_back(e.diagnostic);
                skipPastSemicolon();
            }
        }
    }

    void parseBody() {
        while (true) {
            const Token& t = peek();
            if (t.kind == Token::Kind::End) {
                diagnostics_.push_back(diagnosticAt(t, "missing END at the end of the program"));
                return;
            }
            if (t.kind == Token::Kind::Identifier && t.text == "END") {
                end_ = &next();
                if (peek().kind != Token::Kind::End)
                    diagnostics_.push_back(diagnosticAt(
                        peek(), fmt::format("unexpected {} after END: END ends the program",
                                            describe(peek()))));
                return;
            }
            try {
                if (t.kind == Token::Kind::Identifier && isPunctuation(peek(1), ':')) {
                    defineLabel();
                } else if (t.kind == Token::Kind::Identifier && t.text == "OPTION") {
                    fail(t, "OPTION must come before the first instruction");
                } else {
                    parseInstruction();
                    expect(';', "at the end of the instruction");
                }
            } catch (const SyntaxError& e) {
                diagnostics_.push_back(e.diagnostic);
                skipPastSemicolon();
            }
        }
    }

    void skipPastSemicolon() {
        while (peek().kind != Token::Kind::End &&
               !(peek().kind == Token::Kind::Identifier && peek().text == "END")) {
            if (isPunctuation(next(), ';'))
                return;
        }
    }

    void defineLabel() {
        const Token& name = next();
        next(); // ':'
        requireVp2(name, "an instruction label");
        const auto [it, inserted] =
            labels_.emplace(std::string(name.text), static_cast<int>(instructions_.size()));
        if (!inserted)
            fail(name, fmt::format("label '{}' is defined twice (first before instruction {})",
                                   name.text, it->second + 1));
    }

    void checkWholeProgram() {
        const Limits limits = limitsFor(version_, positionInvariant_);
        if (static_cast<int>(instructions_.size()) > limits.instructions) {
            const Instruction& first = instructions_[static_cast<std::size_t>(limits.instructions)];
            diagnostics_.push_back(diagnosticAt(
                first.line, first.column,
                fmt::format("too many instructions: {} has {}, a {}{} program may have at most "
                            "{} (spec: \"{}\"{})",
                            fileName_, instructions_.size(),
                            positionInvariant_ ? "position-invariant " : "",
                            versionHeader(version_), limits.instructions, rule::kInstructionCount,
                            positionInvariant_
                                ? fmt::format(", and \"{}\"", rule::kPositionInvariantCount)
                                : "")));
        }
        for (const auto& [index, token] : branchReferences_) {
            const auto it = labels_.find(std::string(token->text));
            if (it == labels_.end())
                diagnostics_.push_back(
                    diagnosticAt(*token, fmt::format("undefined label '{}' (spec: \"{}\")",
                                                     token->text, rule::kUndefinedLabel)));
            else
                instructions_[index].target = it->second;
        }
        const bool writesHpos =
            std::any_of(instructions_.begin(), instructions_.end(), [](const Instruction& in) {
                return in.destination.file == RegisterFile::Result &&
                       in.destination.index == static_cast<int>(Result::HPOS);
            });
        if (!positionInvariant_ && !writesHpos && end_)
            diagnostics_.push_back(
                diagnosticAt(*end_, fmt::format("the program never writes o[HPOS] (spec: \"{}\")",
                                                rule::kHpos)));
    }

    // ---- instructions -----------------------------------------------------------------------

    void parseInstruction() {
        sourceTokens_.clear();
        const Token& opToken = expectIdentifier("an instruction, a label or END");
        std::string_view name = opToken.text;
        std::optional<OpcodeInfo> info = findOpcode(name);
        Instruction in;
        if (!info && name.size() > 3 && name.back() == 'C') {
            info = findOpcode(name.substr(0, name.size() - 1));
            in.updatesCondition = info.has_value();
            if (info && (info->shape == Shape::Branch || info->shape == Shape::Return))
                info.reset();
        }
        if (!info)
            fail(opToken, fmt::format("unknown instruction '{}'", name));
        if (!available(info->introducedIn, version_))
            fail(opToken, fmt::format("{} is available only in {}", info->name,
                                      versionList(info->introducedIn)));
        if (in.updatesCondition)
            requireVp2(opToken, fmt::format("{} (a condition-code update)", name));
        in.opcode = info->opcode;
        in.line = opToken.line;
        in.column = opToken.column;

        switch (info->shape) {
        case Shape::Vector:
        case Shape::Scalar:
        case Shape::Binary:
        case Shape::Ternary: {
            parseDestination(in);
            const int count = info->shape == Shape::Ternary  ? 3
                              : info->shape == Shape::Binary ? 2
                                                             : 1;
            for (int i = 0; i < count; ++i) {
                expect(',', "before the next operand");
                in.sources[static_cast<std::size_t>(i)] = parseSource(info->shape == Shape::Scalar);
            }
            in.sourceCount = static_cast<std::uint8_t>(count);
            break;
        }
        case Shape::AddressLoad:
            parseAddressDestination(in);
            expect(',', "before the operand");
            // VP1's ARL loads one scalar; VP2's ARL and ARR load a vector.
            in.sources[0] = parseSource(!vp2());
            in.sourceCount = 1;
            break;
        case Shape::AddressAdd: {
            parseAddressDestination(in);
            expect(',', "before the operand");
            const Token& reg = expectIdentifier("an address register (A0 or A1)");
            const int index = addressRegisterIndex(reg);
            if (isPunctuation(peek(), '.'))
                fail(peek(), "ARA reads a whole address register: no swizzle");
            sourceTokens_.push_back(&reg);
            in.sources[0].file = RegisterFile::Address;
            in.sources[0].index = static_cast<std::uint16_t>(index);
            in.sourceCount = 1;
            break;
        }
        case Shape::Branch: {
            const Token& label = expectIdentifier("a label to branch to");
            branchReferences_.emplace_back(instructions_.size(), &label);
            parseConditionMask(in);
            break;
        }
        case Shape::Return:
            parseConditionMask(in);
            break;
        }
        checkOperandUniqueness(in);
        instructions_.push_back(in);
    }

    // o[NAME], Rn or CC, then a write mask and a condition mask.
    void parseDestination(Instruction& in) {
        const Token& reg = expectIdentifier("a destination register (R0.., o[...] or CC)");
        Destination& d = in.destination;
        if (reg.text == "o") {
            expect('[', "after o");
            const Token& name = expectIdentifier("a result register name such as HPOS");
            const int limit = limitsFor(version_, false).resultRegisters;
            int index = -1;
            for (int r = 0; r < kResultCount; ++r)
                if (resultName(r) == name.text)
                    index = r;
            if (index < 0)
                fail(name, fmt::format("unknown result register o[{}]: expected HPOS, COL0, "
                                       "COL1, BFC0, BFC1, FOGC, PSIZ, TEX0-TEX7{}",
                                       name.text, vp2() ? " or CLP0-CLP5" : ""));
            if (index >= limit)
                fail(name, fmt::format("o[{}] is available only in !!VP2.0 programs", name.text));
            if (positionInvariant_ && index == static_cast<int>(Result::HPOS))
                fail(name, fmt::format("a position-invariant program must not write o[HPOS] "
                                       "(spec: \"{}\")",
                                       rule::kPositionInvariantHpos));
            expect(']', "after the result register name");
            d.file = RegisterFile::Result;
            d.index = static_cast<std::uint8_t>(index);
        } else if (reg.text == "CC") {
            requireVp2(reg, "the CC destination");
            d.file = RegisterFile::CC;
        } else if (const auto temp = temporaryIndex(reg)) {
            d.file = RegisterFile::Temporary;
            d.index = static_cast<std::uint8_t>(*temp);
        } else if (reg.text == "v" || reg.text == "c") {
            fail(reg, fmt::format("{} cannot be written by a vertex program: the destination is "
                                  "a temporary R0.., a result o[...]{}",
                                  reg.text == "v" ? "vertex attributes v[...]"
                                                  : "program parameters c[...]",
                                  vp2() ? " or CC" : ""));
        } else if (reg.text == "A0" || reg.text == "A1") {
            fail(reg, "address registers are written only by ARL, ARR and ARA");
        } else {
            fail(reg, fmt::format("expected a destination register (R0.., o[...]{}), found '{}'",
                                  vp2() ? " or CC" : "", reg.text));
        }
        d.writeMask = parseWriteMask(true);
        parseConditionMask(in);
    }

    void parseAddressDestination(Instruction& in) {
        const Token& reg = expectIdentifier("an address register (A0)");
        in.destination.file = RegisterFile::Address;
        in.destination.index = static_cast<std::uint8_t>(addressRegisterIndex(reg));
        if (!vp2()) {
            // <vp1-ARL-instruction>: "A0.x" and nothing else.
            if (!isPunctuation(peek(), '.') || peek(1).text != "x")
                fail(peek(), "a VP1 ARL writes A0.x: write \"ARL A0.x, <scalar>\"");
        }
        in.destination.writeMask = parseWriteMask(vp2());
        parseConditionMask(in);
    }

    int addressRegisterIndex(const Token& reg) {
        if (reg.text == "A0")
            return 0;
        if (reg.text == "A1") {
            requireVp2(reg, "address register A1");
            return 1;
        }
        fail(reg, fmt::format("expected an address register (A0{}), found '{}'",
                              vp2() ? " or A1" : "", reg.text));
    }

    std::optional<int> temporaryIndex(const Token& reg) {
        if (reg.text.size() < 2 || reg.text[0] != 'R')
            return std::nullopt;
        for (const char c : reg.text.substr(1))
            if (!std::isdigit(static_cast<unsigned char>(c)))
                return std::nullopt;
        const auto n = parseIntegerLiteral(reg.text.substr(1));
        const int limit = limitsFor(version_, false).temporaries;
        if (!n || *n >= limit || (reg.text.size() > 2 && reg.text[1] == '0'))
            fail(reg, fmt::format("{} is not a temporary register: {} programs have R0-R{}",
                                  reg.text, versionHeader(version_), limit - 1));
        return *n;
    }

    // ".xzw": components in xyzw order, each at most once. An empty mask enables all four.
    std::uint8_t parseWriteMask(bool optional) {
        if (!isPunctuation(peek(), '.')) {
            if (!optional)
                fail(peek(), "expected a write mask such as .x");
            return 0xF;
        }
        next();
        const Token& mask = expectIdentifier("a write mask such as .xyz");
        std::uint8_t bits = 0;
        int last = -1;
        for (const char c : mask.text) {
            const auto i = componentIndex(c);
            if (!i || *i <= last)
                fail(mask, fmt::format("bad write mask '.{}': components x, y, z, w, each at most "
                                       "once and in that order",
                                       mask.text));
            last = *i;
            bits |= static_cast<std::uint8_t>(1u << *i);
        }
        return bits;
    }

    // "(GE.xyzw)": VP2 only.
    void parseConditionMask(Instruction& in) {
        if (!isPunctuation(peek(), '('))
            return;
        requireVp2(peek(), "a condition-code mask");
        next();
        const Token& ruleToken = expectIdentifier("a condition (EQ GE GT LE LT NE TR FL)");
        static const std::map<std::string_view, ConditionRule> rules{
            {"EQ", ConditionRule::EQ}, {"GE", ConditionRule::GE}, {"GT", ConditionRule::GT},
            {"LE", ConditionRule::LE}, {"LT", ConditionRule::LT}, {"NE", ConditionRule::NE},
            {"TR", ConditionRule::TR}, {"FL", ConditionRule::FL}};
        const auto it = rules.find(ruleToken.text);
        if (it == rules.end())
            fail(ruleToken, fmt::format("unknown condition '{}': expected EQ, GE, GT, LE, LT, "
                                        "NE, TR or FL",
                                        ruleToken.text));
        in.conditionRule = it->second;
        in.conditionSwizzle = parseSwizzle(false);
        expect(')', "at the end of the condition mask");
    }

    // "" (xyzw), ".c" (cccc) or ".abcd"; a scalar operand needs exactly ".c".
    Swizzle parseSwizzle(bool scalar) {
        if (!isPunctuation(peek(), '.')) {
            if (scalar)
                fail(peek(), fmt::format("a scalar operand needs a component suffix such as .x, "
                                         "found {}",
                                         describe(peek())));
            return kIdentitySwizzle;
        }
        next();
        const Token& t = expectIdentifier("a swizzle such as .x or .xyzw");
        Swizzle s{};
        const std::size_t n = t.text.size();
        if (scalar ? n != 1 : (n != 1 && n != 4))
            fail(t, fmt::format("bad {} '.{}': {}", scalar ? "scalar suffix" : "swizzle", t.text,
                                scalar ? "a scalar operand names one component (.x, .y, .z or .w)"
                                       : "name one component or four (.x, .xyzw, .wzyx, ...)"));
        for (std::size_t i = 0; i < 4; ++i) {
            const auto c = componentIndex(t.text[n == 1 ? 0 : i]);
            if (!c)
                fail(t, fmt::format("bad swizzle '.{}': components are x, y, z and w", t.text));
            s[i] = static_cast<std::uint8_t>(*c);
        }
        return s;
    }

    Source parseSource(bool scalar) {
        Source s;
        const Token& start = peek();
        bool negateOuter = false;
        if (accept('-'))
            negateOuter = true;
        else if (isPunctuation(peek(), '+'))
            requireVp2(next(), "a '+' sign on an operand");
        if (isPunctuation(peek(), '|')) {
            requireVp2(peek(), "an absolute-value operand |...|");
            next();
            s.absolute = true;
            s.negateAbsolute = negateOuter;
            if (accept('-'))
                s.negateBase = true;
            else if (isPunctuation(peek(), '+'))
                next();
        } else {
            s.negateBase = negateOuter;
        }
        parseSourceRegister(s);
        s.swizzle = parseSwizzle(scalar);
        if (s.absolute)
            expect('|', "to close the absolute value");
        sourceTokens_.push_back(&start);
        return s;
    }

    void parseSourceRegister(Source& s) {
        const Token& reg = expectIdentifier("a source register (v[...], c[...] or R0..)");
        if (reg.text == "v") {
            expect('[', "after v");
            s.file = RegisterFile::Attribute;
            if (peek().kind == Token::Kind::Integer) {
                s.index =
                    static_cast<std::uint16_t>(expectInteger("a vertex attribute number", 15));
            } else {
                const Token& name = expectIdentifier("a vertex attribute (0-15 or OPOS, NRML...)");
                static const std::map<std::string_view, int> aliases{
                    {"OPOS", 0},  {"WGHT", 1},  {"NRML", 2},  {"COL0", 3},  {"COL1", 4},
                    {"FOGC", 5},  {"TEX0", 8},  {"TEX1", 9},  {"TEX2", 10}, {"TEX3", 11},
                    {"TEX4", 12}, {"TEX5", 13}, {"TEX6", 14}, {"TEX7", 15}};
                const auto it = aliases.find(name.text);
                if (it == aliases.end())
                    fail(name, fmt::format("unknown vertex attribute v[{}]: expected 0-15, OPOS, "
                                           "WGHT, NRML, COL0, COL1, FOGC or TEX0-TEX7",
                                           name.text));
                s.index = static_cast<std::uint16_t>(it->second);
            }
            expect(']', "after the vertex attribute");
        } else if (reg.text == "c") {
            expect('[', "after c");
            s.file = RegisterFile::Parameter;
            const Limits limits = limitsFor(version_, positionInvariant_);
            if (peek().kind == Token::Kind::Integer) {
                s.index = static_cast<std::uint16_t>(
                    expectInteger("a program parameter number", limits.parameters - 1));
            } else {
                const Token& address = expectIdentifier("a parameter number or A0.x");
                s.relative = true;
                s.addressRegister = static_cast<std::uint8_t>(addressRegisterIndex(address));
                expect('.', "after the address register (as in A0.x)");
                const Token& component = expectIdentifier("an address component (x)");
                const auto c =
                    component.text.size() == 1 ? componentIndex(component.text[0]) : std::nullopt;
                if (!c)
                    fail(component, fmt::format("expected one address component (x{}), found "
                                                "'{}'",
                                                vp2() ? ", y, z or w" : "", component.text));
                if (*c != 0)
                    requireVp2(component, "relative addressing with A0.y, .z or .w");
                s.addressComponent = static_cast<std::uint8_t>(*c);
                if (accept('+'))
                    s.offset = static_cast<std::int16_t>(
                        expectInteger("a positive offset", limits.maxPositiveOffset));
                else if (accept('-'))
                    s.offset = static_cast<std::int16_t>(
                        -expectInteger("a negative offset", limits.maxNegativeOffset));
                if (positionInvariant_ && version_ == Version::VP1_1)
                    fail(address, fmt::format("a position-invariant !!VP1.1 program cannot use "
                                              "relative addressing (spec: \"{}\")",
                                              rule::kPositionInvariantRelative));
            }
            expect(']', "after the program parameter");
        } else if (const auto temp = temporaryIndex(reg)) {
            s.file = RegisterFile::Temporary;
            s.index = static_cast<std::uint16_t>(*temp);
        } else if (reg.text == "o") {
            fail(reg, "result registers o[...] are write-only");
        } else if (reg.text == "A0" || reg.text == "A1") {
            fail(reg, "address registers are read only through relative addressing c[A0.x+n] "
                      "and by ARA");
        } else {
            fail(reg, fmt::format("expected a source register (v[...], c[...] or R0..), found "
                                  "'{}'",
                                  reg.text));
        }
    }

    // One unique program parameter and one unique vertex attribute per instruction.
    void checkOperandUniqueness(const Instruction& in) {
        const Source* parameter = nullptr;
        const Source* attribute = nullptr;
        const std::size_t first = sourceTokens_.size() - in.sourceCount;
        for (std::size_t i = 0; i < in.sourceCount; ++i) {
            const Source& s = in.sources[i];
            const Token& where = *sourceTokens_[first + i];
            if (s.file == RegisterFile::Parameter) {
                if (parameter && !sameParameter(*parameter, s))
                    fail(where, fmt::format("this instruction reads two different program "
                                            "parameters (spec: \"{}\")",
                                            rule::kOneParameter));
                parameter = &s;
            } else if (s.file == RegisterFile::Attribute) {
                if (attribute && attribute->index != s.index)
                    fail(where, fmt::format("this instruction reads two different vertex "
                                            "attributes, v[{}] and v[{}] (spec: \"{}\")",
                                            attribute->index, s.index, rule::kOneAttribute));
                attribute = &s;
            }
        }
        sourceTokens_.clear();
    }

    static bool sameParameter(const Source& a, const Source& b) {
        if (a.relative != b.relative)
            return false;
        if (!a.relative)
            return a.index == b.index;
        return a.addressRegister == b.addressRegister && a.addressComponent == b.addressComponent &&
               a.offset == b.offset;
    }

    std::string_view text_;
    std::string fileName_;
    std::vector<std::size_t> lineStarts_;
    std::vector<Token> tokens_;
    std::size_t position_ = 0;
    std::vector<Diagnostic> diagnostics_;

    Version version_ = Version::VP1_0;
    bool positionInvariant_ = false;
    const Token* end_ = nullptr;
    std::vector<Instruction> instructions_;
    std::map<std::string, int> labels_;
    std::vector<std::pair<std::size_t, const Token*>> branchReferences_;
    std::vector<const Token*> sourceTokens_; // where each operand of the current instruction began
};

Program parseVertexProgram(std::string_view text, const std::string& fileName) {
    return Parser(text, fileName).parse();
}

Program loadVertexProgramFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ProgramError({fileDiagnostic(path.string(), "cannot open the vertex program")});
    std::ostringstream text;
    text << in.rdbuf();
    return parseVertexProgram(text.str(), path.string());
}

} // namespace slvm::vp2
