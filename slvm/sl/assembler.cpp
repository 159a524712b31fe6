// Two passes over the source: the first parses each line into an instruction (or a label) and
// type-checks its operands against the opcode's forms; the second resolves labels and jump ranges.
// Errors are collected, not thrown one by one, so an author sees them all at once.
#include "slvm/sl/assembler.h"

#include "slvm/common/diagnostic.h"
#include "slvm/common/number.h"
#include "slvm/common/source_text.h"
#include "slvm/common/suggestion.h"
#include "slvm/sl/registers.h"

#include <cctype>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace slvm::sl {

namespace {

struct Token {
    enum class Type { Word, Comma, Colon, Other } type;
    std::string_view text;
    int column; // 1-based
};

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '+' ||
           c == '-';
}

// Splits a comment-free line into words (identifiers and numbers), commas and colons; any
// character of white space (a no-break space pasted from the spec included) separates them.
std::vector<Token> tokenize(std::string_view line) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    int column = 1;
    while (i < line.size()) {
        const char c = line[i];
        if (const std::size_t blank = whiteSpaceLength(line, i)) {
            i += blank;
            ++column;
        } else if (c == ',' || c == ':') {
            tokens.push_back(
                {c == ',' ? Token::Type::Comma : Token::Type::Colon, line.substr(i, 1), column++});
            ++i;
        } else if (isWordChar(c)) {
            const std::size_t start = i;
            while (i < line.size() && isWordChar(line[i]))
                ++i;
            tokens.push_back({Token::Type::Word, line.substr(start, i - start), column});
            column += static_cast<int>(i - start);
        } else {
            const std::size_t length = characterLength(line, i);
            tokens.push_back({Token::Type::Other, line.substr(i, length), column++});
            i += length;
        }
    }
    return tokens;
}

// The column just past the last token: where a missing operand belongs.
int endColumn(const std::vector<Token>& tokens) {
    const Token& last = tokens.back();
    return last.column + characterCount(last.text);
}

bool isIdentifier(std::string_view text) {
    if (text.empty() || !(std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_'))
        return false;
    for (const char c : text)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
            return false;
    return true;
}

std::string_view expectedText(OperandKind kind) {
    switch (kind) {
    case OperandKind::Vector:
        return "a vector register (C0 C1 L V Pw P ds dt du dv uv N dE t0-t7 r0-r3 v0)";
    case OperandKind::Scalar:
        return "a scalar register (s0-s3 v1 Kd Ks S Kr Kt Ka I)";
    case OperandKind::Float:
        return "a number such as 0.5, -2 or 1e-3";
    case OperandKind::Offset:
        return "a jump offset (an integer) or a label";
    case OperandKind::TextureUnit:
        return "a texture unit t0-t7";
    case OperandKind::None:
        break;
    }
    return "nothing";
}

std::vector<std::string_view> opcodeNames() {
    std::vector<std::string_view> names;
    for (int op = 0; op < kOpcodeCount; ++op)
        names.push_back(opcodeInfo(static_cast<Opcode>(op)).mnemonic);
    return names;
}

// The registers an operand of `kind` may name (a vector or a scalar one), for suggestions.
std::vector<std::string_view> registerNames(OperandKind kind) {
    const RegisterKind wanted =
        kind == OperandKind::Vector ? RegisterKind::Vector : RegisterKind::Scalar;
    std::vector<std::string_view> names;
    for (int index = 0; index < kRegisterCount; ++index)
        if (registerInfo(index).kind == wanted)
            names.push_back(registerInfo(index).name);
    return names;
}

// What an operand token is, for error messages.
std::string describe(std::string_view text) {
    if (const auto index = findRegister(text))
        return fmt::format("{} register '{}'",
                           registerInfo(*index).kind == RegisterKind::Vector ? "vector" : "scalar",
                           text);
    if (looksNumeric(text))
        return fmt::format("number '{}'", text);
    return quoteToken(text);
}

bool operandFits(std::string_view text, OperandKind kind) {
    switch (kind) {
    case OperandKind::Vector:
    case OperandKind::Scalar: {
        const auto index = findRegister(text);
        return index &&
               (registerInfo(*index).kind == RegisterKind::Vector) == (kind == OperandKind::Vector);
    }
    case OperandKind::Float:
        return parseProgramFloatLiteral(text).has_value();
    case OperandKind::Offset:
        return parseIntegerLiteral(text).has_value() || isIdentifier(text);
    case OperandKind::TextureUnit:
        return text.size() == 2 && text[0] == 't' && text[1] >= '0' &&
               text[1] < '0' + kTextureUnitCount;
    case OperandKind::None:
        break;
    }
    return false;
}

struct PendingJump {
    std::size_t instruction;
    Token operand;
    int line;
    std::string_view lineText;
};

class Assembler {
public:
    Assembler(std::string_view source, std::string_view fileName)
        : source_(source), file_(fileName) {}

    VerifiedProgram run() {
        const SourceText text{std::string(file_), std::string(source_)};
        for (int line = 1; line <= text.lineCount(); ++line)
            parseLine(text.line(line), line);
        if (!sawHeader_)
            error(1, 1, {},
                  "missing 'sl 1.0' header: the first line that is not blank or a comment "
                  "must be 'sl 1.0'");
        else if (program_.code.empty() && errors_.empty())
            error(headerLine_, 1, {}, "a shader needs at least one instruction after 'sl 1.0'");
        resolveJumps();
        if (!errors_.empty())
            throw ProgramError(std::move(errors_));
        if (sawNote_)
            program_.sources = std::move(sources_);
        return verify(std::move(program_));
    }

private:
    void error(int line, int column, std::string_view lineText, std::string message) {
        errors_.emplace_back(Severity::Error, SourceLocation{file_, line, column},
                             std::move(message), lineText);
    }

    void parseLine(std::string_view rawLine, int line) {
        const std::size_t comment = rawLine.find('#');
        if (comment != std::string_view::npos)
            if (auto note = readSourceLineNote(rawLine.substr(comment + 1)))
                sourceLine_ = std::move(*note);
        const std::vector<Token> tokens = tokenize(rawLine.substr(0, comment));
        if (tokens.empty())
            return;
        if (!sawHeader_) {
            parseHeader(tokens, rawLine, line);
            return;
        }
        std::size_t next = 0;
        if (tokens.size() >= 2 && tokens[1].type == Token::Type::Colon) {
            defineLabel(tokens[0], rawLine, line);
            next = 2;
            if (tokens.size() == 2)
                return;
        }
        parseInstruction(tokens, next, rawLine, line);
    }

    void parseHeader(const std::vector<Token>& tokens, std::string_view lineText, int line) {
        sawHeader_ = true;
        headerLine_ = line;
        if (tokens[0].text != "sl") {
            error(line, tokens[0].column, lineText,
                  fmt::format("expected the header 'sl 1.0' before any instruction, found {}",
                              quoteToken(tokens[0].text)));
            return;
        }
        if (tokens.size() < 2) {
            error(line, tokens[0].column, lineText,
                  "expected a version after 'sl': the header is 'sl 1.0'");
            return;
        }
        if (tokens[1].text != "1.0")
            error(line, tokens[1].column, lineText,
                  fmt::format("unsupported SL version '{}'; this assembler reads 'sl 1.0'",
                              tokens[1].text));
        else if (tokens.size() > 2)
            error(line, tokens[2].column, lineText,
                  fmt::format("unexpected {} after 'sl 1.0'", quoteToken(tokens[2].text)));
    }

    void defineLabel(const Token& name, std::string_view lineText, int line) {
        if (!isIdentifier(name.text)) {
            error(
                line, name.column, lineText,
                fmt::format("'{}' is not a valid label name (letters, digits and '_', not starting "
                            "with a digit)",
                            name.text));
            return;
        }
        const auto [it, inserted] =
            labels_.emplace(std::string(name.text), Label{program_.code.size(), line});
        if (!inserted)
            error(line, name.column, lineText,
                  fmt::format("label '{}' is already defined on line {}", name.text,
                              it->second.line));
    }

    // One source line being assembled.
    struct Line {
        const std::vector<Token>& tokens;
        std::string_view text;
        int number;
    };

    void parseInstruction(const std::vector<Token>& tokens, std::size_t next,
                          std::string_view lineText, int line) {
        const Line source{tokens, lineText, line};
        const Token& mnemonic = tokens[next++];
        const auto opcode = parseMnemonic(mnemonic, source);
        if (!opcode)
            return;
        const OpcodeInfo& info = opcodeInfo(*opcode);
        Instruction instruction;
        instruction.opcode = static_cast<std::uint8_t>(*opcode);
        if (info.takesComponent && !parseComponentLetter(info, source, next, instruction))
            return;
        const auto operands = parseOperands(info, source, next);
        if (!operands)
            return;
        const Form* form = matchForm(info, *operands, source);
        if (!form)
            return;
        encodeOperands(*form, *operands, source, instruction);
        if (program_.code.size() == kMaxProgramLength) {
            error(line, mnemonic.column, lineText,
                  fmt::format("program is longer than {} instructions", kMaxProgramLength));
            return;
        }
        program_.code.push_back(instruction);
        sources_.push_back(sourceLine_);
        sawNote_ = sawNote_ || sourceLine_.line > 0;
    }

    std::optional<Opcode> parseMnemonic(const Token& mnemonic, const Line& source) {
        const auto opcode = findOpcode(mnemonic.text);
        if (mnemonic.type == Token::Type::Word && opcode)
            return opcode;
        std::string lower(mnemonic.text);
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        error(source.number, mnemonic.column, source.text,
              findOpcode(lower) && lower != mnemonic.text
                  ? fmt::format("unknown opcode '{}' (opcodes are lowercase: '{}')", mnemonic.text,
                                lower)
                  : fmt::format("unknown opcode {}{}", quoteToken(mnemonic.text),
                                didYouMean(mnemonic.text, opcodeNames())));
        return std::nullopt;
    }

    // movc, lc and liv: the component letter after the mnemonic.
    bool parseComponentLetter(const OpcodeInfo& info, const Line& source, std::size_t& next,
                              Instruction& instruction) {
        const auto& tokens = source.tokens;
        const std::optional<std::uint8_t> component =
            next < tokens.size() ? parseComponent(tokens[next].text) : std::nullopt;
        if (!component) {
            const int column = next < tokens.size() ? tokens[next].column : endColumn(tokens);
            error(source.number, column, source.text,
                  fmt::format("expected a component letter (x, y, z, w or r, g, b, a) after '{}'",
                              info.mnemonic));
            return false;
        }
        instruction.component = *component;
        ++next;
        return true;
    }

    // Operands: word (',' word)*, as many as the opcode takes.
    std::optional<std::vector<Token>> parseOperands(const OpcodeInfo& info, const Line& source,
                                                    std::size_t next) {
        const auto& tokens = source.tokens;
        std::vector<Token> operands;
        while (next < tokens.size()) {
            if (!operands.empty()) {
                if (tokens[next].type != Token::Type::Comma) {
                    error(source.number, tokens[next].column, source.text,
                          fmt::format("expected ',' between operands of '{}', found {}",
                                      info.mnemonic, quoteToken(tokens[next].text)));
                    return std::nullopt;
                }
                if (++next == tokens.size()) {
                    error(source.number, endColumn(tokens), source.text,
                          fmt::format("expected an operand after ',' in '{}'", info.mnemonic));
                    return std::nullopt;
                }
            }
            if (tokens[next].type != Token::Type::Word) {
                error(source.number, tokens[next].column, source.text,
                      fmt::format("expected an operand of '{}', found {}", info.mnemonic,
                                  quoteToken(tokens[next].text)));
                return std::nullopt;
            }
            operands.push_back(tokens[next++]);
        }
        if (static_cast<int>(operands.size()) != info.arity) {
            const int column = static_cast<int>(operands.size()) > info.arity
                                   ? operands[static_cast<std::size_t>(info.arity)].column
                                   : endColumn(tokens);
            error(source.number, column, source.text,
                  fmt::format("'{}' takes {} operand{}, found {}", info.mnemonic, info.arity,
                              info.arity == 1 ? "" : "s", operands.size()));
            return std::nullopt;
        }
        return operands;
    }

    // The form matching the longest prefix of operands; its first mismatch is the error.
    const Form* matchForm(const OpcodeInfo& info, const std::vector<Token>& operands,
                          const Line& source) {
        const Form* best = nullptr;
        std::size_t bestMatched = 0;
        for (const Form& form : info.forms) {
            std::size_t matched = 0;
            while (matched < operands.size() &&
                   operandFits(operands[matched].text, form.operands[matched]))
                ++matched;
            if (!best || matched > bestMatched) {
                best = &form;
                bestMatched = matched;
            }
        }
        if (bestMatched < operands.size()) {
            const Token& bad = operands[bestMatched];
            const OperandKind kind = best->operands[bestMatched];
            std::string message =
                fmt::format("operand {} of '{}' must be {}, found {}", bestMatched + 1,
                            info.mnemonic, expectedText(kind), describe(bad.text));
            if (kind == OperandKind::Float && isFloatLiteralSyntax(bad.text))
                message = floatRangeError(bad.text, decimalToFloat(bad.text).range);
            else if (kind == OperandKind::Float && looksNumeric(bad.text))
                message = fmt::format("'{}' is not a valid number", bad.text);
            else if ((kind == OperandKind::Vector || kind == OperandKind::Scalar) &&
                     isIdentifier(bad.text) && !findRegister(bad.text))
                message = fmt::format("unknown register '{}' for operand {} of '{}': expected {}{}",
                                      bad.text, bestMatched + 1, info.mnemonic, expectedText(kind),
                                      didYouMean(bad.text, registerNames(kind)));
            else if (kind == OperandKind::Scalar && looksNumeric(bad.text))
                message += fmt::format(": only li and liv take numbers; load it first, e.g. "
                                       "'li s0, {}'",
                                       bad.text);
            else if (kind == OperandKind::Vector && looksNumeric(bad.text))
                message += fmt::format(": only li and liv take numbers; load each component "
                                       "first, e.g. 'liv x r0, {}'",
                                       bad.text);
            error(source.number, bad.column, source.text, std::move(message));
            return nullptr;
        }
        if (info.firstIsDestination && !registerInfo(*findRegister(operands[0].text)).writeable) {
            error(source.number, operands[0].column, source.text,
                  fmt::format(
                      "register '{}' is read-only; '{}' can write only r0-r3, v0, s0-s3 and v1",
                      operands[0].text, info.mnemonic));
            return nullptr;
        }
        return best;
    }

    // The operands into the instruction's fields; jump offsets wait for resolveJumps.
    void encodeOperands(const Form& form, const std::vector<Token>& operands, const Line& source,
                        Instruction& instruction) {
        for (std::size_t slot = 0; slot < operands.size(); ++slot) {
            const std::string_view text = operands[slot].text;
            std::uint32_t field = 0;
            switch (form.operands[slot]) {
            case OperandKind::Vector:
            case OperandKind::Scalar:
                field = *findRegister(text);
                break;
            case OperandKind::TextureUnit:
                field = static_cast<std::uint32_t>(text[1] - '0');
                break;
            case OperandKind::Float:
                field = Instruction::floatBits(*parseProgramFloatLiteral(text));
                break;
            case OperandKind::Offset:
                jumps_.push_back(
                    {program_.code.size(), operands[slot], source.number, source.text});
                break;
            case OperandKind::None:
                break;
            }
            setOperandField(instruction, form.operands[slot], static_cast<int>(slot), field);
        }
    }

    // Fills in every jump offset once all labels are known, checking each target's range.
    void resolveJumps() {
        const auto length = static_cast<std::int64_t>(program_.code.size());
        for (const PendingJump& jump : jumps_) {
            const auto index = static_cast<std::int64_t>(jump.instruction);
            std::int64_t offset = 0;
            if (const auto literal = parseIntegerLiteral(jump.operand.text)) {
                offset = *literal;
            } else {
                const auto label = labels_.find(std::string(jump.operand.text));
                if (label == labels_.end()) {
                    error(jump.line, jump.operand.column, jump.lineText,
                          fmt::format("undefined label '{}'", jump.operand.text));
                    continue;
                }
                offset = static_cast<std::int64_t>(label->second.instruction) - (index + 1);
            }
            const std::int64_t target = index + 1 + offset;
            if (offset < INT16_MIN || offset > INT16_MAX) {
                error(
                    jump.line, jump.operand.column, jump.lineText,
                    fmt::format("jump offset {} does not fit in 16 bits (-32768..32767)", offset));
            } else if (target < 0 || target > length) {
                error(jump.line, jump.operand.column, jump.lineText,
                      fmt::format(
                          "jump offset {} lands on instruction {}, outside the program (0..{}); "
                          "offsets count from the next instruction",
                          offset, target, length));
            } else {
                Instruction& in = program_.code[jump.instruction];
                in.c = Instruction::offsetBits(static_cast<std::int32_t>(offset));
            }
        }
    }

    struct Label {
        std::size_t instruction;
        int line;
    };

    std::string_view source_;
    std::string_view file_;
    Program program_{std::string(file_), {}, {}};
    std::vector<Diagnostic> errors_;
    std::map<std::string, Label, std::less<>> labels_;
    std::vector<PendingJump> jumps_;
    bool sawHeader_ = false;
    SourceLine sourceLine_; // the last note read, for the instructions that follow it
    std::vector<SourceLine> sources_;
    bool sawNote_ = false;
    int headerLine_ = 0;
};

} // namespace

VerifiedProgram assemble(std::string_view source, std::string_view fileName) {
    return Assembler(source, fileName).run();
}

} // namespace slvm::sl
