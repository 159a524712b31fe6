// Statements of the .lrt format as the parser receives them: a name and the items that follow it
// (strings, numbers, [arrays]) up to the next name, read from a file and the files it Includes.
// Statement's accessors check an argument's shape and fail at its location.
#pragma once

#include "renderer/core/parameter_list.h"
#include "renderer/core/parameter_table.h"
#include "renderer/description/scene_description.h"
#include "renderer/description/scene_vocabulary.h"
#include "renderer/parser/lexer.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

inline constexpr int kMaxIncludeDepth = 16;
// A scene stops being read after this many errors (text that is no scene at all, say).
inline constexpr std::size_t kMaxSceneErrors = 20;

struct Item {
    enum class Kind { String, Number, Array } kind;
    std::string string;
    double number = 0;
    std::vector<double> numbers; // array contents
    std::vector<std::string> strings;
    SourceLocation where;
};
const char* kindName(Item::Kind kind); // "a string", "a number", "an array"

struct Statement {
    std::string name;
    SourceLocation where;
    std::vector<Item> items;
    std::filesystem::path directory; // of the file it appears in

    // Throws SceneError unless there are exactly `count` items.
    void expectCount(std::size_t count) const;
    // Item i as a string (or a one-string array).
    std::string stringAt(std::size_t i) const;
    // `count` numbers from item `first`: bare numbers, or one [array] of exactly `count`. Sets
    // `next` to the first item after them.
    std::vector<double> numbersAt(std::size_t first, std::size_t count, std::size_t& next) const;
    // The Number arguments of `table` from item `first`, as numbersAt reads them, each checked
    // against its domain at its own location ("pixelaspectratio of Format is 1e+38, outside its
    // domain: a real in [0.0001, 10000]").
    std::vector<double> argumentsAt(std::size_t first, ArgumentTable table,
                                    std::size_t& next) const;
    // The Number arguments of `table` and nothing else.
    std::vector<double> exactArguments(ArgumentTable table) const;
    // Item i as a handle: a number (as RIB writes them) or a string.
    std::string handleAt(std::size_t i) const;
};

// Types of parameter names that carry none inline: those Declare gives, and the names the
// parameter tables give one type (a name two tables give different types stays untyped, and
// its reader checks it).
class Declarations {
public:
    // Learns every table of `vocabulary`.
    explicit Declarations(const SceneVocabulary& vocabulary);
    void learn(ParameterTable table);
    void declare(const std::string& name, ParameterType type) { types_[name] = type; }
    ParameterType lookup(const std::string& name) const;

private:
    std::map<std::string, std::optional<ParameterType>, std::less<>> types_;
};

// Parameter pairs of `s` from item `first` on, typed inline or by `declarations`.
ParameterList parametersOf(const Statement& s, std::size_t first, const Declarations& declarations);

// Reads statements from a file and the files it includes, innermost first, keeping every file's
// text for the locations that point into it. It goes on after an error, so that one run reports
// every independent error: a malformed token costs the rest of its line, a malformed statement
// the statement (up to the next statement name).
class StatementReader {
public:
    // `valueWords` are bare words that are values, not statement names (pbrt-v4's true and false);
    // they read as strings.
    explicit StatementReader(std::vector<std::string> valueWords = {})
        : sources_(std::make_shared<SceneSources>()), valueWords_(std::move(valueWords)) {}
    // Starts reading `text`; `from` is the Include statement, empty for the scene itself.
    void push(std::string text, std::string fileName, std::filesystem::path directory,
              const SourceLocation& from);
    // The next well-formed statement, or nothing at the end of the scene.
    std::optional<Statement> next();
    std::shared_ptr<const SceneSources> sources() const { return sources_; }

    // The errors met so far, the reader's and those its user reports, in reading order; those
    // past kMaxSceneErrors are dropped.
    void report(const SceneError& error);
    const std::vector<Diagnostic>& errors() const { return errors_; }

private:
    struct Open {
        Lexer lexer;
        std::filesystem::path directory;
        Token lookahead;
    };
    void advance();
    // Whether the next token starts a statement (a name that is not a value word) or ends the
    // files.
    bool atStatement() const;
    // Skips tokens up to the next statement name (or the end of the file).
    void skipToStatement();
    Item readItem();
    Item readArray(const Token& opening);

    std::shared_ptr<SceneSources> sources_;
    std::vector<std::string> valueWords_;
    std::vector<Open> open_;
    std::vector<Diagnostic> errors_;
};

// The text of a file a statement names; throws SceneError at `from` when it cannot be read.
std::string readSceneFile(const std::filesystem::path& path, const SourceLocation& from,
                          const char* what);

} // namespace lrt
