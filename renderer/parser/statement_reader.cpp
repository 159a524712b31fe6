// Statements and their items, and the reader that follows Includes.
#include "renderer/parser/statement_reader.h"

#include "slvm/common/file_contents.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace lrt {

const char* kindName(Item::Kind kind) {
    return kind == Item::Kind::String   ? "a string"
           : kind == Item::Kind::Number ? "a number"
                                        : "an array";
}

void Statement::expectCount(std::size_t count) const {
    if (items.size() != count)
        throw SceneError(items.size() > count ? items[count].where : where,
                         fmt::format("{} takes {} argument{}, found {}", name, count,
                                     count == 1 ? "" : "s", items.size()));
}

std::string Statement::stringAt(std::size_t i) const {
    if (i >= items.size())
        throw SceneError(where, fmt::format("{} expects a string as argument {}", name, i + 1));
    const Item& item = items[i];
    if (item.kind == Item::Kind::String)
        return item.string;
    if (item.kind == Item::Kind::Array && item.strings.size() == 1)
        return item.strings[0];
    throw SceneError(item.where, fmt::format("{} expects a string as argument {}, found {}", name,
                                             i + 1, kindName(item.kind)));
}

std::vector<double> Statement::numbersAt(std::size_t first, std::size_t count,
                                         std::size_t& next) const {
    if (first < items.size() && items[first].kind == Item::Kind::Array) {
        const Item& array = items[first];
        if (array.numbers.size() != count || !array.strings.empty())
            throw SceneError(array.where,
                             fmt::format("{} expects {} numbers, found an array of {}", name, count,
                                         array.numbers.size() + array.strings.size()));
        next = first + 1;
        return array.numbers;
    }
    std::vector<double> numbers;
    for (std::size_t i = first; i < first + count; ++i) {
        if (i >= items.size() || items[i].kind != Item::Kind::Number)
            throw SceneError(i < items.size() ? items[i].where : where,
                             fmt::format("{} expects {} numbers, found {}", name, count,
                                         i < items.size() ? kindName(items[i].kind) : "fewer"));
        numbers.push_back(items[i].number);
    }
    next = first + count;
    return numbers;
}

std::vector<double> Statement::argumentsAt(std::size_t first, ArgumentTable table,
                                           std::size_t& next) const {
    std::vector<const ArgumentSpec*> numbered;
    for (const ArgumentSpec& a : table)
        if (a.kind == ArgumentSpec::Kind::Number)
            numbered.push_back(&a);
    const bool array = first < items.size() && items[first].kind == Item::Kind::Array;
    auto numbers = numbersAt(first, numbered.size(), next);
    for (std::size_t i = 0; i < numbers.size(); ++i)
        if (const auto message = slvm::outsideDomain(
                fmt::format("{} of {}", numbered[i]->name, name), numbers[i], numbered[i]->domain))
            throw SceneError(items[array ? first : first + i].where, *message);
    return numbers;
}

std::vector<double> Statement::exactArguments(ArgumentTable table) const {
    std::size_t next = 0;
    auto numbers = argumentsAt(0, table, next);
    if (next != items.size())
        throw SceneError(
            items[next].where,
            fmt::format("{} takes {} numbers; unexpected extra argument", name, numbers.size()));
    return numbers;
}

std::string Statement::handleAt(std::size_t i) const {
    const Item& item = items[i];
    if (item.kind == Item::Kind::Number)
        return fmt::format("{}", item.number);
    if (item.kind == Item::Kind::String)
        return item.string;
    throw SceneError(
        item.where,
        fmt::format("{} expects a handle (a number or a string), found an array", name));
}

namespace {

// The parameter type a table's value kind implies, when there is exactly one.
std::optional<ParameterType> declaredType(ValueKind kind) {
    switch (kind) {
    case ValueKind::Float:
        return ParameterType::Float;
    case ValueKind::Integer:
    case ValueKind::Integers:
        return ParameterType::Integer;
    case ValueKind::String:
        return ParameterType::String;
    case ValueKind::Rgb:
    case ValueKind::Rgbs:
        return ParameterType::Color;
    case ValueKind::Point:
    case ValueKind::Points:
        return ParameterType::Point;
    case ValueKind::Normals:
        return ParameterType::Normal;
    case ValueKind::Floats:
    case ValueKind::Texture:
        break;
    }
    return std::nullopt;
}

} // namespace

Declarations::Declarations(const SceneVocabulary& vocabulary) {
    for (const ParameterTable table : vocabulary.parameterTables())
        learn(table);
}

void Declarations::learn(ParameterTable table) {
    for (const ParameterSpec& spec : table) {
        const auto type = declaredType(spec.kind);
        const auto [it, inserted] = types_.emplace(std::string(spec.name), type);
        if (!inserted && it->second != type)
            it->second.reset();
    }
}

ParameterType Declarations::lookup(const std::string& name) const {
    const auto it = types_.find(name);
    return it == types_.end() || !it->second ? ParameterType::Unspecified : *it->second;
}

ParameterList parametersOf(const Statement& s, std::size_t first,
                           const Declarations& declarations) {
    ParameterList list;
    for (std::size_t i = first; i < s.items.size(); i += 2) {
        const Item& name = s.items[i];
        if (name.kind != Item::Kind::String)
            throw SceneError(name.where,
                             fmt::format("expected a parameter name (a string) in {}, found {}",
                                         s.name, kindName(name.kind)));
        if (i + 1 >= s.items.size())
            throw SceneError(name.where, fmt::format("parameter '{}' has no value", name.string));
        Parameter p;
        p.where = name.where;
        // "float Kd" carries its type inline (any white space between the words); otherwise a
        // declared or well-known type applies.
        const auto words = slvm::splitWords(name.string);
        if (words.size() > 1) {
            std::string spelling;
            for (std::size_t w = 0; w + 1 < words.size(); ++w)
                spelling.append(w == 0 ? "" : " ").append(words[w]);
            const auto type = parseParameterType(spelling);
            if (!type)
                throw SceneError(name.where,
                                 fmt::format("unknown parameter type '{}' (expected float, "
                                             "integer, string, color, point, vector, normal, "
                                             "texture, float2, float3 or float4)",
                                             spelling));
            p.type = *type;
            p.name = std::string(words.back());
        } else {
            p.name = name.string;
            p.type = declarations.lookup(p.name);
        }
        const Item& value = s.items[i + 1];
        if (value.kind == Item::Kind::String)
            p.strings = {value.string};
        else if (value.kind == Item::Kind::Number)
            p.numbers = {value.number};
        else {
            p.numbers = value.numbers;
            p.strings = value.strings;
        }
        if (p.type == ParameterType::String && !p.numbers.empty())
            throw SceneError(value.where,
                             fmt::format("parameter '{}' is a string but has numbers", p.name));
        if (p.type == ParameterType::Texture && (p.strings.size() != 1 || !p.numbers.empty()))
            throw SceneError(value.where,
                             fmt::format("parameter '{}' is a texture: its value is one texture's "
                                         "name",
                                         p.name));
        if (p.type != ParameterType::String && p.type != ParameterType::Unspecified &&
            p.type != ParameterType::Texture && !p.strings.empty())
            throw SceneError(value.where, fmt::format("parameter '{}' is {} but has strings",
                                                      p.name, parameterTypeName(p.type)));
        list.add(std::move(p));
    }
    return list;
}

void StatementReader::push(std::string text, std::string fileName, std::filesystem::path directory,
                           const SourceLocation& from) {
    if (open_.size() >= kMaxIncludeDepth)
        throw SceneError(from, fmt::format("Include nested more than {} deep (is a file including "
                                           "itself?)",
                                           kMaxIncludeDepth));
    sources_->push_back(
        std::make_unique<const slvm::SourceText>(std::move(fileName), std::move(text), from));
    open_.push_back({Lexer(*sources_->back()), std::move(directory), {}});
    advance();
}

void StatementReader::report(const SceneError& error) {
    for (const Diagnostic& d : error.diagnostics())
        if (errors_.size() < kMaxSceneErrors)
            errors_.push_back(d);
}

void StatementReader::advance() {
    Open& source = open_.back();
    while (true) {
        try {
            source.lookahead = source.lexer.next();
            return;
        } catch (const SceneError& e) {
            report(e);
            // With the errors full, the file ends here: a binary file must not be read line by
            // line.
            if (errors_.size() >= kMaxSceneErrors) {
                source.lookahead = Token{};
                return;
            }
            source.lexer.skipLine();
        }
    }
}

bool StatementReader::atStatement() const {
    const Token& t = open_.back().lookahead;
    return t.type == Token::Type::End ||
           (t.type == Token::Type::Identifier &&
            std::find(valueWords_.begin(), valueWords_.end(), t.text) == valueWords_.end());
}

void StatementReader::skipToStatement() {
    while (!atStatement())
        advance();
}

std::optional<Statement> StatementReader::next() {
    while (!open_.empty()) {
        Open& source = open_.back();
        if (source.lookahead.type == Token::Type::End) {
            open_.pop_back();
            continue;
        }
        if (!atStatement()) {
            report(SceneError(source.lookahead.where,
                              fmt::format("expected a statement name, found {}",
                                          slvm::quoteToken(source.lookahead.text))));
            skipToStatement();
            continue;
        }
        Statement statement{source.lookahead.text, source.lookahead.where, {}, source.directory};
        advance();
        try {
            while (!atStatement())
                statement.items.push_back(readItem());
        } catch (const SceneError& e) {
            report(e);
            skipToStatement();
            continue;
        }
        return statement;
    }
    return std::nullopt;
}

Item StatementReader::readItem() {
    const Token t = open_.back().lookahead;
    advance();
    switch (t.type) {
    case Token::Type::String:
    case Token::Type::Identifier: // a value word
        return {Item::Kind::String, t.text, 0, {}, {}, t.where};
    case Token::Type::Number:
        return {Item::Kind::Number, t.text, t.number, {}, {}, t.where};
    case Token::Type::RightBracket:
        throw SceneError(t.where, "unexpected ']' without a matching '['");
    case Token::Type::LeftBracket:
        return readArray(t);
    default:
        throw SceneError(t.where, "unexpected token");
    }
}

Item StatementReader::readArray(const Token& opening) {
    Item array{Item::Kind::Array, {}, 0, {}, {}, opening.where};
    while (true) {
        const Token e = open_.back().lookahead;
        if (e.type == Token::Type::RightBracket) {
            advance();
            return array;
        }
        if (e.type == Token::Type::Number && array.strings.empty())
            array.numbers.push_back(e.number);
        else if ((e.type == Token::Type::String ||
                  (e.type == Token::Type::Identifier && !atStatement())) &&
                 array.numbers.empty())
            array.strings.push_back(e.text);
        else if (e.type == Token::Type::End || e.type == Token::Type::Identifier ||
                 e.type == Token::Type::LeftBracket)
            throw SceneError(e.where, fmt::format("expected ']' to close the array opened at "
                                                  "line {}",
                                                  opening.where.line));
        else
            throw SceneError(e.where, "an array holds numbers or strings, not both");
        advance();
    }
}

std::string readSceneFile(const std::filesystem::path& path, const SourceLocation& from,
                          const char* what) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw SceneError(from, fmt::format("{} '{}' not found", what, path.string()));
    auto text = slvm::readFileContents(path);
    if (!text)
        throw SceneError(from, fmt::format("cannot read {} '{}'", what, path.string()));
    return std::move(*text);
}

} // namespace lrt
