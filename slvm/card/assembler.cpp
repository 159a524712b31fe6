// Assembly in two passes: the first lays instructions out and records each label's pixel, the
// second writes the floats, labels resolved.
#include "slvm/card/assembler.h"

#include "slvm/common/number.h"
#include "slvm/common/suggestion.h"

#include <cmath>
#include <fmt/format.h>
#include <map>
#include <memory>

namespace slvm::card {

namespace {

struct Token {
    std::string_view text;
    SourceLocation where;
};

// A line's words, split at white space and commas, up to a comment (';' or '#').
std::vector<Token> tokenize(const SourceText& source, int lineNumber) {
    const std::string_view line = source.line(lineNumber);
    const std::size_t lineStart = static_cast<std::size_t>(line.data() - source.text().data());
    std::vector<Token> tokens;
    std::size_t at = 0;
    while (at < line.size()) {
        const char c = line[at];
        if (c == ';' || c == '#')
            break;
        if (c == ',' || whiteSpaceLength(line, at) > 0) {
            at += c == ',' ? 1 : whiteSpaceLength(line, at);
            continue;
        }
        std::size_t end = at;
        while (end < line.size() && line[end] != ',' && line[end] != ';' && line[end] != '#' &&
               whiteSpaceLength(line, end) == 0)
            end += characterLength(line, end);
        tokens.push_back({line.substr(at, end - at), source.locate(lineStart + at)});
        at = end;
    }
    return tokens;
}

bool isLabelName(std::string_view text) {
    if (text.empty() || !(std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_'))
        return false;
    for (const char c : text)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'))
            return false;
    return true;
}

// One instruction as written: its operands still tokens, its labels unresolved.
struct Statement {
    Opcode opcode;
    Token mnemonic;
    std::vector<Token> operands;
    int pixel = 0;
};

class Assembler {
public:
    Assembler(std::string_view text, const std::string& name)
        : source_(std::make_shared<const SourceText>(name, std::string(text))) {}

    Card run() {
        int pixel = kHeaderPixels;
        for (int line = 1; line <= source_->lineCount(); ++line) {
            std::vector<Token> tokens = tokenize(*source_, line);
            while (!tokens.empty() && tokens[0].text.size() > 1 && tokens[0].text.back() == ':') {
                defineLabel(tokens[0], pixel);
                tokens.erase(tokens.begin());
            }
            if (tokens.empty())
                continue;
            if (tokens[0].text.starts_with('.')) {
                directive(tokens);
                continue;
            }
            if (auto statement = parse(tokens)) {
                statement->pixel = pixel;
                pixel += length(*statement);
                statements_.push_back(std::move(*statement));
            }
        }
        Card card;
        card.name = source_->name();
        for (const Statement& statement : statements_)
            emit(statement, card.pixels);
        layOut(card);
        if (!errors_.empty())
            throw ProgramError(std::move(errors_));
        return card;
    }

private:
    void fail(const SourceLocation& where, std::string message) {
        errors_.emplace_back(Severity::Error, where, std::move(message));
    }

    void defineLabel(const Token& token, int pixel) {
        const std::string_view name = token.text.substr(0, token.text.size() - 1);
        if (!isLabelName(name) || registerFromName(name) || opcodeFromMnemonic(name))
            return fail(token.where, fmt::format("'{}' cannot be a label: a label is a letter or _ "
                                                 "then letters, digits, _ or ., and not a register "
                                                 "or a mnemonic",
                                                 name));
        if (!labels_.emplace(std::string(name), pixel).second)
            fail(token.where, fmt::format("label '{}' is defined twice", name));
    }

    void directive(const std::vector<Token>& tokens) {
        const std::string_view name = tokens[0].text;
        int* target = name == ".width" ? &width_ : name == ".height" ? &height_ : nullptr;
        if (target == nullptr)
            return fail(tokens[0].where, fmt::format("unknown directive '{}': expected .width or "
                                                     ".height",
                                                     name));
        const auto value = tokens.size() == 2 ? parseIntegerLiteral(tokens[1].text) : std::nullopt;
        if (!value || *value < 1 || *value > 65536)
            return fail(tokens.size() > 1 ? tokens[1].where : tokens[0].where,
                        fmt::format("{} takes one whole number of pixels in [1, 65536]", name));
        *target = *value;
    }

    std::optional<Statement> parse(const std::vector<Token>& tokens) {
        const auto opcode = opcodeFromMnemonic(tokens[0].text);
        if (!opcode) {
            std::vector<std::string_view> known;
#define LRT_CARD_NAME(name, code, text) known.push_back(text);
            LRT_CARD_OPCODES(LRT_CARD_NAME)
#undef LRT_CARD_NAME
            fail(tokens[0].where, fmt::format("unknown instruction '{}'{}", tokens[0].text,
                                              didYouMean(tokens[0].text, known)));
            return std::nullopt;
        }
        Statement statement{*opcode, tokens[0], {tokens.begin() + 1, tokens.end()}};
        const std::size_t given = statement.operands.size();
        const SourceLocation& after =
            given ? statement.operands.back().where : statement.mnemonic.where;
        if (*opcode == Opcode::In) {
            if (given != 1) {
                fail(after, "in takes one operand: the input number (0, the sample point)");
                return std::nullopt;
            }
        } else if (*opcode == Opcode::Mov) {
            if (given < 2) {
                fail(after, "mov takes a destination register and a source: a register, a label "
                            "or numbers");
                return std::nullopt;
            }
            const auto destination = registerFromName(statement.operands[0].text);
            if (!destination) {
                fail(statement.operands[0].where,
                     fmt::format("mov's destination '{}' is not a register: expected {}",
                                 statement.operands[0].text, registerNamesSummary()));
                return std::nullopt;
            }
            const bool fromRegister = given == 2 && registerFromName(statement.operands[1].text);
            const std::size_t wanted =
                fromRegister ? 1 : static_cast<std::size_t>(destination->width());
            if (given - 1 != wanted) {
                fail(statement.operands[std::min(given - 1, wanted + 1)].where,
                     fmt::format("mov {} takes {} immediate number{}, not {}",
                                 statement.operands[0].text, wanted, wanted == 1 ? "" : "s",
                                 given - 1));
                return std::nullopt;
            }
        } else if (given != 0) {
            fail(statement.operands[0].where,
                 fmt::format("{} takes no operands: it works on rm0 and rm1", tokens[0].text));
            return std::nullopt;
        }
        return statement;
    }

    static int length(const Statement& statement) {
        return 1 + static_cast<int>(statement.operands.size());
    }

    void emit(const Statement& statement, std::vector<float>& out) {
        if (statement.opcode == Opcode::In) {
            const auto input = parseIntegerLiteral(statement.operands[0].text);
            if (!input || *input < 0 || *input >= kInputs)
                fail(statement.operands[0].where,
                     fmt::format("in reads input 0 (the sample point), not '{}'",
                                 statement.operands[0].text));
            out.push_back(static_cast<float>(Opcode::In));
            out.push_back(input.value_or(0));
            return;
        }
        if (statement.opcode != Opcode::Mov) {
            out.push_back(static_cast<float>(statement.opcode));
            return;
        }
        const Register destination = *registerFromName(statement.operands[0].text);
        const auto source = statement.operands.size() == 2
                                ? registerFromName(statement.operands[1].text)
                                : std::nullopt;
        if (source) {
            if (source->width() != destination.width())
                fail(statement.operands[1].where,
                     fmt::format("mov {}, {} moves between registers of different types: a mov "
                                 "copies a matrix, a vector or a float (pos counts as a float)",
                                 registerName(destination), registerName(*source)));
            out.insert(out.end(),
                       {static_cast<float>(Opcode::Mov), static_cast<float>(destination.operand()),
                        static_cast<float>(source->operand())});
            return;
        }
        out.push_back(-static_cast<float>(Opcode::Mov));
        out.push_back(static_cast<float>(destination.operand()));
        for (std::size_t i = 1; i < statement.operands.size(); ++i)
            out.push_back(immediate(statement.operands[i], destination));
    }

    float immediate(const Token& token, Register destination) {
        if (isFloatLiteralSyntax(token.text)) {
            const DecimalFloat converted = decimalToFloat(token.text);
            if (converted.range != FloatRange::Within)
                fail(token.where, floatRangeError(token.text, converted.range));
            return converted.range == FloatRange::Within ? converted.value : 0;
        }
        if (isLabelName(token.text)) {
            if (destination.width() != 1)
                fail(token.where, fmt::format("label '{}' is a pixel number: only a float register "
                                              "or pos can take it",
                                              token.text));
            const auto label = labels_.find(std::string(token.text));
            if (label != labels_.end())
                return static_cast<float>(label->second);
            std::vector<std::string_view> known;
            for (const auto& [name, pixel] : labels_)
                known.push_back(name);
            fail(token.where,
                 fmt::format("undefined label '{}'{}", token.text, didYouMean(token.text, known)));
            return 0;
        }
        fail(token.where, fmt::format("'{}' is not a number, a register or a label", token.text));
        return 0;
    }

    // The card's size: as the directives say, else the smallest square that holds the program.
    void layOut(Card& card) {
        const auto used = static_cast<long long>(card.pixels.size()) + kHeaderPixels;
        long long width = width_;
        if (width == 0) {
            width = static_cast<long long>(std::ceil(std::sqrt(static_cast<double>(used))));
            while (width * width < used)
                ++width;
        }
        const long long height = height_ ? height_ : (used + width - 1) / width;
        if (width * height < used) {
            errors_.emplace_back(fileDiagnostic(
                card.name,
                fmt::format("the program needs {} pixels, more than the {} x {} card the "
                            ".width and .height directives ask for",
                            used, width, height)));
            return;
        }
        card.width = static_cast<int>(width);
        card.height = static_cast<int>(height);
        card.pixels.insert(card.pixels.begin(),
                           {static_cast<float>(width), static_cast<float>(height)});
        card.pixels.resize(static_cast<std::size_t>(width * height), 0.0f); // exit
    }

    std::shared_ptr<const SourceText> source_;
    std::vector<Statement> statements_;
    std::map<std::string, int, std::less<>> labels_;
    int width_ = 0, height_ = 0;
    std::vector<Diagnostic> errors_;
};

} // namespace

Card assemble(std::string_view text, const std::string& name) {
    return Assembler(text, name).run();
}

} // namespace slvm::card
