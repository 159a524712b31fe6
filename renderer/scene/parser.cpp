// Statement-by-statement interpretation of the scene format (DESIGN.md §5) over a graphics-state
// stack. Each statement is read as its name followed by items (strings, numbers, [arrays]) up to
// the next statement name; handlers take their positional items and then the parameter pairs.
#include "renderer/scene/parser.h"

#include "renderer/scene/lexer.h"

#include <cmath>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

namespace lrt {

namespace {

struct Item {
    enum class Kind { String, Number, Array } kind;
    std::string string;
    double number = 0;
    std::vector<double> numbers; // array contents
    std::vector<std::string> strings;
    SourceLocation where;
};

const char* kindName(Item::Kind kind) {
    return kind == Item::Kind::String   ? "a string"
           : kind == Item::Kind::Number ? "a number"
                                        : "an array";
}

struct Statement {
    std::string name;
    SourceLocation where;
    std::vector<Item> items;
    std::filesystem::path directory; // of the file it appears in
};

// Reads statements from a file and the files it includes, innermost first.
class StatementReader {
public:
    void push(std::string text, std::string fileName, std::filesystem::path directory,
              const SourceLocation& from) {
        if (sources_.size() >= kMaxIncludeDepth)
            throw SceneError(
                from, fmt::format("Include nested more than {} deep (is a file including itself?)",
                                  kMaxIncludeDepth));
        sources_.push_back({Lexer(std::move(text), std::move(fileName)), std::move(directory), {}});
        advance();
    }

    std::optional<Statement> next() {
        while (!sources_.empty()) {
            Source& source = sources_.back();
            if (source.lookahead.type == Token::Type::End) {
                sources_.pop_back();
                continue;
            }
            if (source.lookahead.type != Token::Type::Identifier)
                throw SceneError(
                    source.lookahead.where,
                    fmt::format("expected a statement name, found '{}'", source.lookahead.text));
            Statement statement{
                source.lookahead.text, source.lookahead.where, {}, source.directory};
            advance();
            while (true) {
                Source& s = sources_.back();
                const Token& t = s.lookahead;
                if (t.type == Token::Type::End || t.type == Token::Type::Identifier)
                    break;
                statement.items.push_back(readItem());
            }
            return statement;
        }
        return std::nullopt;
    }

private:
    struct Source {
        Lexer lexer;
        std::filesystem::path directory;
        Token lookahead;
    };

    void advance() { sources_.back().lookahead = sources_.back().lexer.next(); }

    Item readItem() {
        Token t = sources_.back().lookahead;
        advance();
        switch (t.type) {
        case Token::Type::String:
            return {Item::Kind::String, t.text, 0, {}, {}, t.where};
        case Token::Type::Number:
            return {Item::Kind::Number, t.text, t.number, {}, {}, t.where};
        case Token::Type::RightBracket:
            throw SceneError(t.where, "unexpected ']' without a matching '['");
        case Token::Type::LeftBracket:
            break;
        default:
            throw SceneError(t.where, "unexpected token");
        }
        Item array{Item::Kind::Array, {}, 0, {}, {}, t.where};
        while (true) {
            const Token e = sources_.back().lookahead;
            if (e.type == Token::Type::RightBracket) {
                advance();
                break;
            }
            if (e.type == Token::Type::Number && array.strings.empty())
                array.numbers.push_back(e.number);
            else if (e.type == Token::Type::String && array.numbers.empty())
                array.strings.push_back(e.text);
            else if (e.type == Token::Type::End || e.type == Token::Type::Identifier ||
                     e.type == Token::Type::LeftBracket)
                throw SceneError(
                    e.where,
                    fmt::format("expected ']' to close the array opened at line {}", t.where.line));
            else
                throw SceneError(e.where, "an array holds numbers or strings, not both");
            advance();
        }
        return array;
    }

    std::vector<Source> sources_;
};

std::string readFile(const std::filesystem::path& path, const SourceLocation& from,
                     const char* what) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw SceneError(from, fmt::format("{} '{}' not found", what, path.string()));
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    if (!in.good() && !in.eof())
        throw SceneError(from, fmt::format("cannot read {} '{}'", what, path.string()));
    return buffer.str();
}

// Where in the file structure a statement may appear.
enum class Block { Options, World };

class Parser {
public:
    std::vector<FrameDescription> parse(StatementReader& reader) {
        while (auto statement = reader.next()) {
            dispatch(*statement, reader);
        }
        if (inWorld_)
            throw SceneError(lastWhere_, "missing WorldEnd at the end of the scene");
        if (frameOpen_)
            throw SceneError(lastWhere_, "missing FrameEnd at the end of the scene");
        if (frames_.empty())
            throw SceneError({fileName_, 1, 1},
                             "the scene has no WorldBegin ... WorldEnd block: nothing to render");
        return std::move(frames_);
    }

    explicit Parser(std::string fileName) : fileName_(std::move(fileName)) {}

private:
    using Handler = void (Parser::*)(const Statement&);

    void dispatch(const Statement& s, StatementReader& reader) {
        lastWhere_ = s.where;
        if (s.name == "Include") {
            expectCount(s, 1);
            const std::filesystem::path path = s.directory / stringAt(s, 0);
            reader.push(readFile(path, s.items[0].where, "included file"), path.string(),
                        path.parent_path(), s.where);
            return;
        }
        static const std::map<std::string, std::pair<Handler, std::optional<Block>>> handlers = {
            {"Format", {&Parser::format, Block::Options}},
            {"FrameAspectRatio", {&Parser::frameAspectRatio, Block::Options}},
            {"ScreenWindow", {&Parser::screenWindow, Block::Options}},
            {"CropWindow", {&Parser::cropWindow, Block::Options}},
            {"Projection", {&Parser::projection, Block::Options}},
            {"Clipping", {&Parser::clipping, Block::Options}},
            {"DepthOfField", {&Parser::depthOfField, Block::Options}},
            {"PixelSamples", {&Parser::pixelSamples, Block::Options}},
            {"PixelFilter", {&Parser::pixelFilter, Block::Options}},
            {"Exposure", {&Parser::exposure, Block::Options}},
            {"Display", {&Parser::display, Block::Options}},
            {"Option", {&Parser::option, Block::Options}},
            {"SurfaceIntegrator", {&Parser::surfaceIntegrator, Block::Options}},
            {"Identity", {&Parser::identity, std::nullopt}},
            {"Transform", {&Parser::transform, std::nullopt}},
            {"ConcatTransform", {&Parser::concatTransform, std::nullopt}},
            {"Translate", {&Parser::translate, std::nullopt}},
            {"Rotate", {&Parser::rotate, std::nullopt}},
            {"Scale", {&Parser::scale, std::nullopt}},
            {"LookAt", {&Parser::lookAt, std::nullopt}},
            {"CoordinateSystem", {&Parser::coordinateSystem, std::nullopt}},
            {"CoordSysTransform", {&Parser::coordSysTransform, std::nullopt}},
            {"TransformBegin", {&Parser::transformBegin, std::nullopt}},
            {"TransformEnd", {&Parser::transformEnd, std::nullopt}},
            {"FrameBegin", {&Parser::frameBegin, Block::Options}},
            {"FrameEnd", {&Parser::frameEnd, Block::Options}},
            {"WorldBegin", {&Parser::worldBegin, Block::Options}},
            {"WorldEnd", {&Parser::worldEnd, Block::World}},
            {"AttributeBegin", {&Parser::attributeBegin, Block::World}},
            {"AttributeEnd", {&Parser::attributeEnd, Block::World}},
            {"Attribute", {&Parser::attribute, Block::World}},
            {"Color", {&Parser::color, Block::World}},
            {"Opacity", {&Parser::opacity, Block::World}},
            {"Surface", {&Parser::surface, Block::World}},
            {"LightSource", {&Parser::lightSource, Block::World}},
            {"AreaLightSource", {&Parser::areaLightSource, Block::World}},
            {"Illuminate", {&Parser::illuminate, Block::World}},
            {"Sides", {&Parser::sides, Block::World}},
            {"ReverseOrientation", {&Parser::reverseOrientation, Block::World}},
            {"Sphere", {&Parser::quadric, Block::World}},
            {"Cylinder", {&Parser::quadric, Block::World}},
            {"Cone", {&Parser::quadric, Block::World}},
            {"Disk", {&Parser::quadric, Block::World}},
            {"Paraboloid", {&Parser::quadric, Block::World}},
            {"Hyperboloid", {&Parser::quadric, Block::World}},
            {"Polygon", {&Parser::polygon, Block::World}},
            {"PointsPolygons", {&Parser::pointsPolygons, Block::World}},
            {"PointsGeneralPolygons", {&Parser::pointsGeneralPolygons, Block::World}},
            {"Shape", {&Parser::shape, Block::World}},
            {"ObjectBegin", {&Parser::objectBegin, Block::World}},
            {"ObjectEnd", {&Parser::objectEnd, Block::World}},
            {"ObjectInstance", {&Parser::objectInstance, Block::World}},
            {"Declare", {&Parser::declare, std::nullopt}},
            {"Imager", {&Parser::imager, Block::Options}},
            {"VertexProgram", {&Parser::vertexProgram, Block::World}},
        };
        const auto it = handlers.find(s.name);
        if (it == handlers.end())
            throw SceneError(s.where, fmt::format("unknown statement '{}'", s.name));
        const auto [handler, block] = it->second;
        if (block == Block::World && !inWorld_)
            throw SceneError(s.where,
                             fmt::format("{} belongs between WorldBegin and WorldEnd", s.name));
        if (block == Block::Options && inWorld_)
            throw SceneError(s.where, fmt::format("{} must come before WorldBegin", s.name));
        (this->*handler)(s);
    }

    // ---- item access -------------------------------------------------------------------------

    static void expectCount(const Statement& s, std::size_t count) {
        if (s.items.size() != count)
            throw SceneError(s.items.size() > count ? s.items[count].where : s.where,
                             fmt::format("{} takes {} argument{}, found {}", s.name, count,
                                         count == 1 ? "" : "s", s.items.size()));
    }

    static std::string stringAt(const Statement& s, std::size_t i) {
        if (i >= s.items.size())
            throw SceneError(s.where,
                             fmt::format("{} expects a string as argument {}", s.name, i + 1));
        const Item& item = s.items[i];
        if (item.kind == Item::Kind::String)
            return item.string;
        if (item.kind == Item::Kind::Array && item.strings.size() == 1)
            return item.strings[0];
        throw SceneError(item.where, fmt::format("{} expects a string as argument {}, found {}",
                                                 s.name, i + 1, kindName(item.kind)));
    }

    // `count` numbers starting at item `first`: bare numbers, or one [array] of exactly `count`.
    // Returns the numbers and sets `next` to the first item after them.
    static std::vector<double> numbersAt(const Statement& s, std::size_t first, std::size_t count,
                                         std::size_t& next) {
        if (first < s.items.size() && s.items[first].kind == Item::Kind::Array) {
            const Item& array = s.items[first];
            if (array.numbers.size() != count || !array.strings.empty())
                throw SceneError(array.where,
                                 fmt::format("{} expects {} numbers, found an array of {}", s.name,
                                             count, array.numbers.size() + array.strings.size()));
            next = first + 1;
            return array.numbers;
        }
        std::vector<double> numbers;
        for (std::size_t i = first; i < first + count; ++i) {
            if (i >= s.items.size() || s.items[i].kind != Item::Kind::Number)
                throw SceneError(
                    i < s.items.size() ? s.items[i].where : s.where,
                    fmt::format("{} expects {} numbers, found {}", s.name, count,
                                i < s.items.size() ? kindName(s.items[i].kind) : "fewer"));
            numbers.push_back(s.items[i].number);
        }
        next = first + count;
        return numbers;
    }

    static std::vector<double> exactNumbers(const Statement& s, std::size_t count) {
        std::size_t next = 0;
        auto numbers = numbersAt(s, 0, count, next);
        if (next != s.items.size())
            throw SceneError(
                s.items[next].where,
                fmt::format("{} takes {} numbers; unexpected extra argument", s.name, count));
        return numbers;
    }

    static void expectFinite(const Statement& s, const std::vector<double>& numbers) {
        for (const double v : numbers)
            if (!std::isfinite(static_cast<float>(v)))
                throw SceneError(s.where, fmt::format("{}: {} is not a finite float", s.name, v));
    }

    // Parameter pairs from item `first` on.
    ParameterList parameters(const Statement& s, std::size_t first) const {
        ParameterList list;
        for (std::size_t i = first; i < s.items.size(); i += 2) {
            const Item& name = s.items[i];
            if (name.kind != Item::Kind::String)
                throw SceneError(name.where,
                                 fmt::format("expected a parameter name (a string) in {}, found {}",
                                             s.name, kindName(name.kind)));
            if (i + 1 >= s.items.size())
                throw SceneError(name.where,
                                 fmt::format("parameter '{}' has no value", name.string));
            Parameter p;
            p.where = name.where;
            // "float Kd" carries its type inline; otherwise a declared or well-known type applies.
            const std::size_t space = name.string.find_last_of(' ');
            if (space != std::string::npos) {
                const auto type = parseParameterType(name.string.substr(0, space));
                if (!type)
                    throw SceneError(
                        name.where,
                        fmt::format("unknown parameter type '{}' (expected float, integer, "
                                    "string, color, point, vector or normal)",
                                    name.string.substr(0, space)));
                p.type = *type;
                p.name = name.string.substr(space + 1);
            } else {
                p.name = name.string;
                p.type = declarations_.lookup(p.name);
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
            if (p.type != ParameterType::String && p.type != ParameterType::Unspecified &&
                !p.strings.empty())
                throw SceneError(value.where, fmt::format("parameter '{}' is {} but has strings",
                                                          p.name, parameterTypeName(p.type)));
            list.add(std::move(p));
        }
        return list;
    }

    // ---- options ----------------------------------------------------------------------------

    void format(const Statement& s) {
        const auto n = exactNumbers(s, 3);
        if (n[0] < 1 || n[1] < 1 || n[0] != std::floor(n[0]) || n[1] != std::floor(n[1]) ||
            n[0] > 65536 || n[1] > 65536)
            throw SceneError(
                s.where,
                "Format expects a resolution of positive integers (at most 65536) and a pixel "
                "aspect ratio");
        if (!(n[2] > 0))
            throw SceneError(s.items[2].where, "Format's pixel aspect ratio must be positive");
        options_.film.xResolution = static_cast<int>(n[0]);
        options_.film.yResolution = static_cast<int>(n[1]);
        options_.film.pixelAspectRatio = static_cast<float>(n[2]);
    }

    void frameAspectRatio(const Statement& s) {
        const auto n = exactNumbers(s, 1);
        if (!(n[0] > 0))
            throw SceneError(s.where, "FrameAspectRatio must be positive");
        options_.camera.frameAspectRatio = static_cast<float>(n[0]);
    }

    void screenWindow(const Statement& s) {
        const auto n = exactNumbers(s, 4);
        expectFinite(s, n);
        if (!(n[0] < n[1]) || !(n[2] < n[3]))
            throw SceneError(s.where, "ScreenWindow expects left < right and bottom < top");
        options_.camera.screenWindow = {{float(n[0]), float(n[1]), float(n[2]), float(n[3])}};
    }

    void cropWindow(const Statement& s) {
        const auto n = exactNumbers(s, 4);
        if (!(n[0] >= 0 && n[0] < n[1] && n[1] <= 1 && n[2] >= 0 && n[2] < n[3] && n[3] <= 1))
            throw SceneError(s.where,
                             "CropWindow expects xmin < xmax and ymin < ymax, all within [0, 1]");
        options_.film.cropWindow = {float(n[0]), float(n[1]), float(n[2]), float(n[3])};
    }

    void projection(const Statement& s) {
        const std::string name = stringAt(s, 0);
        if (name != "perspective" && name != "orthographic")
            throw SceneError(
                s.items[0].where,
                fmt::format(
                    "unknown projection '{}' (expected \"perspective\" or \"orthographic\")",
                    name));
        options_.camera.projection = name;
        options_.camera.parameters = parameters(s, 1);
        options_.camera.where = s.where;
    }

    void clipping(const Statement& s) {
        const auto n = exactNumbers(s, 2);
        if (!(n[0] > 0 && n[0] < n[1]))
            throw SceneError(s.where, "Clipping expects 0 < near < far");
        options_.camera.nearClip = static_cast<float>(n[0]);
        options_.camera.farClip = static_cast<float>(std::fmin(n[1], 1e30));
    }

    void depthOfField(const Statement& s) {
        if (s.items.empty()) {
            options_.camera.fStop = 0.0f;
            return;
        }
        const auto n = exactNumbers(s, 3);
        if (!(n[0] > 0 && n[1] > 0 && n[2] > 0))
            throw SceneError(
                s.where, "DepthOfField expects a positive f-stop, focal length and focal distance");
        options_.camera.fStop = static_cast<float>(n[0]);
        options_.camera.focalLength = static_cast<float>(n[1]);
        options_.camera.focalDistance = static_cast<float>(n[2]);
    }

    void pixelSamples(const Statement& s) {
        const auto n = exactNumbers(s, 2);
        for (const double v : n)
            if (v < 1 || v != std::floor(v) || v > 1024)
                throw SceneError(s.where,
                                 "PixelSamples expects two positive integers (at most 1024 each)");
        options_.film.xSamples = static_cast<int>(n[0]);
        options_.film.ySamples = static_cast<int>(n[1]);
    }

    void pixelFilter(const Statement& s) {
        const std::string name = stringAt(s, 0);
        if (name != "box" && name != "triangle" && name != "gaussian" && name != "mitchell")
            throw SceneError(
                s.items[0].where,
                fmt::format("unknown pixel filter '{}' (expected \"box\", \"triangle\", "
                            "\"gaussian\" or \"mitchell\")",
                            name));
        std::size_t next = 1;
        std::vector<double> widths = {name == "box" ? 1.0 : name == "mitchell" ? 4.0 : 2.0, 0};
        widths[1] = widths[0];
        if (s.items.size() > 1)
            widths = numbersAt(s, 1, 2, next);
        if (next != s.items.size())
            throw SceneError(s.items[next].where, "PixelFilter takes a name and two widths");
        if (!(widths[0] > 0 && widths[1] > 0 && widths[0] <= 16 && widths[1] <= 16))
            throw SceneError(s.where, "PixelFilter widths must be positive (at most 16 pixels)");
        options_.film.filter = name;
        options_.film.filterWidth[0] = static_cast<float>(widths[0]);
        options_.film.filterWidth[1] = static_cast<float>(widths[1]);
    }

    void exposure(const Statement& s) {
        const auto n = exactNumbers(s, 2);
        if (!(n[0] > 0 && n[1] > 0))
            throw SceneError(s.where, "Exposure expects a positive gain and gamma");
        options_.film.gain = static_cast<float>(n[0]);
        options_.film.gamma = static_cast<float>(n[1]);
    }

    void display(const Statement& s) {
        if (s.items.size() < 3)
            throw SceneError(
                s.where,
                "Display expects a file name, a type and a mode (\"out.exr\" \"file\" \"rgb\")");
        options_.film.displayName = stringAt(s, 0);
        stringAt(s, 1);
        stringAt(s, 2);
        parameters(s, 3).rejectUnused("Display");
    }

    void option(const Statement& s) {
        const std::string name = stringAt(s, 0);
        const ParameterList list = parameters(s, 1);
        if (name == "searchpath") {
            const std::string shader = list.getString("shader", "");
            std::size_t start = 0;
            while (start <= shader.size() && !shader.empty()) {
                const std::size_t colon = shader.find(':', start);
                const std::string entry = shader.substr(start, colon - start);
                if (!entry.empty())
                    options_.shaderSearchPath.push_back((s.directory / entry).string());
                if (colon == std::string::npos)
                    break;
                start = colon + 1;
            }
        } else if (name == "sampler") {
            options_.film.jitter = list.getInteger("jitter", 1) != 0;
            const std::string type = list.getString("type", "stratified");
            if (type != "stratified" && type != "lowdiscrepancy")
                throw SceneError(
                    list.find("type")->where,
                    fmt::format(
                        "unknown sampler '{}' (expected \"stratified\" or \"lowdiscrepancy\")",
                        type));
            options_.film.lowDiscrepancy = type == "lowdiscrepancy";
        } else if (name == "sl") {
            const int depth = list.getInteger("tracedepth", options_.slTraceDepth);
            const int budget = list.getInteger("budget", static_cast<int>(options_.slBudget));
            if (depth < 0 || budget < 1)
                throw SceneError(s.where, "Option \"sl\" expects tracedepth >= 0 and budget >= 1");
            options_.slTraceDepth = depth;
            options_.slBudget = static_cast<std::uint64_t>(budget);
        } else {
            throw SceneError(
                s.items[0].where,
                fmt::format("unknown option '{}' (expected \"searchpath\", \"sampler\" or \"sl\")",
                            name));
        }
        list.rejectUnused(fmt::format("Option \"{}\"", name));
    }

    void surfaceIntegrator(const Statement& s) {
        const std::string name = stringAt(s, 0);
        if (name != "whitted" && name != "path")
            throw SceneError(
                s.items[0].where,
                fmt::format("unknown integrator '{}' (expected \"whitted\" or \"path\")", name));
        const ParameterList list = parameters(s, 1);
        const int depth = list.getInteger("maxdepth", 5);
        if (depth < 1 || depth > 1000)
            throw SceneError(list.find("maxdepth")->where, "maxdepth must be between 1 and 1000");
        if (name == "path") {
            const std::string strategy = list.getString("strategy", "mis");
            if (strategy != "mis" && strategy != "light" && strategy != "bsdf")
                throw SceneError(
                    list.find("strategy")->where,
                    fmt::format("unknown strategy '{}' (expected \"mis\", \"light\" or \"bsdf\")",
                                strategy));
            options_.pathStrategy = strategy == "light"  ? PathStrategy::Light
                                    : strategy == "bsdf" ? PathStrategy::Bsdf
                                                         : PathStrategy::Mis;
        }
        list.rejectUnused(fmt::format("SurfaceIntegrator \"{}\"", name));
        options_.integrator = name;
        options_.maxDepth = depth;
    }

    void imager(const Statement& s) {
        const std::string name = stringAt(s, 0);
        if (name != "background")
            throw SceneError(s.items[0].where,
                             fmt::format("unknown imager '{}' (expected \"background\")", name));
        const ParameterList list = parameters(s, 1);
        background_ = list.getColor("bgcolor", {});
        list.rejectUnused("Imager \"background\"");
    }

    // ---- transforms -------------------------------------------------------------------------

    Transform& ctm() { return transformStack_.back(); }

    void apply(const Statement& s, const std::optional<Transform>& t) {
        if (!t)
            throw SceneError(s.where,
                             fmt::format("{} gives a singular (non-invertible) transform", s.name));
        ctm() = ctm() * *t;
    }

    static Matrix4 ribMatrix(const std::vector<double>& n) {
        Matrix4 m{};
        // RIB matrices are row-major for row vectors (translation in the last row): transpose.
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j)
                m[j][i] = static_cast<float>(n[static_cast<std::size_t>(i * 4 + j)]);
        return m;
    }

    void identity(const Statement& s) {
        expectCount(s, 0);
        ctm() = Transform();
    }
    void transform(const Statement& s) {
        const auto n = exactNumbers(s, 16);
        expectFinite(s, n);
        const auto t = Transform::fromMatrix(ribMatrix(n));
        if (!t)
            throw SceneError(s.where, "Transform gives a singular (non-invertible) matrix");
        ctm() = *t;
    }
    void concatTransform(const Statement& s) {
        const auto n = exactNumbers(s, 16);
        expectFinite(s, n);
        apply(s, Transform::fromMatrix(ribMatrix(n)));
    }
    void translate(const Statement& s) {
        const auto n = exactNumbers(s, 3);
        expectFinite(s, n);
        apply(s, Transform::translate({float(n[0]), float(n[1]), float(n[2])}));
    }
    void rotate(const Statement& s) {
        const auto n = exactNumbers(s, 4);
        expectFinite(s, n);
        if (n[1] == 0 && n[2] == 0 && n[3] == 0)
            throw SceneError(s.where, "Rotate needs a non-zero axis");
        apply(s, Transform::rotate(float(n[0]), {float(n[1]), float(n[2]), float(n[3])}));
    }
    void scale(const Statement& s) {
        const auto n = exactNumbers(s, 3);
        expectFinite(s, n);
        if (n[0] == 0 || n[1] == 0 || n[2] == 0)
            throw SceneError(s.where, "Scale by zero gives a singular transform");
        apply(s, Transform::scale(float(n[0]), float(n[1]), float(n[2])));
    }
    void lookAt(const Statement& s) {
        const auto n = exactNumbers(s, 9);
        expectFinite(s, n);
        apply(s, Transform::lookAt({float(n[0]), float(n[1]), float(n[2])},
                                   {float(n[3]), float(n[4]), float(n[5])},
                                   {float(n[6]), float(n[7]), float(n[8])}));
    }
    void coordinateSystem(const Statement& s) {
        expectCount(s, 1);
        namedCoordinateSystems_[stringAt(s, 0)] = ctm();
    }
    void coordSysTransform(const Statement& s) {
        expectCount(s, 1);
        const std::string name = stringAt(s, 0);
        const auto it = namedCoordinateSystems_.find(name);
        if (it == namedCoordinateSystems_.end())
            throw SceneError(s.items[0].where, fmt::format("unknown coordinate system '{}'", name));
        ctm() = it->second;
    }
    void transformBegin(const Statement& s) {
        expectCount(s, 0);
        transformStack_.push_back(ctm());
        blockStack_.push_back({"TransformBegin", s.where});
    }
    void transformEnd(const Statement& s) {
        expectCount(s, 0);
        closeBlock(s, "TransformBegin");
        transformStack_.pop_back();
    }

    // ---- frames and world -------------------------------------------------------------------

    void frameBegin(const Statement& s) {
        if (frameOpen_)
            throw SceneError(s.where, "FrameBegin inside a frame: missing FrameEnd");
        std::size_t next = 0;
        frameNumber_ =
            s.items.empty() ? frameNumber_ + 1 : static_cast<int>(numbersAt(s, 0, 1, next)[0]);
        frameOpen_ = true;
        savedOptions_ = options_;
        savedTransform_ = ctm();
    }
    void frameEnd(const Statement& s) {
        expectCount(s, 0);
        if (!frameOpen_)
            throw SceneError(s.where, "FrameEnd without FrameBegin");
        frameOpen_ = false;
        options_ = savedOptions_;
        ctm() = savedTransform_;
    }
    void worldBegin(const Statement& s) {
        expectCount(s, 0);
        if (!blockStack_.empty())
            throw SceneError(s.where,
                             fmt::format("WorldBegin inside {} (opened at line {})",
                                         blockStack_.back().name, blockStack_.back().where.line));
        inWorld_ = true;
        options_.camera.worldToCamera = ctm();
        namedCoordinateSystems_["camera"] = ctm().inverse();
        namedCoordinateSystems_["world"] = Transform();
        ctm() = Transform();
        world_ = WorldDescription{};
        world_.background = background_;
        attributes_ = SurfaceAttributes{};
        attributeStack_.clear();
        currentObject_.reset();
        objectIndex_.clear();
        lightHandles_.clear();
        worldDirectory_ = s.directory;
    }
    void worldEnd(const Statement& s) {
        expectCount(s, 0);
        if (currentObject_)
            throw SceneError(s.where,
                             fmt::format("WorldEnd inside ObjectBegin \"{}\": missing ObjectEnd",
                                         currentObject_->name));
        if (!blockStack_.empty())
            throw SceneError(s.where,
                             fmt::format("WorldEnd inside {} (opened at line {}): missing its End",
                                         blockStack_.back().name, blockStack_.back().where.line));
        inWorld_ = false;
        ctm() = options_.camera.worldToCamera;
        FrameDescription frame;
        frame.number = frameNumber_;
        frame.numbered = frameOpen_;
        frame.options = options_;
        frame.world = std::move(world_);
        frame.sceneDirectory = worldDirectory_.string();
        frames_.push_back(std::move(frame));
        if (!frameOpen_)
            ++frameNumber_;
    }

    void closeBlock(const Statement& s, const char* opener) {
        if (blockStack_.empty() || blockStack_.back().name != opener)
            throw SceneError(s.where, blockStack_.empty()
                                          ? fmt::format("{} without {}", s.name, opener)
                                          : fmt::format("{} closes {} opened at line {}", s.name,
                                                        blockStack_.back().name,
                                                        blockStack_.back().where.line));
        blockStack_.pop_back();
    }

    // ---- attributes -------------------------------------------------------------------------

    void attributeBegin(const Statement& s) {
        expectCount(s, 0);
        transformStack_.push_back(ctm());
        attributeStack_.push_back(attributes_);
        blockStack_.push_back({"AttributeBegin", s.where});
    }
    void attributeEnd(const Statement& s) {
        expectCount(s, 0);
        closeBlock(s, "AttributeBegin");
        popAttributes();
    }
    void popAttributes() {
        transformStack_.pop_back();
        attributes_ = attributeStack_.back();
        attributeStack_.pop_back();
        shared_.reset();
    }
    void attribute(const Statement& s) {
        const std::string name = stringAt(s, 0);
        const ParameterList list = parameters(s, 1);
        if (name != "identifier")
            throw SceneError(s.items[0].where,
                             fmt::format("unknown attribute '{}' (expected \"identifier\")", name));
        attributes_.identifier = list.getString("name", attributes_.identifier);
        list.rejectUnused("Attribute \"identifier\"");
        shared_.reset();
    }
    Color colorArgument(const Statement& s) {
        const auto n = exactNumbers(s, 3);
        expectFinite(s, n);
        return {float(n[0]), float(n[1]), float(n[2])};
    }
    void color(const Statement& s) {
        attributes_.color = colorArgument(s);
        shared_.reset();
    }
    void opacity(const Statement& s) {
        const Color c = colorArgument(s);
        for (const float v : {c.r, c.g, c.b})
            if (v < 0 || v > 1)
                throw SceneError(s.where, "Opacity components must lie in [0, 1]");
        attributes_.opacity = c;
        shared_.reset();
    }
    void surface(const Statement& s) {
        attributes_.surface = stringAt(s, 0);
        attributes_.surfaceParameters = parameters(s, 1);
        attributes_.surfaceWhere = s.where;
        shared_.reset();
    }
    void sides(const Statement& s) {
        const auto n = exactNumbers(s, 1);
        if (n[0] != 1 && n[0] != 2)
            throw SceneError(s.where, "Sides expects 1 or 2");
        attributes_.sides = static_cast<int>(n[0]);
        shared_.reset();
    }
    void reverseOrientation(const Statement& s) {
        expectCount(s, 0);
        attributes_.reverseOrientation = !attributes_.reverseOrientation;
        shared_.reset();
    }

    // ---- lights -----------------------------------------------------------------------------

    // A light or object handle: RIB writes numbers, pbrt-style files strings.
    static std::string handleName(const Statement& s, std::size_t i) {
        const Item& item = s.items[i];
        if (item.kind == Item::Kind::Number)
            return fmt::format("{}", item.number);
        if (item.kind == Item::Kind::String)
            return item.string;
        throw SceneError(
            item.where,
            fmt::format("{} expects a handle (a number or a string), found an array", s.name));
    }

    // Splits "name [handle] params": the items after the name are parameter pairs, plus one
    // handle first when their count is odd.
    std::pair<std::optional<std::string>, std::size_t> handleAndParameters(const Statement& s) {
        const std::size_t rest = s.items.size() - 1;
        if (rest % 2 == 0)
            return {std::nullopt, 1};
        return {handleName(s, 1), 2};
    }

    int addLight(const Statement& s, const std::string& type, std::size_t parametersFrom,
                 const std::optional<std::string>& handle) {
        LightDescription light{type, parameters(s, parametersFrom), ctm(), s.where};
        world_.lights.push_back(std::move(light));
        const int index = static_cast<int>(world_.lights.size()) - 1;
        if (handle)
            lightHandles_[*handle] = index;
        return index;
    }

    void lightSource(const Statement& s) {
        if (currentObject_)
            throw SceneError(s.where, "LightSource inside ObjectBegin/ObjectEnd");
        const std::string type = stringAt(s, 0);
        if (type != "pointlight" && type != "spotlight" && type != "distantlight" &&
            type != "ambientlight" && type != "infinite")
            throw SceneError(
                s.items[0].where,
                fmt::format("unknown light '{}' (expected \"pointlight\", \"spotlight\", "
                            "\"distantlight\", \"ambientlight\" or \"infinite\")",
                            type));
        const auto [handle, from] = handleAndParameters(s);
        addLight(s, type, from, handle);
    }

    void areaLightSource(const Statement& s) {
        const std::string type = stringAt(s, 0);
        if (type != "arealight")
            throw SceneError(s.items[0].where,
                             fmt::format("unknown area light '{}' (expected \"arealight\")", type));
        const auto [handle, from] = handleAndParameters(s);
        attributes_.areaLight = addLight(s, type, from, handle);
        shared_.reset();
    }

    void illuminate(const Statement& s) {
        expectCount(s, 2);
        const Item& h = s.items[0];
        const std::string handle = handleName(s, 0);
        const auto it = lightHandles_.find(handle);
        if (it == lightHandles_.end())
            throw SceneError(h.where,
                             fmt::format("Illuminate names unknown light handle '{}'", handle));
        if (s.items[1].kind != Item::Kind::Number ||
            (s.items[1].number != 0 && s.items[1].number != 1))
            throw SceneError(s.items[1].where, "Illuminate expects 0 (off) or 1 (on)");
        auto disabled =
            attributes_.disabledLights ? *attributes_.disabledLights : std::vector<int>{};
        std::erase(disabled, it->second);
        if (s.items[1].number == 0)
            disabled.push_back(it->second);
        attributes_.disabledLights = std::make_shared<const std::vector<int>>(std::move(disabled));
        shared_.reset();
    }

    // ---- shapes -----------------------------------------------------------------------------

    void addShape(const Statement& s, std::string type, std::vector<double> arguments,
                  ParameterList list) {
        if (!shared_)
            shared_ = std::make_shared<const SurfaceAttributes>(attributes_);
        ShapeDescription shape{std::move(type), std::move(arguments), std::move(list), ctm(),
                               shared_,         s.directory.string(), s.where};
        if (currentObject_) {
            shape.objectToWorld = objectBase_.inverse() * ctm();
            currentObject_->shapes.push_back(std::move(shape));
        } else {
            world_.shapes.push_back(std::move(shape));
        }
    }

    void quadric(const Statement& s) {
        static const std::map<std::string, std::size_t> counts = {
            {"Sphere", 4}, {"Cylinder", 4},   {"Cone", 3},
            {"Disk", 3},   {"Paraboloid", 4}, {"Hyperboloid", 7}};
        const std::size_t count = counts.at(s.name);
        std::size_t next = 0;
        const auto arguments = numbersAt(s, 0, count, next);
        expectFinite(s, arguments);
        std::string type = s.name;
        type[0] = static_cast<char>(std::tolower(type[0]));
        addShape(s, type, arguments, parameters(s, next));
    }

    void polygon(const Statement& s) { addShape(s, "polygon", {}, parameters(s, 0)); }

    std::vector<double> integerArray(const Statement& s, std::size_t i, const char* what) {
        if (i >= s.items.size() || s.items[i].kind != Item::Kind::Array ||
            !s.items[i].strings.empty())
            throw SceneError(i < s.items.size() ? s.items[i].where : s.where,
                             fmt::format("{} expects an array of integers ({}) as argument {}",
                                         s.name, what, i + 1));
        for (const double v : s.items[i].numbers)
            if (v != std::floor(v) || v < 0 || v > 2147483647.0)
                throw SceneError(s.items[i].where,
                                 fmt::format("{}: {} must be non-negative integers", s.name, what));
        return s.items[i].numbers;
    }

    void pointsPolygons(const Statement& s) {
        auto nverts = integerArray(s, 0, "vertices per polygon");
        const auto vertices = integerArray(s, 1, "vertex indices");
        // Arguments: the polygon count, then nverts..., then indices.
        std::vector<double> arguments{static_cast<double>(nverts.size())};
        arguments.insert(arguments.end(), nverts.begin(), nverts.end());
        arguments.insert(arguments.end(), vertices.begin(), vertices.end());
        addShape(s, "pointspolygons", std::move(arguments), parameters(s, 2));
    }

    void pointsGeneralPolygons(const Statement& s) {
        const auto nloops = integerArray(s, 0, "loops per polygon");
        const auto nverts = integerArray(s, 1, "vertices per loop");
        const auto vertices = integerArray(s, 2, "vertex indices");
        // Arguments: polygon count, loop count, nloops..., nverts..., indices.
        std::vector<double> arguments{static_cast<double>(nloops.size()),
                                      static_cast<double>(nverts.size())};
        arguments.insert(arguments.end(), nloops.begin(), nloops.end());
        arguments.insert(arguments.end(), nverts.begin(), nverts.end());
        arguments.insert(arguments.end(), vertices.begin(), vertices.end());
        addShape(s, "pointsgeneralpolygons", std::move(arguments), parameters(s, 3));
    }

    void shape(const Statement& s) {
        const std::string type = stringAt(s, 0);
        if (type != "trianglemesh" && type != "obj")
            throw SceneError(
                s.items[0].where,
                fmt::format("unknown shape '{}' (expected \"trianglemesh\" or \"obj\")", type));
        addShape(s, type, {}, parameters(s, 1));
    }

    void objectBegin(const Statement& s) {
        expectCount(s, 1);
        if (currentObject_)
            throw SceneError(s.where,
                             "ObjectBegin inside ObjectBegin: object definitions do not nest");
        const Item& h = s.items[0];
        const std::string name = handleName(s, 0);
        if (objectIndex_.contains(name))
            throw SceneError(h.where, fmt::format("object '{}' is already defined", name));
        currentObject_ = ObjectDefinition{name, {}, s.where};
        objectBase_ = ctm();
        attributeBegin(Statement{"ObjectBegin", s.where, {}, s.directory});
        blockStack_.back().name = "ObjectBegin";
    }
    void objectEnd(const Statement& s) {
        expectCount(s, 0);
        if (!currentObject_)
            throw SceneError(s.where, "ObjectEnd without ObjectBegin");
        closeBlock(s, "ObjectBegin");
        popAttributes();
        objectIndex_[currentObject_->name] = static_cast<int>(world_.objects.size());
        world_.objects.push_back(std::move(*currentObject_));
        currentObject_.reset();
    }
    void objectInstance(const Statement& s) {
        expectCount(s, 1);
        if (currentObject_)
            throw SceneError(s.where,
                             "ObjectInstance inside ObjectBegin: object definitions do not nest");
        const Item& h = s.items[0];
        const std::string name = handleName(s, 0);
        const auto it = objectIndex_.find(name);
        if (it == objectIndex_.end())
            throw SceneError(h.where, fmt::format("ObjectInstance of undefined object '{}'", name));
        world_.instances.push_back({it->second, ctm(), s.where});
    }

    void declare(const Statement& s) {
        expectCount(s, 2);
        const std::string name = stringAt(s, 0);
        const auto type = parseParameterType(stringAt(s, 1));
        if (!type)
            throw SceneError(s.items[1].where,
                             fmt::format("unknown type '{}' in Declare", stringAt(s, 1)));
        declarations_.declare(name, *type);
    }

    // Binds a vertex program for the shapes that follow in the attribute block; "" unbinds.
    void vertexProgram(const Statement& s) {
        const std::string file = stringAt(s, 0);
        if (file.empty()) {
            attributes_.vertexProgram.reset();
        } else {
            attributes_.vertexProgram = std::make_shared<const VertexProgramDescription>(
                VertexProgramDescription{file, parameters(s, 1), s.directory.string(), s.where});
        }
        shared_.reset();
    }

    struct OpenBlock {
        std::string name;
        SourceLocation where;
    };

    std::string fileName_;
    SourceLocation lastWhere_;
    RenderOptions options_;
    RenderOptions savedOptions_;
    Transform savedTransform_;
    std::vector<Transform> transformStack_{Transform()};
    std::vector<OpenBlock> blockStack_;
    std::map<std::string, Transform> namedCoordinateSystems_;
    Declarations declarations_;
    Color background_;

    bool inWorld_ = false;
    bool frameOpen_ = false;
    int frameNumber_ = 1;
    std::filesystem::path worldDirectory_;
    WorldDescription world_;
    SurfaceAttributes attributes_;
    std::vector<SurfaceAttributes> attributeStack_;
    std::shared_ptr<const SurfaceAttributes>
        shared_; // attributes_ as shared by the shapes, until it changes
    std::optional<ObjectDefinition> currentObject_;
    Transform objectBase_;
    std::map<std::string, int> objectIndex_;
    std::map<std::string, int> lightHandles_;
    std::vector<FrameDescription> frames_;
};

} // namespace

std::vector<FrameDescription> parseSceneString(const std::string& text, const std::string& fileName,
                                               const std::filesystem::path& directory) {
    StatementReader reader;
    reader.push(text, fileName, directory, {fileName, 1, 1});
    return Parser(fileName).parse(reader);
}

std::vector<FrameDescription> parseSceneFile(const std::filesystem::path& path) {
    const std::string text = readFile(path, {path.string(), 0, 0}, "scene file");
    return parseSceneString(text, path.string(),
                            path.parent_path().empty() ? "." : path.parent_path());
}

} // namespace lrt
