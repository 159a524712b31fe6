// Recursive descent. Precedence, loosest first: || && (comparisons) (+ -) (* /) (unary - !)
// (.swizzle) (primary). Braces around the bodies of if, else, while and for are required, as the
// language says.
#include "compiler/frontends/tl/parser.h"

#include <fmt/format.h>

namespace compiler::tl {

namespace {

struct SyntaxError {};

class Parser {
public:
    Parser(const std::vector<Token>& tokens, std::vector<slvm::Diagnostic>& errors)
        : tokens_(tokens), errors_(errors) {}

    Program run() {
        Program program;
        while (!atEnd()) {
            try {
                if (isWord("function")) {
                    program.functions.push_back(function());
                    if (program.functions.back().name == "main") {
                        // main runs where it is defined, top to bottom with the rest.
                        auto call = make(Stmt::Kind::Call, program.functions.back().where);
                        call->value = std::make_unique<Expr>();
                        call->value->kind = Expr::Kind::Call;
                        call->value->where = call->where;
                        call->value->name = "main";
                        program.statements.push_back(std::move(call));
                    }
                } else if (auto s = statement()) {
                    program.statements.push_back(std::move(s));
                }
            } catch (const SyntaxError&) {
                recover();
            }
        }
        return program;
    }

private:
    const Token& peek(std::size_t ahead = 0) const {
        return tokens_[std::min(at_ + ahead, tokens_.size() - 1)];
    }
    bool atEnd() const { return peek().kind == TokenKind::End; }
    bool is(std::string_view text) const {
        return peek().kind == TokenKind::Punctuator && peek().text == text;
    }
    bool isWord(std::string_view word) const {
        return peek().kind == TokenKind::Identifier && peek().text == word;
    }
    const Token& take() { return tokens_[std::min(at_++, tokens_.size() - 1)]; }

    [[noreturn]] void fail(const slvm::SourceLocation& where, std::string message) {
        errors_.emplace_back(slvm::Severity::Error, where, std::move(message));
        throw SyntaxError{};
    }
    std::string describe(const Token& token) const {
        switch (token.kind) {
        case TokenKind::End:
            return "the end of the file";
        case TokenKind::String:
            return fmt::format("\"{}\"", token.text);
        default:
            return fmt::format("'{}'", token.text);
        }
    }
    void expect(std::string_view text, std::string_view context) {
        if (!is(text))
            fail(peek().where,
                 fmt::format("expected '{}' {}, found {}", text, context, describe(peek())));
        take();
    }
    std::string name(std::string_view what) {
        if (peek().kind != TokenKind::Identifier || isKeyword(peek().text))
            fail(peek().where, fmt::format("expected {}, found {}", what, describe(peek())));
        return take().text;
    }
    static bool isKeyword(std::string_view word) {
        for (const char* keyword :
             {"vector", "function", "if", "else", "while", "for", "return", "using"})
            if (word == keyword)
                return true;
        return false;
    }

    // After an error: skip to just past the next ';' or '}' (or to a line that starts a
    // statement).
    void recover() {
        while (!atEnd()) {
            const Token& token = take();
            if (token.text == ";" || token.text == "}")
                return;
        }
    }

    Function function() {
        Function f;
        f.where = take().where; // function
        f.name = name("a function name");
        expect("(", "after the function's name");
        while (!is(")")) {
            if (!f.params.empty())
                expect(",", "between parameters");
            f.params.push_back(name("a parameter name"));
        }
        take();
        f.body = block("the function's body");
        return f;
    }

    Block block(std::string_view what) {
        if (!is("{"))
            fail(peek().where, fmt::format("expected '{{' to open {} (T-Language requires braces), "
                                           "found {}",
                                           what, describe(peek())));
        take();
        Block body;
        while (!is("}")) {
            if (atEnd())
                fail(peek().where, fmt::format("expected '}}' to close {}", what));
            try {
                if (auto s = statement())
                    body.push_back(std::move(s));
            } catch (const SyntaxError&) {
                recover();
            }
        }
        take();
        return body;
    }

    StmtPtr make(Stmt::Kind kind, const slvm::SourceLocation& where) {
        auto s = std::make_unique<Stmt>();
        s->kind = kind;
        s->where = where;
        return s;
    }

    StmtPtr statement() {
        const Token& first = peek();
        if (is(";")) {
            take();
            return nullptr;
        }
        if (isWord("vector")) {
            take();
            auto s = make(Stmt::Kind::Declare, first.where);
            do {
                if (!s->names.empty())
                    take(); // ,
                s->nameWhere.push_back(peek().where);
                s->names.push_back(name("a variable name"));
                if (is("=")) {
                    take();
                    s->inits.push_back(expression());
                } else {
                    s->inits.push_back(nullptr);
                }
            } while (is(","));
            expect(";", "after the declaration");
            return s;
        }
        if (isWord("using")) {
            take();
            auto s = make(Stmt::Kind::Using, first.where);
            s->names.push_back(name("what to use"));
            expect(";", "after using");
            return s;
        }
        if (isWord("if"))
            return ifStatement();
        if (isWord("while")) {
            take();
            auto s = make(Stmt::Kind::While, first.where);
            expect("(", "after while");
            s->value = expression();
            expect(")", "after the loop's condition");
            s->body = block("the loop's body");
            return s;
        }
        if (isWord("for")) {
            take();
            auto s = make(Stmt::Kind::For, first.where);
            expect("(", "after for");
            if (!is(";"))
                s->init = simple();
            expect(";", "after the loop's start");
            s->value = expression();
            expect(";", "after the loop's condition");
            if (!is(")"))
                s->step = simple();
            if (is(";")) // the language's own example ends the step with ';'
                take();
            expect(")", "after the loop's step");
            s->body = block("the loop's body");
            return s;
        }
        if (isWord("return")) {
            take();
            auto s = make(Stmt::Kind::Return, first.where);
            if (!is(";"))
                s->value = expression();
            expect(";", "after return");
            return s;
        }
        if (isWord("else"))
            fail(first.where, "'else' without an 'if'");
        if (isWord("function"))
            fail(first.where, "functions are defined at the top level, not inside another");
        auto s = simple();
        expect(";", "after the statement");
        return s;
    }

    StmtPtr ifStatement() {
        auto s = make(Stmt::Kind::If, take().where);
        expect("(", "after if");
        s->value = expression();
        expect(")", "after the condition");
        s->body = block("the if's body");
        if (isWord("else")) {
            take();
            if (isWord("if"))
                s->otherwise.push_back(ifStatement());
            else
                s->otherwise = block("the else's body");
        }
        return s;
    }

    // An assignment, an increment or a call, without its ';'.
    StmtPtr simple() {
        const Token& first = peek();
        if (first.kind == TokenKind::Identifier && peek(1).text == "(") {
            auto s = make(Stmt::Kind::Call, first.where);
            s->value = postfix();
            return s;
        }
        Place target;
        target.where = first.where;
        target.name = name("a statement (an assignment, a declaration, if, while, for or return)");
        if (is(".")) {
            take();
            if (peek().kind != TokenKind::Swizzle)
                fail(peek().where,
                     fmt::format("expected a write mask (x, y, z) after '.', found {}",
                                 describe(peek())));
            const Token& mask = take();
            for (const char c : mask.text) {
                if (c == '-')
                    fail(mask.where,
                         "a write mask cannot change signs: write the sign on the value");
                const int component = c - 'x';
                for (const int seen : target.mask)
                    if (seen == component)
                        fail(mask.where,
                             fmt::format("write mask '{}' names {} twice", mask.text, c));
                target.mask.push_back(component);
            }
        }
        if (is("++") || is("--")) {
            auto s = make(Stmt::Kind::Increment, first.where);
            s->op = take().text;
            s->target = std::move(target);
            return s;
        }
        for (const char* op : {"=", "+=", "-=", "*=", "/="})
            if (is(op)) {
                auto s = make(Stmt::Kind::Assign, first.where);
                s->op = take().text;
                s->target = std::move(target);
                s->value = expression();
                return s;
            }
        fail(peek().where,
             fmt::format("expected '=', '+=', '-=', '*=', '/=', '++' or '--' after {}, "
                         "found {}",
                         target.name, describe(peek())));
    }

    ExprPtr binary(std::string op, ExprPtr a, ExprPtr b, const slvm::SourceLocation& where) {
        auto e = std::make_unique<Expr>();
        e->kind = Expr::Kind::Binary;
        e->where = where;
        e->name = std::move(op);
        e->operands.push_back(std::move(a));
        e->operands.push_back(std::move(b));
        return e;
    }

    ExprPtr expression() { return logicalOr(); }

    ExprPtr logicalOr() {
        ExprPtr left = logicalAnd();
        while (is("||")) {
            const auto where = take().where;
            left = binary("||", std::move(left), logicalAnd(), where);
        }
        return left;
    }
    ExprPtr logicalAnd() {
        ExprPtr left = comparison();
        while (is("&&")) {
            const auto where = take().where;
            left = binary("&&", std::move(left), comparison(), where);
        }
        return left;
    }
    ExprPtr comparison() {
        ExprPtr left = additive();
        for (const char* op : {"<", "<=", ">", ">=", "==", "!="})
            if (is(op)) {
                const Token& token = take();
                return binary(token.text, std::move(left), additive(), token.where);
            }
        if (is("="))
            fail(peek().where, "'=' assigns; compare with '=='");
        return left;
    }
    ExprPtr additive() {
        ExprPtr left = multiplicative();
        while (is("+") || is("-")) {
            const Token& token = take();
            left = binary(token.text, std::move(left), multiplicative(), token.where);
        }
        return left;
    }
    ExprPtr multiplicative() {
        ExprPtr left = unary();
        while (is("*") || is("/")) {
            const Token& token = take();
            left = binary(token.text, std::move(left), unary(), token.where);
        }
        return left;
    }
    ExprPtr unary() {
        if (is("-") || is("!")) {
            const Token& token = take();
            auto e = std::make_unique<Expr>();
            e->kind = token.text == "-" ? Expr::Kind::Negate : Expr::Kind::Not;
            e->where = token.where;
            e->operands.push_back(unary());
            return e;
        }
        if (is("+")) {
            take();
            return unary();
        }
        return postfix();
    }
    ExprPtr postfix() {
        ExprPtr e = primary();
        while (is(".")) {
            take();
            if (peek().kind != TokenKind::Swizzle)
                fail(peek().where,
                     fmt::format("expected a swizzle (x, y, z, each perhaps with '-') "
                                 "after '.', found {}",
                                 describe(peek())));
            const Token& token = take();
            auto s = std::make_unique<Expr>();
            s->kind = Expr::Kind::Swizzle;
            s->where = token.where;
            bool negate = false;
            for (const char c : token.text) {
                if (c == '-') {
                    negate = true;
                    continue;
                }
                s->swizzle.components.push_back(c - 'x');
                s->swizzle.negated.push_back(negate);
                negate = false;
            }
            if (s->swizzle.components.size() == 2)
                fail(token.where,
                     fmt::format("swizzle '{}' names two components: a swizzle names one "
                                 "(copied into x, y and z) or three",
                                 token.text));
            s->operands.push_back(std::move(e));
            e = std::move(s);
        }
        return e;
    }
    ExprPtr primary() {
        const Token& token = peek();
        auto e = std::make_unique<Expr>();
        e->where = token.where;
        if (token.kind == TokenKind::Number) {
            take();
            e->kind = Expr::Kind::Number;
            e->number = token.number;
            return e;
        }
        if (token.kind == TokenKind::Identifier && !isKeyword(token.text)) {
            take();
            e->name = token.text;
            if (!is("(")) {
                e->kind = Expr::Kind::Variable;
                return e;
            }
            take();
            e->kind = Expr::Kind::Call;
            while (!is(")")) {
                if (!e->operands.empty())
                    expect(",", "between arguments");
                e->operands.push_back(expression());
            }
            take();
            return e;
        }
        if (is("(")) {
            take();
            ExprPtr first = expression();
            if (!is(",")) {
                expect(")", "to close the parenthesis");
                return first;
            }
            e->kind = Expr::Kind::Tuple;
            e->operands.push_back(std::move(first));
            while (is(",")) {
                take();
                e->operands.push_back(expression());
            }
            expect(")", "to close the vector");
            if (e->operands.size() != 3)
                fail(token.where, fmt::format("a vector has three components (x, y, z), not {}",
                                              e->operands.size()));
            return e;
        }
        fail(token.where, fmt::format("expected a value (a number, a variable, a call or "
                                      "parentheses), found {}",
                                      describe(token)));
    }

    const std::vector<Token>& tokens_;
    std::vector<slvm::Diagnostic>& errors_;
    std::size_t at_ = 0;
};

} // namespace

Program parse(const std::vector<Token>& tokens, std::vector<slvm::Diagnostic>& errors) {
    return Parser(tokens, errors).run();
}

} // namespace compiler::tl
