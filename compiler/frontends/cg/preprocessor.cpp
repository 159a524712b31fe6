// The preprocessor: directives line by line, macro expansion over the text between them (so a
// macro's arguments may span lines), and a small evaluator for #if expressions.
#include "compiler/frontends/cg/preprocessor.h"

#include "compiler/frontends/common/include_file.h"

#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <optional>
#include <set>

namespace compiler::cg {

namespace {

constexpr std::size_t kMaximumExpansion = 1u << 20; // tokens, against exponential macros

struct Macro {
    bool functionLike = false;
    std::vector<std::string> parameters;
    std::vector<Token> body;
};

struct Conditional {
    bool active; // this group's lines are kept
    bool taken;  // some group of this #if has been kept
    bool sawElse;
    bool parentActive;
    slvm::SourceLocation where;
};

class Preprocessor {
public:
    Preprocessor(const PreprocessorOptions& options, std::vector<slvm::Diagnostic>& errors)
        : options_(options), errors_(errors) {
        for (const auto& [name, text] : options.defines) {
            auto source = std::make_shared<const slvm::SourceText>("<command line>", text);
            std::vector<slvm::Diagnostic> ignored;
            std::vector<Token> body = tokenize(*source, ignored);
            body.pop_back();
            macros_[name] = Macro{false, {}, std::move(body)};
            result_.sources.push_back(std::move(source));
        }
    }

    PreprocessedSource run(std::shared_ptr<const slvm::SourceText> source) {
        processFile(std::move(source), 0);
        Token end;
        end.kind = TokenKind::End;
        end.where = endWhere_;
        result_.tokens.push_back(end);
        return std::move(result_);
    }

private:
    void error(const slvm::SourceLocation& where, std::string message) {
        errors_.emplace_back(slvm::Severity::Error, where, std::move(message));
    }

    bool active() const { return conditionals_.empty() || conditionals_.back().active; }

    void processFile(std::shared_ptr<const slvm::SourceText> source, int depth) {
        result_.sources.push_back(source);
        const std::vector<Token> tokens = tokenize(*source, errors_);
        const std::size_t conditionalDepth = conditionals_.size();
        std::vector<Token> pending; // text lines since the last directive
        std::size_t i = 0;
        while (tokens[i].kind != TokenKind::End) {
            if (tokens[i].startsLine && tokens[i].text == "#" &&
                tokens[i].kind == TokenKind::Punctuator) {
                std::vector<Token> line;
                const Token hash = tokens[i++];
                while (tokens[i].kind != TokenKind::End && !tokens[i].startsLine)
                    line.push_back(tokens[i++]);
                flush(pending);
                directive(hash, line, *source, depth);
                continue;
            }
            if (active())
                pending.push_back(tokens[i]);
            ++i;
        }
        flush(pending);
        endWhere_ = tokens[i].where;
        while (conditionals_.size() > conditionalDepth) {
            error(conditionals_.back().where, "unterminated conditional: expected '#endif'");
            conditionals_.pop_back();
        }
    }

    void flush(std::vector<Token>& pending) {
        std::vector<Token> expanded = expand(pending, {});
        for (Token& token : expanded)
            result_.tokens.push_back(std::move(token));
        pending.clear();
    }

    void directive(const Token& hash, const std::vector<Token>& line,
                   const slvm::SourceText& source, int depth) {
        if (line.empty())
            return; // the null directive
        const Token& name = line[0];
        const std::string& word = name.text;
        if (word == "if" || word == "ifdef" || word == "ifndef") {
            bool value = false;
            if (active()) {
                if (word == "if")
                    value = evaluateCondition(line, name);
                else if (line.size() < 2 || line[1].kind != TokenKind::Identifier)
                    error(name.where, fmt::format("expected a macro name after '#{}'", word));
                else
                    value = (macros_.count(line[1].text) > 0) == (word == "ifdef");
            }
            conditionals_.push_back({active() && value, value, false, active(), hash.where});
            return;
        }
        if (word == "elif" || word == "else" || word == "endif") {
            if (conditionals_.empty()) {
                error(hash.where, fmt::format("'#{}' without '#if'", word));
                return;
            }
            Conditional& top = conditionals_.back();
            if (word == "endif") {
                conditionals_.pop_back();
                return;
            }
            if (top.sawElse) {
                error(hash.where, fmt::format("'#{}' after '#else'", word));
                return;
            }
            if (word == "else") {
                top.sawElse = true;
                top.active = top.parentActive && !top.taken;
                top.taken = true;
                return;
            }
            const bool value = top.parentActive && !top.taken && evaluateCondition(line, name);
            top.active = value;
            top.taken = top.taken || value;
            return;
        }
        if (!active())
            return;
        if (word == "define")
            define(line);
        else if (word == "undef") {
            if (line.size() < 2 || line[1].kind != TokenKind::Identifier)
                error(name.where, "expected a macro name after '#undef'");
            else
                macros_.erase(line[1].text);
        } else if (word == "include")
            include(line, source, depth);
        else if (word == "error") {
            std::string message;
            for (std::size_t i = 1; i < line.size(); ++i)
                message += (i > 1 ? " " : "") + line[i].text;
            error(hash.where, "#error " + message);
        } else if (word != "pragma" && word != "line")
            error(name.where,
                  fmt::format("unknown directive '#{}': expected define, undef, include, "
                              "if, ifdef, ifndef, elif, else, endif, error or pragma",
                              word));
    }

    void define(const std::vector<Token>& line) {
        if (line.size() < 2 || line[1].kind != TokenKind::Identifier) {
            error(line[0].where, "expected a macro name after '#define'");
            return;
        }
        Macro macro;
        std::size_t i = 2;
        if (i < line.size() && line[i].text == "(" && !line[i].spaceBefore) {
            macro.functionLike = true;
            ++i;
            while (i < line.size() && line[i].text != ")") {
                if (line[i].kind != TokenKind::Identifier) {
                    error(line[i].where, fmt::format("expected a parameter name in the macro "
                                                     "definition, found '{}'",
                                                     line[i].text));
                    return;
                }
                macro.parameters.push_back(line[i++].text);
                if (i < line.size() && line[i].text == ",")
                    ++i;
            }
            if (i >= line.size()) {
                error(line[1].where, "expected ')' to close the macro's parameter list");
                return;
            }
            ++i;
        }
        macro.body.assign(line.begin() + static_cast<std::ptrdiff_t>(i), line.end());
        macros_[line[1].text] = std::move(macro);
    }

    void include(const std::vector<Token>& line, const slvm::SourceText& source, int depth) {
        std::string file;
        bool quoted = false;
        if (line.size() >= 2 && line[1].kind == TokenKind::String) {
            file = line[1].text.substr(1, line[1].text.size() - 2);
            quoted = true;
        } else if (line.size() >= 2 && line[1].text == "<") {
            for (std::size_t i = 2; i < line.size() && line[i].text != ">"; ++i)
                file += line[i].text;
        }
        if (file.empty()) {
            error(line[0].where, "expected \"file\" or <file> after '#include'");
            return;
        }
        const auto included = frontends::readIncludedFile(
            {file, quoted, line[0].where, line[1].where, &source, depth}, options_.searchPath,
            errors_);
        if (included)
            processFile(included, depth + 1);
    }

    // The arguments of a function-like macro's use starting at tokens[i] == "(", each a token
    // list; i ends after the ")". nullopt when the list does not close.
    std::optional<std::vector<std::vector<Token>>> arguments(const std::vector<Token>& tokens,
                                                             std::size_t& i) {
        std::vector<std::vector<Token>> result(1);
        int nesting = 0;
        for (++i; i < tokens.size(); ++i) {
            const std::string& text = tokens[i].text;
            if (tokens[i].kind == TokenKind::Punctuator) {
                if (text == "(")
                    ++nesting;
                else if (text == ")" && nesting-- == 0) {
                    ++i;
                    if (result.size() == 1 && result[0].empty())
                        result.clear();
                    return result;
                } else if (text == "," && nesting == 0) {
                    result.emplace_back();
                    continue;
                }
            }
            result.back().push_back(tokens[i]);
        }
        return std::nullopt;
    }

    std::vector<Token> expand(const std::vector<Token>& tokens,
                              const std::set<std::string>& disabled) {
        std::vector<Token> out;
        for (std::size_t i = 0; i < tokens.size();) {
            const Token& token = tokens[i];
            const auto macro = token.kind == TokenKind::Identifier && !disabled.count(token.text)
                                   ? macros_.find(token.text)
                                   : macros_.end();
            if (macro == macros_.end() || (macro->second.functionLike &&
                                           (i + 1 >= tokens.size() || tokens[i + 1].text != "("))) {
                out.push_back(token);
                ++i;
                continue;
            }
            std::set<std::string> inner = disabled;
            inner.insert(token.text);
            std::vector<Token> body;
            if (!macro->second.functionLike) {
                body = macro->second.body;
                ++i;
            } else {
                ++i;
                auto args = arguments(tokens, i);
                if (!args) {
                    error(token.where,
                          fmt::format("unterminated use of macro '{}': expected ')'", token.text));
                    return out;
                }
                if (args->size() != macro->second.parameters.size()) {
                    error(token.where, fmt::format("macro '{}' takes {} argument{}, given {}",
                                                   token.text, macro->second.parameters.size(),
                                                   macro->second.parameters.size() == 1 ? "" : "s",
                                                   args->size()));
                    continue;
                }
                body = substitute(macro->second, *args, disabled);
            }
            for (Token& expanded : expand(body, inner)) {
                expanded.where = token.where; // errors point at the use the author wrote
                out.push_back(std::move(expanded));
            }
            if (out.size() > kMaximumExpansion) {
                error(token.where, fmt::format("macro '{}' expands to more than {} tokens",
                                               token.text, kMaximumExpansion));
                return {};
            }
        }
        return out;
    }

    // The macro's body with its parameters replaced: by the argument as written after # and
    // around ##, by the argument fully expanded elsewhere.
    std::vector<Token> substitute(const Macro& macro, const std::vector<std::vector<Token>>& args,
                                  const std::set<std::string>& disabled) {
        const auto parameter = [&](const Token& token) -> int {
            for (std::size_t p = 0; p < macro.parameters.size(); ++p)
                if (token.kind == TokenKind::Identifier && token.text == macro.parameters[p])
                    return static_cast<int>(p);
            return -1;
        };
        std::vector<Token> out;
        const auto& body = macro.body;
        for (std::size_t i = 0; i < body.size(); ++i) {
            if (body[i].text == "#" && i + 1 < body.size() && parameter(body[i + 1]) >= 0) {
                Token string = body[i];
                string.kind = TokenKind::String;
                string.text.assign(1, '"'); // not = "\"": GCC 12 warns of a false -Wrestrict
                for (const Token& part : args[static_cast<std::size_t>(parameter(body[++i]))])
                    string.text +=
                        (string.text.size() > 1 && part.spaceBefore ? " " : "") + part.text;
                string.text += "\"";
                out.push_back(string);
                continue;
            }
            if (body[i].text == "##" && !out.empty() && i + 1 < body.size()) {
                const Token& right = body[++i];
                const int p = parameter(right);
                const std::vector<Token> pasted =
                    p >= 0 ? args[static_cast<std::size_t>(p)] : std::vector<Token>{right};
                if (!pasted.empty()) {
                    out.back().text += pasted[0].text;
                    if (out.back().kind == TokenKind::Punctuator)
                        out.back().kind = pasted[0].kind;
                    out.insert(out.end(), pasted.begin() + 1, pasted.end());
                }
                continue;
            }
            const int p = parameter(body[i]);
            if (p < 0) {
                out.push_back(body[i]);
                continue;
            }
            const bool pastedNext = i + 1 < body.size() && body[i + 1].text == "##";
            const auto& arg = args[static_cast<std::size_t>(p)];
            const std::vector<Token> value = pastedNext ? arg : expand(arg, disabled);
            out.insert(out.end(), value.begin(), value.end());
        }
        return out;
    }

    bool evaluateCondition(const std::vector<Token>& line, const Token& directiveName) {
        // defined X and defined(X) first, before their names could expand.
        std::vector<Token> tokens;
        for (std::size_t i = 1; i < line.size(); ++i) {
            if (line[i].text != "defined") {
                tokens.push_back(line[i]);
                continue;
            }
            const bool parenthesised = i + 1 < line.size() && line[i + 1].text == "(";
            const std::size_t at = i + (parenthesised ? 2 : 1);
            if (at >= line.size() || line[at].kind != TokenKind::Identifier ||
                (parenthesised && (at + 1 >= line.size() || line[at + 1].text != ")"))) {
                error(line[i].where, "expected a macro name after 'defined'");
                return false;
            }
            Token value = line[i];
            value.kind = TokenKind::Number;
            value.text.assign(1, macros_.count(line[at].text) ? '1' : '0');
            tokens.push_back(value);
            i = at + (parenthesised ? 1 : 0);
        }
        tokens = expand(tokens, {});
        if (tokens.empty()) {
            error(directiveName.where, "expected an expression after '#if'");
            return false;
        }
        std::size_t at = 0;
        const double value = conditionalExpression(tokens, at);
        if (at < tokens.size()) {
            error(tokens[at].where,
                  fmt::format("unexpected '{}' in the #if expression", tokens[at].text));
            return false;
        }
        return value != 0.0;
    }

    // Precedence climbing over C's operators; an identifier left after expansion is 0, as in C.
    double conditionalExpression(const std::vector<Token>& tokens, std::size_t& at) {
        const double condition = binary(tokens, at, 0);
        if (at < tokens.size() && tokens[at].text == "?") {
            ++at;
            const double a = conditionalExpression(tokens, at);
            if (at < tokens.size() && tokens[at].text == ":")
                ++at;
            const double b = conditionalExpression(tokens, at);
            return condition != 0.0 ? a : b;
        }
        return condition;
    }

    static int precedence(const std::string& op) {
        static const std::map<std::string, int> table = {
            {"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4},  {"&", 5},  {"==", 6},
            {"!=", 6}, {"<", 7},  {">", 7}, {"<=", 7}, {">=", 7}, {"<<", 8},
            {">>", 8}, {"+", 9},  {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10}};
        const auto it = table.find(op);
        return it == table.end() ? -1 : it->second;
    }

    double binary(const std::vector<Token>& tokens, std::size_t& at, int minimum) {
        double left = unary(tokens, at);
        while (at < tokens.size() && tokens[at].kind == TokenKind::Punctuator) {
            const std::string op = tokens[at].text;
            const int level = precedence(op);
            if (level < 0 || level <= minimum - 1 || level < minimum)
                break;
            ++at;
            const double right = binary(tokens, at, level + 1);
            const auto integer = [](double v) { return static_cast<long long>(v); };
            if (op == "||")
                left = (left != 0 || right != 0);
            else if (op == "&&")
                left = (left != 0 && right != 0);
            else if (op == "|")
                left = static_cast<double>(integer(left) | integer(right));
            else if (op == "^")
                left = static_cast<double>(integer(left) ^ integer(right));
            else if (op == "&")
                left = static_cast<double>(integer(left) & integer(right));
            else if (op == "==")
                left = left == right;
            else if (op == "!=")
                left = left != right;
            else if (op == "<")
                left = left < right;
            else if (op == ">")
                left = left > right;
            else if (op == "<=")
                left = left <= right;
            else if (op == ">=")
                left = left >= right;
            else if (op == "<<")
                left = std::ldexp(left, static_cast<int>(right));
            else if (op == ">>")
                left = std::ldexp(left, -static_cast<int>(right));
            else if (op == "+")
                left += right;
            else if (op == "-")
                left -= right;
            else if (op == "*")
                left *= right;
            else if (op == "/" || op == "%") {
                if (right == 0) {
                    error(tokens[at - 1].where, "division by zero in the #if expression");
                    return 0;
                }
                left = op == "/" ? std::trunc(left / right) : std::fmod(left, right);
            }
        }
        return left;
    }

    double unary(const std::vector<Token>& tokens, std::size_t& at) {
        if (at >= tokens.size()) {
            error(tokens.back().where, "the #if expression ends too soon: expected a value");
            return 0;
        }
        const Token& token = tokens[at++];
        if (token.text == "!")
            return unary(tokens, at) == 0.0;
        if (token.text == "-")
            return -unary(tokens, at);
        if (token.text == "+")
            return unary(tokens, at);
        if (token.text == "~")
            return static_cast<double>(~static_cast<long long>(unary(tokens, at)));
        if (token.text == "(") {
            const double value = conditionalExpression(tokens, at);
            if (at < tokens.size() && tokens[at].text == ")")
                ++at;
            else
                error(token.where, "expected ')' in the #if expression");
            return value;
        }
        if (token.kind == TokenKind::Identifier)
            return 0;
        if (token.kind == TokenKind::Number) {
            std::string digits = token.text;
            while (!digits.empty() && std::isalpha(static_cast<unsigned char>(digits.back())) &&
                   !(digits.size() > 2 && (digits[1] == 'x' || digits[1] == 'X')))
                digits.pop_back();
            try {
                return std::stod(digits);
            } catch (const std::exception&) {
                error(token.where, fmt::format("'{}' is not a number", token.text));
                return 0;
            }
        }
        error(token.where, fmt::format("unexpected '{}' in the #if expression", token.text));
        return 0;
    }

    const PreprocessorOptions& options_;
    std::vector<slvm::Diagnostic>& errors_;
    std::map<std::string, Macro> macros_;
    std::vector<Conditional> conditionals_;
    PreprocessedSource result_;
    slvm::SourceLocation endWhere_;
};

} // namespace

PreprocessedSource preprocess(std::shared_ptr<const slvm::SourceText> source,
                              const PreprocessorOptions& options,
                              std::vector<slvm::Diagnostic>& errors) {
    return Preprocessor(options, errors).run(std::move(source));
}

} // namespace compiler::cg
