// A tokenizer and a recursive-descent parser for the grammar of spec section 2.14.1.8. A syntax
// error skips to the next ';' so that one pass reports every broken instruction; what the grammar
// accepts but an environment forbids (R15 in VP1, labels before VP2, offsets out of range...) is
// the verifier's to report, at the locations the parser records.
#include "slvm/vp2/parser.h"

#include "slvm/common/file_contents.h"
#include "slvm/common/number.h"
#include "slvm/common/suggestion.h"
#include "slvm/vp2/constant_declarations.h"
#include "slvm/vp2/instruction_set.h"
#include "slvm/vp2/tokens.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <map>
#include <optional>

namespace slvm::vp2 {

namespace {

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

class Parser {
public:
    explicit Parser(std::shared_ptr<const SourceText> source) : source_(*source) {
        program_.source = std::move(source);
        tokens_ = tokenize(source_, errors_);
    }

    ParsedProgram parse() {
        parseHeader();
        if (errors_.empty()) {
            parseOptions();
            parseBody();
            program_.constants = readConstantDeclarations(source_, errors_);
        }
        return {std::move(program_), std::move(errors_)};
    }

private:
    // ---- tokens -----------------------------------------------------------------------------

    Diagnostic diagnosticAt(Position p, std::string message) const {
        return {Severity::Error,
                {source_.name(), p.line, p.column},
                std::move(message),
                source_.line(p.line)};
    }
    Diagnostic diagnosticAt(const Token& t, std::string message) const {
        return diagnosticAt(t.where, std::move(message));
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
    // A decimal integer; `max` only words the message when it is not one that fits an int.
    int expectInteger(std::string_view what, int max) {
        const Token& t = peek();
        if (t.kind != Token::Kind::Integer)
            fail(t, fmt::format("expected {} (a decimal integer), found {}", what, describe(t)));
        next();
        const auto value = parseIntegerLiteral(t.text);
        if (!value)
            failRange(t, what, max);
        return *value;
    }
    [[noreturn]] void failRange(const Token& t, std::string_view what, int max) const {
        fail(t, fmt::format("{} must be a decimal integer from 0 to {} in {} programs, not {}",
                            what, max, versionHeader(program_.version), t.text));
    }
    bool vp2() const { return isVp2(program_.version); }
    Limits limits() const { return limitsFor(program_.version, program_.positionInvariant); }

    // ---- program structure ------------------------------------------------------------------

    void parseHeader() {
        const Token& t = next();
        if (t.kind == Token::Kind::Header) {
            if (t.text == "!!VP1.0")
                return void(program_.version = Version::VP1_0);
            if (t.text == "!!VP1.1")
                return void(program_.version = Version::VP1_1);
            if (t.text == "!!VP2.0")
                return void(program_.version = Version::VP2_0);
            if (t.text == "!!VSP1.0") {
                errors_.push_back(diagnosticAt(
                    t, "vertex state programs (!!VSP1.0) are not supported: lrt runs vertex "
                       "programs (!!VP1.0, !!VP1.1, !!VP2.0) on mesh vertices"));
                return;
            }
        }
        errors_.push_back(
            diagnosticAt(t, fmt::format("a vertex program begins with !!VP1.0, !!VP1.1 or "
                                        "!!VP2.0, found {}",
                                        describe(t))));
    }

    void parseOptions() {
        while (peek().kind == Token::Kind::Identifier && peek().text == "OPTION") {
            try {
                const Token& keyword = next();
                const Token& name = expectIdentifier("an option name (NV_position_invariant)");
                if (name.text != "NV_position_invariant")
                    fail(name, fmt::format("unknown option '{}': the only option is "
                                           "NV_position_invariant",
                                           name.text));
                program_.positionInvariant = true;
                program_.optionWhere = keyword.where;
                expect(';', "after the option");
            } catch (const SyntaxError& e) {
                errors_.push_back(e.diagnostic);
                skipPastSemicolon();
            }
        }
    }

    void parseBody() {
        while (true) {
            const Token& t = peek();
            if (t.kind == Token::Kind::End) {
                errors_.push_back(diagnosticAt(t, "missing END at the end of the program"));
                return;
            }
            if (t.kind == Token::Kind::Identifier && t.text == "END") {
                program_.endWhere = next().where;
                if (peek().kind != Token::Kind::End)
                    errors_.push_back(diagnosticAt(
                        peek(), fmt::format("unexpected {} after END: END ends the program",
                                            describe(peek()))));
                return;
            }
            try {
                if (t.kind == Token::Kind::Identifier && isPunctuation(peek(1), ':')) {
                    const Token& name = next();
                    next(); // ':'
                    program_.labels.push_back({std::string(name.text),
                                               static_cast<int>(program_.instructions.size()),
                                               name.where});
                } else if (t.kind == Token::Kind::Identifier && t.text == "OPTION") {
                    fail(t, "OPTION must come before the first instruction");
                } else {
                    // Kept even without its ';', so that the rules about the whole program see it.
                    program_.instructions.push_back(parseInstruction());
                    expect(';', "at the end of the instruction");
                }
            } catch (const SyntaxError& e) {
                errors_.push_back(e.diagnostic);
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

    // ---- instructions -----------------------------------------------------------------------

    Instruction parseInstruction() {
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
        if (!info) {
            std::vector<std::string_view> names;
            for (int op = 0; op < kOpcodeCount; ++op)
                names.push_back(opcodeInfo(static_cast<Opcode>(op)).name);
            fail(opToken, fmt::format("unknown instruction '{}'{}", name, didYouMean(name, names)));
        }
        in.opcode = info->opcode;
        in.where = opToken.where;

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
            Source& source = in.sources[0];
            source.index = addressRegisterIndex(reg);
            if (isPunctuation(peek(), '.'))
                fail(peek(), "ARA reads a whole address register: no swizzle");
            source.file = RegisterFile::Address;
            source.where = source.registerWhere = reg.where;
            in.sourceCount = 1;
            break;
        }
        case Shape::Branch: {
            const Token& label = expectIdentifier("a label to branch to");
            in.label = std::string(label.text);
            in.labelWhere = label.where;
            parseConditionMask(in);
            break;
        }
        case Shape::Return:
            parseConditionMask(in);
            break;
        }
        return in;
    }

    // o[NAME], Rn or CC, then a write mask and a condition mask.
    void parseDestination(Instruction& in) {
        const Token& reg = expectIdentifier("a destination register (R0.., o[...] or CC)");
        Destination& d = in.destination;
        d.where = reg.where;
        if (reg.text == "o") {
            expect('[', "after o");
            const Token& name = expectIdentifier("a result register name such as HPOS");
            int index = -1;
            for (int r = 0; r < kResultCount; ++r)
                if (resultName(r) == name.text)
                    index = r;
            if (index < 0)
                fail(name, fmt::format("unknown result register o[{}]: expected HPOS, COL0, "
                                       "COL1, BFC0, BFC1, FOGC, PSIZ, TEX0-TEX7{}",
                                       name.text, vp2() ? " or CLP0-CLP5" : ""));
            expect(']', "after the result register name");
            d.file = RegisterFile::Result;
            d.index = index;
            d.where = name.where;
        } else if (reg.text == "CC") {
            d.file = RegisterFile::CC;
        } else if (const auto temp = temporaryIndex(reg)) {
            d.file = RegisterFile::Temporary;
            d.index = *temp;
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
        in.destination.index = addressRegisterIndex(reg);
        in.destination.where = reg.where;
        if (!vp2()) {
            // <vp1-ARL-instruction>: "A0.x" and nothing else.
            if (!isPunctuation(peek(), '.') || peek(1).text != "x")
                fail(peek(), "a VP1 ARL writes A0.x: write \"ARL A0.x, <scalar>\"");
        }
        in.destination.writeMask = parseWriteMask(vp2());
        parseConditionMask(in);
    }

    int addressRegisterIndex(const Token& reg) const {
        if (reg.text == "A0")
            return 0;
        if (reg.text == "A1")
            return 1;
        fail(reg, fmt::format("expected an address register (A0{}), found '{}'",
                              vp2() ? " or A1" : "", reg.text));
    }

    // Rn with n a decimal number without leading zeros; whether the environment has it is the
    // verifier's question.
    std::optional<int> temporaryIndex(const Token& reg) const {
        if (reg.text.size() < 2 || reg.text[0] != 'R')
            return std::nullopt;
        for (const char c : reg.text.substr(1))
            if (!std::isdigit(static_cast<unsigned char>(c)))
                return std::nullopt;
        const auto n = parseIntegerLiteral(reg.text.substr(1));
        const int limit = limitsFor(program_.version, false).temporaries;
        if (!n || (reg.text.size() > 2 && reg.text[1] == '0'))
            fail(reg, fmt::format("{} is not a temporary register: {} programs have R0-R{}",
                                  reg.text, versionHeader(program_.version), limit - 1));
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

    // "(GE.xyzw)".
    void parseConditionMask(Instruction& in) {
        if (!isPunctuation(peek(), '('))
            return;
        in.conditionWhere = next().where;
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
        s.where = peek().where;
        bool negateOuter = false;
        if (accept('-')) {
            negateOuter = true;
        } else if (isPunctuation(peek(), '+')) {
            s.explicitPlus = true;
            s.plusWhere = next().where;
        }
        if (isPunctuation(peek(), '|')) {
            s.absoluteWhere = next().where;
            s.absolute = true;
            s.negateAbsolute = negateOuter;
            if (accept('-'))
                s.negateBase = true;
            else
                accept('+');
        } else {
            s.negateBase = negateOuter;
        }
        parseSourceRegister(s);
        s.swizzle = parseSwizzle(scalar);
        if (s.absolute)
            expect('|', "to close the absolute value");
        return s;
    }

    void parseSourceRegister(Source& s) {
        const Token& reg = expectIdentifier("a source register (v[...], c[...] or R0..)");
        s.registerWhere = reg.where;
        if (reg.text == "v") {
            expect('[', "after v");
            s.file = RegisterFile::Attribute;
            s.registerWhere = peek().where;
            s.index = attributeNumber();
            expect(']', "after the vertex attribute");
        } else if (reg.text == "c") {
            expect('[', "after c");
            s.file = RegisterFile::Parameter;
            s.registerWhere = peek().where;
            if (peek().kind == Token::Kind::Integer)
                s.index = expectInteger("a program parameter number", limits().parameters - 1);
            else
                parseRelativeAddress(s);
            expect(']', "after the program parameter");
        } else if (const auto temp = temporaryIndex(reg)) {
            s.file = RegisterFile::Temporary;
            s.index = *temp;
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

    // The n of v[n], or of an alias such as v[NRML].
    int attributeNumber() {
        if (peek().kind == Token::Kind::Integer) {
            const Token& t = peek();
            const int value = expectInteger("a vertex attribute number", kAttributeCount - 1);
            if (value >= kAttributeCount)
                failRange(t, "a vertex attribute number", kAttributeCount - 1);
            return value;
        }
        const Token& name = expectIdentifier("a vertex attribute (0-15 or OPOS, NRML...)");
        const auto number = findAttribute(name.text);
        if (!number)
            fail(name, fmt::format("unknown vertex attribute v[{}]: expected 0-15, OPOS, "
                                   "WGHT, NRML, COL0, COL1, FOGC or TEX0-TEX7",
                                   name.text));
        return *number;
    }

    // Ai.c, optionally followed by +n or -n.
    void parseRelativeAddress(Source& s) {
        const Token& address = expectIdentifier("a parameter number or A0.x");
        s.relative = true;
        s.addressRegister = static_cast<std::uint8_t>(addressRegisterIndex(address));
        s.addressWhere = address.where;
        expect('.', "after the address register (as in A0.x)");
        const Token& component = expectIdentifier("an address component (x)");
        const auto c =
            component.text.size() == 1 ? componentIndex(component.text[0]) : std::nullopt;
        if (!c)
            fail(component, fmt::format("expected one address component (x{}), found "
                                        "'{}'",
                                        vp2() ? ", y, z or w" : "", component.text));
        s.addressComponent = static_cast<std::uint8_t>(*c);
        s.componentWhere = component.where;
        const bool positive = accept('+');
        if (positive || accept('-')) {
            s.offsetWhere = peek().where;
            const int magnitude =
                positive ? expectInteger("a positive offset", limits().maxPositiveOffset)
                         : expectInteger("a negative offset", limits().maxNegativeOffset);
            s.offset = positive ? magnitude : -magnitude;
        }
    }

    const SourceText& source_;
    std::vector<Token> tokens_;
    std::size_t position_ = 0;
    std::vector<Diagnostic> errors_;
    Program program_;
};

} // namespace

ParsedProgram parseVertexProgram(std::string_view text, const std::string& fileName) {
    return Parser(std::make_shared<const SourceText>(fileName, std::string(text))).parse();
}

VerifiedProgram loadVertexProgram(std::string_view text, const std::string& fileName) {
    ParsedProgram parsed = parseVertexProgram(text, fileName);
    if (parsed.errors.empty())
        return verify(std::move(parsed.program));
    // Report the broken load rules of the instructions that parsed along with the syntax errors.
    std::vector<Diagnostic> all = std::move(parsed.errors);
    if (!parsed.program.instructions.empty() || !parsed.program.labels.empty()) {
        std::vector<Diagnostic> rules = checkLoadRules(parsed.program);
        all.insert(all.end(), rules.begin(), rules.end());
    }
    sortBySource(all);
    throw ProgramError(std::move(all));
}

VerifiedProgram loadVertexProgramFile(const std::filesystem::path& path) {
    const auto text = readFileContents(path);
    if (!text)
        throw ProgramError({fileDiagnostic(path.string(), "cannot open the vertex program")});
    return loadVertexProgram(*text, path.string());
}

} // namespace slvm::vp2
