// Recursive descent for Cg's C-like grammar. Errors throw a SyntaxError to the nearest statement
// or declaration, which records it and skips to where parsing can resume.
#include "compiler/frontends/cg/parser.h"

#include "compiler/frontends/cg/literals.h"
#include "compiler/frontends/cg/types.h"

#include <fmt/format.h>
#include <map>
#include <set>

namespace compiler::cg {

namespace {

struct SyntaxError {
    slvm::SourceLocation where;
    std::string message;
};

const std::set<std::string_view> kKeywords = {
    "if",      "else",   "for",     "while", "do",     "return",  "break",   "continue",
    "discard", "struct", "typedef", "const", "static", "uniform", "varying", "in",
    "out",     "inout",  "true",    "false", "inline", "extern",  "register"};

class Parser {
public:
    Parser(const std::vector<Token>& tokens, std::vector<slvm::Diagnostic>& errors)
        : tokens_(tokens), errors_(errors) {}

    TranslationUnit run() {
        TranslationUnit unit;
        while (!atEnd()) {
            try {
                topLevel(unit);
            } catch (const SyntaxError& error) {
                record(error);
                recover(true);
            }
        }
        return unit;
    }

private:
    const Token& peek(std::size_t ahead = 0) const {
        return tokens_[std::min(at_ + ahead, tokens_.size() - 1)];
    }
    bool atEnd() const { return peek().kind == TokenKind::End; }
    bool is(std::string_view text, std::size_t ahead = 0) const {
        return peek(ahead).kind != TokenKind::End && peek(ahead).kind != TokenKind::String &&
               peek(ahead).text == text;
    }
    const Token& next() {
        const Token& token = peek();
        if (!atEnd())
            ++at_;
        return token;
    }
    bool accept(std::string_view text) {
        if (!is(text))
            return false;
        ++at_;
        return true;
    }
    [[noreturn]] void fail(const Token& token, const std::string& expected) const {
        const std::string found =
            token.kind == TokenKind::End ? "the end of the file" : fmt::format("'{}'", token.text);
        throw SyntaxError{token.where, fmt::format("expected {}, found {}", expected, found)};
    }
    const Token& expect(std::string_view text) {
        if (!is(text))
            fail(peek(), fmt::format("'{}'", text));
        return next();
    }
    std::string identifier(const std::string& what) {
        if (peek().kind != TokenKind::Identifier || kKeywords.count(peek().text))
            fail(peek(), what);
        return next().text;
    }
    void record(const SyntaxError& error) {
        errors_.emplace_back(slvm::Severity::Error, error.where, error.message);
    }
    // Skips past the next ';' or a '}' closing the current nesting, or to a top-level start.
    void recover(bool topLevel) {
        int nesting = 0;
        while (!atEnd()) {
            const Token& token = next();
            if (token.text == "{")
                ++nesting;
            else if (token.text == "}") {
                if (--nesting <= 0 && (topLevel || nesting < 0))
                    return;
            } else if (token.text == ";" && nesting <= 0)
                return;
        }
    }

    bool isTypeName(const Token& token) const {
        return token.kind == TokenKind::Identifier &&
               (isBuiltInTypeName(token.text) || structs_.count(token.text) ||
                typedefs_.count(token.text));
    }
    bool atQualifier() const {
        static const std::set<std::string_view> qualifiers = {
            "const", "static", "uniform", "varying", "in", "out", "inout", "inline", "extern"};
        return peek().kind == TokenKind::Identifier && qualifiers.count(peek().text);
    }

    Qualifiers qualifiers() {
        Qualifiers q;
        while (atQualifier()) {
            const std::string word = next().text;
            if (word == "const")
                q.isConst = true;
            else if (word == "static")
                q.isStatic = true;
            else if (word == "uniform")
                q.isUniform = true;
            else if (word == "varying")
                q.isVarying = true;
            else if (word == "in")
                q.in = true;
            else if (word == "out")
                q.out = true;
            else if (word == "inout")
                q.in = q.out = true;
        }
        return q;
    }

    TypeName typeName() {
        TypeName type;
        type.where = peek().where;
        if (accept("struct")) {
            type.name = identifier("a struct name");
            return type;
        }
        if (!isTypeName(peek()))
            fail(peek(), "a type");
        type.name = next().text;
        if (const auto alias = typedefs_.find(type.name); alias != typedefs_.end()) {
            const slvm::SourceLocation where = type.where;
            type = alias->second;
            type.where = where;
        }
        return type;
    }

    void arraySizes(TypeName& type) {
        while (accept("[")) {
            const Token& size = next();
            int value = 0;
            try {
                value = std::stoi(size.text);
            } catch (const std::exception&) {
                fail(size, "an array size (a whole number)");
            }
            if (size.kind != TokenKind::Number || value <= 0 || value > 1024)
                throw SyntaxError{size.where, fmt::format("array size '{}' is not a whole number "
                                                          "from 1 to 1024",
                                                          size.text)};
            type.arraySizes.push_back(value);
            expect("]");
        }
    }

    // ": SEMANTIC", ": register(c12)"; annotations "< ... >" are skipped.
    void semantic(std::string& semantic, slvm::SourceLocation& where) {
        if (accept(":")) {
            where = peek().where;
            if (accept("register")) {
                expect("(");
                semantic = identifier("a register name");
                expect(")");
            } else {
                semantic = identifier("a semantic after ':'");
            }
        }
        if (is("<")) {
            while (!atEnd() && !accept(">"))
                next();
        }
    }

    void topLevel(TranslationUnit& unit) {
        if (accept(";"))
            return;
        if (accept("typedef")) {
            TypeName type = typeName();
            const std::string name = identifier("a type name after typedef");
            arraySizes(type);
            expect(";");
            typedefs_[name] = type;
            return;
        }
        if (is("struct") && (is("{", 2) || is(";", 2))) {
            next();
            StructDecl decl;
            decl.where = peek().where;
            decl.name = identifier("a struct name");
            structs_.insert(decl.name);
            if (accept(";"))
                return;
            expect("{");
            while (!accept("}")) {
                Declarator member;
                member.qualifiers = qualifiers();
                member.type = typeName();
                do {
                    Declarator one;
                    one.qualifiers = member.qualifiers;
                    one.type = member.type;
                    one.where = peek().where;
                    one.name = identifier("a member name");
                    arraySizes(one.type);
                    semantic(one.semantic, one.semanticWhere);
                    decl.members.push_back(std::move(one));
                } while (accept(","));
                expect(";");
            }
            expect(";");
            unit.structs.push_back(std::move(decl));
            return;
        }
        const Qualifiers q = qualifiers();
        TypeName type = typeName();
        const slvm::SourceLocation where = peek().where;
        const std::string name = identifier("a name");
        if (accept("(")) {
            FunctionDecl function;
            function.returnType = type;
            function.name = name;
            function.where = where;
            if (!(is("void") && is(")", 1)))
                while (!is(")")) {
                    Declarator parameter;
                    parameter.qualifiers = qualifiers();
                    parameter.type = typeName();
                    parameter.where = peek().where;
                    parameter.name = identifier("a parameter name");
                    arraySizes(parameter.type);
                    semantic(parameter.semantic, parameter.semanticWhere);
                    if (accept("="))
                        parameter.initializer = assignment();
                    function.parameters.push_back(std::move(parameter));
                    if (!accept(","))
                        break;
                }
            else
                next();
            expect(")");
            semantic(function.semantic, function.semanticWhere);
            if (!accept(";"))
                function.body = block();
            unit.functions.push_back(std::move(function));
            return;
        }
        for (Declarator& declarator : declarators(q, type, name, where))
            unit.globals.push_back(std::move(declarator));
    }

    // The rest of a declaration after its first name: sizes, semantic, initialiser, more names.
    std::vector<Declarator> declarators(const Qualifiers& q, const TypeName& type, std::string name,
                                        slvm::SourceLocation where) {
        std::vector<Declarator> out;
        while (true) {
            Declarator declarator;
            declarator.qualifiers = q;
            declarator.type = type;
            declarator.name = std::move(name);
            declarator.where = where;
            arraySizes(declarator.type);
            semantic(declarator.semantic, declarator.semanticWhere);
            if (accept("="))
                declarator.initializer = is("{") ? initializerList() : assignment();
            out.push_back(std::move(declarator));
            if (!accept(","))
                break;
            where = peek().where;
            name = identifier("a name");
        }
        expect(";");
        return out;
    }

    ExprPtr initializerList() {
        auto list = std::make_unique<Expr>();
        list->kind = ExprKind::InitializerList;
        list->where = expect("{").where;
        while (!is("}")) {
            list->operands.push_back(is("{") ? initializerList() : assignment());
            if (!accept(","))
                break;
        }
        expect("}");
        return list;
    }

    StmtPtr block() {
        auto stmt = std::make_unique<Stmt>();
        stmt->kind = StmtKind::Block;
        stmt->where = expect("{").where;
        while (!is("}")) {
            if (atEnd())
                fail(peek(), "'}'");
            try {
                stmt->body.push_back(statement());
            } catch (const SyntaxError& error) {
                record(error);
                recover(false);
            }
        }
        expect("}");
        return stmt;
    }

    StmtPtr statement() {
        auto stmt = std::make_unique<Stmt>();
        stmt->where = peek().where;
        if (is("{"))
            return block();
        if (accept(";"))
            return stmt;
        if (accept("if")) {
            stmt->kind = StmtKind::If;
            expect("(");
            stmt->expression = expression();
            expect(")");
            stmt->then = statement();
            if (accept("else"))
                stmt->otherwise = statement();
            return stmt;
        }
        if (accept("while")) {
            stmt->kind = StmtKind::While;
            expect("(");
            stmt->expression = expression();
            expect(")");
            stmt->then = statement();
            return stmt;
        }
        if (accept("do")) {
            stmt->kind = StmtKind::Do;
            stmt->then = statement();
            expect("while");
            expect("(");
            stmt->expression = expression();
            expect(")");
            expect(";");
            return stmt;
        }
        if (accept("for")) {
            stmt->kind = StmtKind::For;
            expect("(");
            stmt->init = simpleStatement();
            if (!is(";"))
                stmt->expression = expression();
            expect(";");
            if (!is(")"))
                stmt->step = expression();
            expect(")");
            stmt->then = statement();
            return stmt;
        }
        for (const char* unsupported : {"switch", "case", "goto", "asm"})
            if (is(unsupported))
                throw SyntaxError{
                    peek().where,
                    fmt::format("'{}' is not supported: use if and else", unsupported)};
        if (accept("return")) {
            stmt->kind = StmtKind::Return;
            if (!is(";"))
                stmt->expression = expression();
            expect(";");
            return stmt;
        }
        for (const auto& [word, kind] :
             {std::pair{"break", StmtKind::Break}, std::pair{"continue", StmtKind::Continue},
              std::pair{"discard", StmtKind::Discard}})
            if (accept(word)) {
                stmt->kind = kind;
                expect(";");
                return stmt;
            }
        return simpleStatement();
    }

    // A declaration or an expression statement, with its ';' (a for loop's first part too).
    StmtPtr simpleStatement() {
        auto stmt = std::make_unique<Stmt>();
        stmt->where = peek().where;
        if (accept(";"))
            return stmt;
        if (atQualifier() || (isTypeName(peek()) && !is("(", 1)) || is("struct")) {
            stmt->kind = StmtKind::Declaration;
            const Qualifiers q = qualifiers();
            const TypeName type = typeName();
            const slvm::SourceLocation where = peek().where;
            std::string name = identifier("a variable name");
            stmt->declarations = declarators(q, type, std::move(name), where);
            return stmt;
        }
        // Two names in a row start a declaration whose type is not one: vec3 a = ...
        if (peek().kind == TokenKind::Identifier && peek(1).kind == TokenKind::Identifier &&
            !kKeywords.count(peek().text) && !kKeywords.count(peek(1).text))
            throw SyntaxError{peek().where, fmt::format("unknown type '{}'", peek().text)};
        stmt->kind = StmtKind::Expression;
        stmt->expression = expression();
        expect(";");
        return stmt;
    }

    ExprPtr make(ExprKind kind, const slvm::SourceLocation& where, std::string text = {}) {
        auto expr = std::make_unique<Expr>();
        expr->kind = kind;
        expr->where = where;
        expr->text = std::move(text);
        return expr;
    }

    ExprPtr expression() {
        ExprPtr left = assignment();
        while (is(",")) {
            // The comma operator: both sides run, the right one is the value.
            const Token& comma = next();
            auto sequence = make(ExprKind::Binary, comma.where, ",");
            sequence->operands.push_back(std::move(left));
            sequence->operands.push_back(assignment());
            left = std::move(sequence);
        }
        return left;
    }

    ExprPtr assignment() {
        ExprPtr left = conditional();
        static const std::set<std::string_view> operators = {"=", "+=", "-=", "*=", "/=", "%="};
        if (peek().kind == TokenKind::Punctuator && operators.count(peek().text)) {
            const Token& op = next();
            auto assign = make(ExprKind::Assign, op.where, op.text);
            assign->operands.push_back(std::move(left));
            assign->operands.push_back(assignment());
            return assign;
        }
        return left;
    }

    ExprPtr conditional() {
        ExprPtr condition = binary(0);
        if (!is("?"))
            return condition;
        const Token& question = next();
        auto select = make(ExprKind::Conditional, question.where, "?");
        select->operands.push_back(std::move(condition));
        select->operands.push_back(assignment());
        expect(":");
        select->operands.push_back(conditional());
        return select;
    }

    static int precedence(const Token& token) {
        static const std::map<std::string_view, int> table = {
            {"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4},  {"&", 5},  {"==", 6},
            {"!=", 6}, {"<", 7},  {">", 7}, {"<=", 7}, {">=", 7}, {"<<", 8},
            {">>", 8}, {"+", 9},  {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10}};
        if (token.kind != TokenKind::Punctuator)
            return -1;
        const auto it = table.find(token.text);
        return it == table.end() ? -1 : it->second;
    }

    ExprPtr binary(int minimum) {
        ExprPtr left = unary();
        while (precedence(peek()) > minimum) {
            const Token& op = next();
            auto node = make(ExprKind::Binary, op.where, op.text);
            node->operands.push_back(std::move(left));
            node->operands.push_back(binary(precedence(op)));
            left = std::move(node);
        }
        return left;
    }

    ExprPtr unary() {
        if (is("-") || is("+") || is("!") || is("~")) {
            const Token& op = next();
            auto node = make(ExprKind::Unary, op.where, op.text);
            node->operands.push_back(unary());
            return node;
        }
        if (is("++") || is("--")) {
            const Token& op = next();
            auto node = make(ExprKind::Increment, op.where, op.text);
            node->prefix = true;
            node->operands.push_back(unary());
            return node;
        }
        // A cast: '(' type ')' unary.
        if (is("(") && isTypeName(peek(1)) && !is("(", 2)) {
            const slvm::SourceLocation where = next().where;
            auto cast = make(ExprKind::Cast, where);
            cast->type = typeName();
            arraySizes(cast->type);
            expect(")");
            cast->operands.push_back(unary());
            return cast;
        }
        return postfix(primary());
    }

    ExprPtr postfix(ExprPtr expr) {
        while (true) {
            if (is(".")) {
                const Token& dot = next();
                auto member = make(ExprKind::Member, dot.where);
                member->where = peek().where;
                member->text = identifier("a member or swizzle after '.'");
                member->operands.push_back(std::move(expr));
                expr = std::move(member);
            } else if (is("[")) {
                const Token& open = next();
                auto index = make(ExprKind::Index, open.where);
                index->operands.push_back(std::move(expr));
                index->operands.push_back(expression());
                expect("]");
                expr = std::move(index);
            } else if (is("++") || is("--")) {
                const Token& op = next();
                auto node = make(ExprKind::Increment, op.where, op.text);
                node->operands.push_back(std::move(expr));
                expr = std::move(node);
            } else {
                return expr;
            }
        }
    }

    ExprPtr primary() {
        const Token& token = peek();
        if (token.kind == TokenKind::Number) {
            next();
            return number(token);
        }
        if (is("true") || is("false")) {
            next();
            auto value = make(ExprKind::Boolean, token.where, token.text);
            value->number = token.text == "true" ? 1.0 : 0.0;
            return value;
        }
        if (accept("(")) {
            ExprPtr inner = expression();
            expect(")");
            return inner;
        }
        if (token.kind == TokenKind::Identifier && !kKeywords.count(token.text)) {
            next();
            if (is("(")) {
                next();
                auto call = make(ExprKind::Call, token.where, token.text);
                while (!is(")")) {
                    call->operands.push_back(assignment());
                    if (!accept(","))
                        break;
                }
                expect(")");
                return call;
            }
            return make(ExprKind::Name, token.where, token.text);
        }
        fail(token, "an expression");
    }

    ExprPtr number(const Token& token) {
        const Literal literal = readLiteral(token.text);
        if (!literal.error.empty())
            throw SyntaxError{token.where, literal.error};
        auto value = make(ExprKind::Number, token.where, token.text);
        value->number = literal.value;
        value->isFloat = literal.isFloat;
        return value;
    }

    const std::vector<Token>& tokens_;
    std::vector<slvm::Diagnostic>& errors_;
    std::size_t at_ = 0;
    std::set<std::string> structs_;
    std::map<std::string, TypeName> typedefs_;
};

} // namespace

bool isBuiltInTypeName(std::string_view name) {
    return name == "void" || name == "sampler" || name == "sampler2D" ||
           parseTypeSpelling(name).has_value();
}

TranslationUnit parse(const std::vector<Token>& tokens, std::vector<slvm::Diagnostic>& errors) {
    return Parser(tokens, errors).run();
}

} // namespace compiler::cg
