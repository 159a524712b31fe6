// Directives are read line by line from the tokens; substitution happens on the way out, so a
// #define applies from its line on, and a macro's body is itself expanded when it is used.
#include "compiler/frontends/tl/preprocessor.h"

#include "compiler/frontends/common/include_file.h"
#include "slvm/common/suggestion.h"

#include <fmt/format.h>
#include <map>
#include <set>

namespace compiler::tl {

namespace {

struct Macro {
    std::string output;              // "" when the macro computes nothing
    std::vector<std::string> params; // parameter names
    std::vector<Token> body;
};

class Preprocessor {
public:
    Preprocessor(const std::vector<std::filesystem::path>& searchPath,
                 std::vector<slvm::Diagnostic>& errors)
        : searchPath_(searchPath), errors_(errors) {}

    PreprocessedSource run(std::shared_ptr<const slvm::SourceText> source) {
        include(std::move(source), 0);
        Token end;
        if (!out_.empty())
            end.where = out_.back().where;
        out_.push_back(end);
        return {std::move(out_), std::move(sources_)};
    }

private:
    void fail(const slvm::SourceLocation& where, std::string message) {
        errors_.emplace_back(slvm::Severity::Error, where, std::move(message));
    }

    static bool sameLine(const Token& a, const Token& b) {
        return a.where.source == b.where.source && a.where.line == b.where.line;
    }

    void include(std::shared_ptr<const slvm::SourceText> source, int depth) {
        sources_.push_back(source);
        std::vector<Token> tokens = tokenize(*source, errors_);
        tokens.pop_back(); // End
        for (std::size_t i = 0; i < tokens.size();) {
            const Token& token = tokens[i];
            if (token.kind != TokenKind::Directive) {
                emit(tokens, i);
                continue;
            }
            std::size_t lineEnd = i + 1;
            while (lineEnd < tokens.size() && sameLine(tokens[lineEnd], token))
                ++lineEnd;
            const std::vector<Token> line(tokens.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                          tokens.begin() + static_cast<std::ptrdiff_t>(lineEnd));
            if (token.text == "#define") {
                define(token, line);
                i = lineEnd;
            } else if (token.text == "#macro") {
                i = macro(token, line, tokens, lineEnd);
            } else if (token.text == "#include") {
                includeFile(token, line, depth);
                i = lineEnd;
            } else {
                fail(token.where, fmt::format("unknown directive '{}': expected #define, #macro or "
                                              "#include",
                                              token.text));
                i = lineEnd;
            }
        }
    }

    void define(const Token& directive, const std::vector<Token>& line) {
        if (line.empty() || line[0].kind != TokenKind::Identifier)
            return fail(directive.where, "#define needs a name: #define NAME replacement");
        defines_[line[0].text] = std::vector<Token>(line.begin() + 1, line.end());
    }

    // #macro [OUT =] NAME ( PARAM, ... ) on its line, the body's lines, then #endmacro.
    std::size_t macro(const Token& directive, const std::vector<Token>& line,
                      const std::vector<Token>& tokens, std::size_t bodyStart) {
        std::size_t end = bodyStart;
        while (end < tokens.size() &&
               !(tokens[end].kind == TokenKind::Directive && tokens[end].text == "#endmacro"))
            ++end;
        if (end == tokens.size()) {
            fail(directive.where, "#macro without #endmacro");
            return end;
        }
        Macro made;
        std::size_t at = 0;
        if (line.size() > 1 && line[0].kind == TokenKind::Identifier && line[1].text == "=") {
            made.output = line[0].text;
            at = 2;
        }
        const bool headerOk = at + 2 < line.size() + 1 && at < line.size() &&
                              line[at].kind == TokenKind::Identifier && at + 1 < line.size() &&
                              line[at + 1].text == "(" && line.back().text == ")";
        if (!headerOk) {
            fail(directive.where, "malformed #macro: expected #macro OUT = NAME(A, B) or #macro "
                                  "NAME(A, B)");
            return end + 1;
        }
        for (std::size_t p = at + 2; p + 1 < line.size(); ++p) {
            if (line[p].kind == TokenKind::Identifier)
                made.params.push_back(line[p].text);
            else if (line[p].text != ",")
                fail(line[p].where, fmt::format("unexpected '{}' in the parameters of #macro {}: "
                                                "expected names separated by commas",
                                                line[p].text, line[at].text));
        }
        made.body.assign(tokens.begin() + static_cast<std::ptrdiff_t>(bodyStart),
                         tokens.begin() + static_cast<std::ptrdiff_t>(end));
        macros_[line[at].text] = std::move(made);
        return end + 1;
    }

    void includeFile(const Token& directive, const std::vector<Token>& line, int depth) {
        if (line.size() != 1 || line[0].kind != TokenKind::String)
            return fail(directive.where,
                        "#include needs a file name in quotes: #include \"file.th\"");
        const auto included = frontends::readIncludedFile(
            {line[0].text, true, directive.where, line[0].where, directive.where.source, depth},
            searchPath_, errors_);
        if (included)
            include(included, depth + 1);
    }

    // Emits tokens[i] (advancing i past what it used): a define's replacement, a macro's
    // expansion, or the token itself.
    void emit(const std::vector<Token>& tokens, std::size_t& i) {
        const Token& token = tokens[i];
        if (token.kind == TokenKind::Identifier && !active_.contains(token.text)) {
            if (const auto define = defines_.find(token.text); define != defines_.end()) {
                ++i;
                expand(token.text, define->second);
                return;
            }
            if (const auto found = macros_.find(token.text);
                found != macros_.end() && i + 1 < tokens.size() && tokens[i + 1].text == "(") {
                invoke(found->first, found->second, tokens, i);
                return;
            }
        }
        out_.push_back(token);
        ++i;
    }

    void expand(const std::string& name, const std::vector<Token>& replacement) {
        active_.insert(name);
        for (std::size_t j = 0; j < replacement.size();)
            emit(replacement, j);
        active_.erase(name);
    }

    // NAME ( args ) [;] at tokens[i], with `target =` already emitted before it when the macro
    // has an output.
    void invoke(const std::string& name, const Macro& macro, const std::vector<Token>& tokens,
                std::size_t& i) {
        const Token& call = tokens[i];
        std::vector<std::vector<Token>> arguments(1);
        std::size_t j = i + 2;
        for (int depth = 0; j < tokens.size(); ++j) {
            const std::string& t = tokens[j].text;
            if (depth == 0 && t == ")")
                break;
            if (depth == 0 && t == ",") {
                arguments.emplace_back();
                continue;
            }
            depth += t == "(" ? 1 : t == ")" ? -1 : 0;
            arguments.back().push_back(tokens[j]);
        }
        i = j < tokens.size() ? j + 1 : j;
        if (i < tokens.size() && tokens[i].text == ";")
            ++i;
        if (arguments.size() == 1 && arguments[0].empty())
            arguments.clear();
        std::vector<Token> target;
        if (!macro.output.empty()) {
            // The statement so far must be `target =`: take it back from the output.
            if (out_.empty() || out_.back().text != "=")
                return fail(call.where, fmt::format("macro {} computes {}: write TARGET = {}(...);",
                                                    name, macro.output, name));
            out_.pop_back();
            std::size_t start = out_.size();
            while (start > 0 && out_[start - 1].text != ";" && out_[start - 1].text != "{" &&
                   out_[start - 1].text != "}")
                --start;
            target.assign(out_.begin() + static_cast<std::ptrdiff_t>(start), out_.end());
            out_.resize(start);
            if (target.empty())
                return fail(call.where, fmt::format("macro {} needs a target before '='", name));
        }
        // Checked once the statement is taken apart, so that a wrong call leaves nothing behind.
        if (arguments.size() != macro.params.size())
            return fail(call.where,
                        fmt::format("macro {} takes {} argument{}, not {}", name,
                                    macro.params.size(), macro.params.size() == 1 ? "" : "s",
                                    arguments.size()));
        std::vector<Token> body;
        for (const Token& t : macro.body) {
            const std::vector<Token>* replacement = nullptr;
            if (t.kind == TokenKind::Identifier) {
                if (t.text == macro.output)
                    replacement = &target;
                for (std::size_t p = 0; p < macro.params.size(); ++p)
                    if (t.text == macro.params[p])
                        replacement = &arguments[p];
            }
            if (replacement)
                body.insert(body.end(), replacement->begin(), replacement->end());
            else
                body.push_back(t);
        }
        expand(name, body);
    }

    const std::vector<std::filesystem::path>& searchPath_;
    std::vector<slvm::Diagnostic>& errors_;
    std::map<std::string, std::vector<Token>> defines_;
    std::map<std::string, Macro> macros_;
    std::set<std::string> active_;
    std::vector<Token> out_;
    std::vector<std::shared_ptr<const slvm::SourceText>> sources_;
};

} // namespace

PreprocessedSource preprocess(std::shared_ptr<const slvm::SourceText> source,
                              const std::vector<std::filesystem::path>& searchPath,
                              std::vector<slvm::Diagnostic>& errors) {
    return Preprocessor(searchPath, errors).run(std::move(source));
}

} // namespace compiler::tl
