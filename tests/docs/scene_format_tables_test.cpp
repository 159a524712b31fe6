// Keeps docs/scene-format.md and the registries in step: every shape, surface, light, integrator,
// projection and pixel filter lrt creates by name has its section in the document, with exactly
// the parameters (name, type, default, domain: a number's range or a string's choices) and
// arguments its table in the code lists, and the document describes nothing the registries lack;
// docs/light-sampling.md lists the light samplers as their registry does, and the Sampling
// section the samplers.
#include "renderer/camera/camera_registry.h"
#include "renderer/film/filter.h"
#include "renderer/integrators/integrator_registry.h"
#include "renderer/lights/light_registry.h"
#include "renderer/lightsamplers/light_sampler.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/mix_material.h"
#include "renderer/materials/sl_material.h"
#include "renderer/parser/parser.h"
#include "renderer/parser/statement_arguments.h"
#include "renderer/sampling/sampler.h"
#include "renderer/shapes/shape_registry.h"
#include "renderer/textures/texture_registry.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace lrt;

namespace {

using Row = std::vector<std::string>; // a table row's cells, trimmed

std::string trim(std::string s) {
    const auto first = s.find_first_not_of(' ');
    if (first == std::string::npos)
        return "";
    return s.substr(first, s.find_last_not_of(' ') - first + 1);
}

Row cells(const std::string& line) {
    Row row;
    std::size_t start = 1;
    while (true) {
        const std::size_t bar = line.find('|', start);
        if (bar == std::string::npos)
            break;
        row.push_back(trim(line.substr(start, bar - start)));
        start = bar + 1;
    }
    return row;
}

// The tables under each "#### heading" of a "### section" (or "## section") of the document:
// section -> heading -> tables (each its rows, header first, the --- line left out). Tables
// before a section's first heading are under the heading "".
using Tables = std::vector<std::vector<Row>>;
std::map<std::string, std::map<std::string, Tables>> documentTables(const std::string& path) {
    std::ifstream in(path);
    std::map<std::string, std::map<std::string, Tables>> out;
    std::string line, section, heading;
    bool inTable = false;
    while (std::getline(in, line)) {
        if (line.rfind("### ", 0) == 0 || line.rfind("## ", 0) == 0) {
            section = trim(line.substr(line.find(' ')));
            heading.clear();
        } else if (line.rfind("#### ", 0) == 0) {
            heading = trim(line.substr(5));
        }
        const bool row = line.rfind("|", 0) == 0;
        if (row && line.find("---") == std::string::npos) {
            Tables& tables = out[section][heading];
            if (!inTable)
                tables.emplace_back();
            tables.back().push_back(cells(line));
        }
        inTable = row;
    }
    return out;
}

const auto& sceneFormat() {
    static const auto tables = documentTables(LRT_SOURCE_DIR "/docs/scene-format.md");
    return tables;
}

// What the code says a parameter table should read: header, then name, type, default, domain.
std::vector<Row> expectedParameters(ParameterTable table) {
    std::vector<Row> rows = {{"parameter", "type", "default", "domain", "meaning"}};
    for (const ParameterSpec& s : table)
        rows.push_back({fmt::format("`{}`", s.name), std::string(valueKindName(s.kind)),
                        defaultText(s.fallback), s.domainText(), std::string(s.meaning)});
    return rows;
}

// The first four cells of each row (the meaning is the document's to word).
std::vector<Row> firstColumns(const std::vector<Row>& rows, std::size_t columns) {
    std::vector<Row> out;
    for (const Row& r : rows)
        out.emplace_back(r.begin(),
                         r.begin() + static_cast<std::ptrdiff_t>(std::min(columns, r.size())));
    return out;
}

std::string markdown(const std::vector<Row>& rows) {
    std::string out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        out += "|";
        for (const std::string& cell : rows[i])
            out += " " + cell + " |";
        out += "\n";
        if (i == 0) {
            out += "|";
            for (std::size_t k = 0; k < rows[i].size(); ++k)
                out += " --- |";
            out += "\n";
        }
    }
    return out;
}

// The table of `heading` in `section` whose header starts with `firstHeader`.
const std::vector<Row>* findTable(const std::string& section, const std::string& heading,
                                  const std::string& firstHeader) {
    const auto s = sceneFormat().find(section);
    if (s == sceneFormat().end())
        return nullptr;
    const auto h = s->second.find(heading);
    if (h == s->second.end())
        return nullptr;
    for (const auto& table : h->second)
        if (!table.empty() && !table[0].empty() && table[0][0] == firstHeader)
            return &table;
    return nullptr;
}

// The document's table of `heading` in `section` whose header starts as `expected`'s must match
// `expected` (header included) in its first `columns` columns; an `expected` of its header alone
// means the document has no such table.
void checkTable(const std::string& section, const std::string& heading,
                const std::vector<Row>& expected, std::size_t columns) {
    INFO("docs/scene-format.md, section \"" << section << "\", heading \"" << heading << "\"; its "
                                            << expected[0][0] << " table should read:\n"
                                            << markdown(expected));
    const std::vector<Row>* documented = findTable(section, heading, expected[0][0]);
    if (expected.size() == 1) {
        CHECK(documented == nullptr);
        return;
    }
    CHECK(documented != nullptr); // every missing table is reported, not only the first
    if (documented)
        CHECK(firstColumns(*documented, columns) == firstColumns(expected, columns));
}

// The document's parameter table of `heading` must list `table`; no table means no parameters.
void checkParameters(const std::string& section, const std::string& heading, ParameterTable table) {
    checkTable(section, heading, expectedParameters(table), 4);
}

// Every heading of `section` must name an entry: nothing documented that lrt does not create.
void checkNothingExtra(const std::string& section, const std::vector<std::string>& headings) {
    const auto s = sceneFormat().find(section);
    REQUIRE(s != sceneFormat().end());
    for (const auto& [heading, tables] : s->second) {
        if (heading.empty())
            continue; // a table of the section itself, not of an entry
        INFO("docs/scene-format.md, section \"" << section << "\" documents " << heading);
        CHECK(std::find(headings.begin(), headings.end(), heading) != headings.end());
    }
}

std::string code(std::string_view name) {
    return fmt::format("`{}`", name);
}

} // namespace

TEST_CASE("docs/scene-format.md lists every shape with its arguments and parameters", "[docs]") {
    std::vector<std::string> headings;
    for (const ShapeEntry* entry : shapeRegistry()) {
        const std::string heading = entry->statement.empty()
                                        ? code(fmt::format("Shape \"{}\"", entry->name))
                                        : code(entry->statement);
        headings.push_back(heading);
        checkParameters("Shapes", heading, entry->parameters);
        std::vector<Row> arguments = {{"argument", "domain", "meaning"}};
        for (const ArgumentSpec& a : entry->arguments)
            arguments.push_back({code(a.name), a.domain.text(), std::string(a.meaning)});
        checkTable("Shapes", heading, arguments, 2);
    }
    checkNothingExtra("Shapes", headings);
}

TEST_CASE("docs/scene-format.md lists every surface and the SL shader parameters", "[docs]") {
    std::vector<std::string> headings;
    for (const MaterialEntry* entry : materialRegistry()) {
        headings.push_back(code(entry->name));
        checkParameters("Surfaces", code(entry->name), entry->parameters);
    }
    headings.push_back(code(MixMaterial::syntax.name));
    checkParameters("Surfaces", code(MixMaterial::syntax.name), MixMaterial::syntax.parameters);
    headings.push_back("SL shaders");
    checkParameters("Surfaces", "SL shaders", SlMaterial::parameterTable());
    checkNothingExtra("Surfaces", headings);
    // The parameters every Surface statement takes, in the section's own table.
    checkParameters("Surfaces", "", surfaceStatementParameterTable());
}

TEST_CASE("docs/scene-format.md lists every texture with its parameters and inputs", "[docs]") {
    std::vector<std::string> headings;
    for (const TextureEntry* entry : textureRegistry()) {
        const std::string heading = code(entry->name);
        headings.push_back(heading);
        checkParameters("Textures", heading, entry->parameters);
        std::vector<Row> inputs = {{"input", "default", "meaning"}};
        for (const TextureInput& input : entry->inputs)
            inputs.push_back(
                {code(input.name), defaultText(input.fallback), std::string(input.meaning)});
        checkTable("Textures", heading, inputs, 2);
    }
    checkNothingExtra("Textures", headings);
}

TEST_CASE("docs/scene-format.md lists every light with its parameters", "[docs]") {
    std::vector<std::string> headings;
    for (const LightEntry* entry : lightRegistry()) {
        headings.push_back(code(entry->name));
        checkParameters("Lights", code(entry->name), entry->parameters);
    }
    checkNothingExtra("Lights", headings);
}

TEST_CASE("docs/scene-format.md lists every integrator, projection and filter", "[docs]") {
    std::vector<std::string> integrators;
    for (const IntegratorEntry* entry : integratorRegistry()) {
        integrators.push_back(code(entry->name));
        checkParameters("Integrators", code(entry->name), entry->parameters);
    }
    checkNothingExtra("Integrators", integrators);

    std::vector<std::string> projections;
    for (const CameraEntry* entry : cameraRegistry()) {
        projections.push_back(code(entry->name));
        checkParameters("Projections", code(entry->name), entry->parameters);
    }
    checkNothingExtra("Projections", projections);

    std::vector<Row> filters = {{"filter", "default width"}};
    for (const FilterEntry* entry : filterRegistry())
        filters.push_back({code(entry->name), fmt::format("{}", entry->defaultWidth)});
    INFO("the pixel filter table should read:\n" << markdown(filters));
    const std::vector<Row>* documented = findTable("Pixel filters", "", "filter");
    REQUIRE(documented != nullptr);
    CHECK(firstColumns(*documented, 2) == filters);
}

TEST_CASE("docs/light-sampling.md lists every light sampler, as its registry does", "[docs]") {
    std::vector<Row> expected = {{"value", "picks"}};
    for (const LightSamplerEntry* entry : lightSamplerRegistry())
        expected.push_back({fmt::format("`\"{}\"`", entry->name), std::string(entry->meaning)});
    INFO("the first table of docs/light-sampling.md should read:\n" << markdown(expected));
    const auto tables = documentTables(LRT_SOURCE_DIR "/docs/light-sampling.md");
    REQUIRE(tables.count("") == 1);
    REQUIRE(tables.at("").count("") == 1);
    REQUIRE(!tables.at("").at("").empty());
    CHECK(firstColumns(tables.at("").at("").front(), 2) == expected);
}

TEST_CASE("docs/scene-format.md lists every sampler, as its registry does", "[docs]") {
    std::vector<Row> expected = {{"sampler", "places samples by", "adaptive renders take"}};
    for (const SamplerEntry* entry : samplerRegistry())
        expected.push_back(
            {code(entry->name), std::string(entry->meaning),
             entry->adaptiveStandIn.empty() ? "itself" : code(entry->adaptiveStandIn)});
    INFO("the sampler table of docs/scene-format.md's Sampling section should read:\n"
         << markdown(expected));
    const std::vector<Row>* documented = findTable("Sampling", "", "sampler");
    REQUIRE(documented != nullptr);
    CHECK(firstColumns(*documented, 3) == expected);
}

TEST_CASE("docs/scene-format.md lists the domain of every statement argument", "[docs]") {
    std::vector<Row> expected = {{"statement", "argument", "domain", "meaning"}};
    for (const StatementArguments& s : statementArguments())
        for (const ArgumentSpec& a : s.arguments)
            expected.push_back(
                {code(s.statement), code(a.name), a.domain.text(), std::string(a.meaning)});
    INFO("the table of section \"Numeric domains\" should read:\n" << markdown(expected));
    const std::vector<Row>* documented = findTable("Numeric domains", "", "statement");
    REQUIRE(documented != nullptr);
    CHECK(firstColumns(*documented, 3) == firstColumns(expected, 3));
}
