// PLY meshes: the same mesh written as ASCII, binary of both byte orders and gzip'd reads the
// same; a plymesh renders exactly as the same triangles given as a trianglemesh; hostile files
// are refused with the place and the reason.
#include "renderer/meshfiles/ply_file.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <array>
#include <bit>
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <zlib.h>

using namespace lrt;

namespace {

// A unit square (a quad) and a triangle above it, with normals and texture coordinates.
const float kVertices[5][8] = {
    // x y z nx ny nz u v
    {0, 0, 0, 0, 0, 1, 0, 0}, {1, 0, 0, 0, 0, 1, 1, 0},       {1, 1, 0, 0, 0, 1, 1, 1},
    {0, 1, 0, 0, 0, 1, 0, 1}, {0.5f, 2, 0, 0, 0, 1, 0.5f, 1},
};
const std::vector<std::vector<int>> kFaces = {{0, 1, 2, 3}, {3, 2, 4}};

std::string header(const std::string& format, const std::string& indexType = "int") {
    return "ply\nformat " + format +
           " 1.0\ncomment written by lrt's tests\nelement vertex 5\nproperty float x\n"
           "property float y\nproperty float z\nproperty float nx\nproperty float ny\n"
           "property float nz\nproperty float u\nproperty float v\nelement face 2\n"
           "property list uchar " +
           indexType + " vertex_indices\nend_header\n";
}

std::string asciiPly() {
    std::string out = header("ascii");
    for (const auto& v : kVertices) {
        for (const float x : v)
            out += fmt::format("{} ", x);
        out += "\n";
    }
    for (const auto& f : kFaces) {
        out += std::to_string(f.size());
        for (const int i : f)
            out += " " + std::to_string(i);
        out += "\n";
    }
    return out;
}

// Appends `value`'s bytes in the given byte order.
template <typename T>
void put(std::string& out, T value, bool bigEndian) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    if (bigEndian == (std::endian::native == std::endian::little))
        std::reverse(bytes, bytes + sizeof(T));
    out.append(bytes, sizeof(T));
}

std::string binaryPly(bool bigEndian) {
    std::string out = header(bigEndian ? "binary_big_endian" : "binary_little_endian", "uint");
    for (const auto& v : kVertices)
        for (const float x : v)
            put(out, x, bigEndian);
    for (const auto& f : kFaces) {
        put(out, static_cast<std::uint8_t>(f.size()), bigEndian);
        for (const int i : f)
            put(out, static_cast<std::uint32_t>(i), bigEndian);
    }
    return out;
}

// A file in this test process's own scratch folder, removed at exit.
std::filesystem::path scratchPath(const std::string& name) {
    static const testing::ScratchDirectory directory("lrt_ply_test_");
    return directory / name;
}

std::string parseError(const std::string& bytes) {
    try {
        parsePly(bytes, "m.ply");
        return "";
    } catch (const std::runtime_error& e) {
        return e.what();
    }
}

} // namespace

TEST_CASE("a PLY mesh reads the same in ASCII, both binary byte orders and gzip", "[shapes][ply]") {
    const MeshData ascii = parsePly(asciiPly(), "m.ply");
    // The quad becomes (0 1 2) and (0 2 3); v is flipped to t, which runs down the image.
    CHECK(ascii.triangles == std::vector<std::array<int, 3>>{{0, 1, 2}, {0, 2, 3}, {3, 2, 4}});
    REQUIRE(ascii.positions.size() == 5);
    CHECK(ascii.positions[4].x == 0.5f);
    CHECK(ascii.positions[4].y == 2.0f);
    REQUIRE(ascii.normals.size() == 5);
    CHECK(ascii.normals[2].z == 1.0f);
    REQUIRE(ascii.st.size() == 5);
    CHECK(ascii.st[2].x == 1.0f);
    CHECK(ascii.st[2].y == 0.0f);
    CHECK(ascii.st[0].y == 1.0f);
    for (const bool big : {false, true}) {
        INFO((big ? "binary_big_endian" : "binary_little_endian"));
        const MeshData binary = parsePly(binaryPly(big), "m.ply");
        CHECK(binary.triangles == ascii.triangles);
        for (std::size_t i = 0; i < 5; ++i) {
            CHECK(binary.positions[i].x == ascii.positions[i].x);
            CHECK(binary.positions[i].y == ascii.positions[i].y);
            CHECK(binary.st[i].y == ascii.st[i].y);
        }
    }
    const auto path = scratchPath("mesh.ply.gz");
    const std::string bytes = binaryPly(false);
    gzFile gz = gzopen(path.c_str(), "wb");
    REQUIRE(gz != nullptr);
    REQUIRE(gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size())) ==
            static_cast<int>(bytes.size()));
    gzclose(gz);
    const MeshData gzipped = loadPlyFile(path);
    CHECK(gzipped.triangles == ascii.triangles);
    CHECK(gzipped.positions[4].y == 2.0f);
}

TEST_CASE("a plymesh renders exactly as the same triangles as a trianglemesh", "[shapes][ply]") {
    const auto path = scratchPath("render.ply");
    std::ofstream(path, std::ios::binary) << binaryPly(true);
    const std::string camera = "Format 32 24 1\nPixelSamples 1 1\nTranslate -0.5 -1 3\n"
                               "WorldBegin\nLightSource \"distantlight\" \"to\" [0 0 1]\n";
    const Image ply = testing::renderText(camera + "Shape \"plymesh\" \"filename\" \"" +
                                          path.string() + "\"\nWorldEnd\n");
    const Image mesh = testing::renderText(
        camera +
        "Shape \"trianglemesh\" \"indices\" [0 1 2 0 2 3 3 2 4] \"P\" [0 0 0 1 0 0 1 1 0 0 1 0 "
        "0.5 2 0] \"N\" [0 0 1 0 0 1 0 0 1 0 0 1 0 0 1] \"st\" [0 1 1 1 1 0 0 0 0.5 0]\n"
        "WorldEnd\n");
    CHECK(ply.pixels == mesh.pixels);
    CHECK(std::any_of(ply.pixels.begin(), ply.pixels.end(), [](float v) { return v > 0; }));
}

TEST_CASE("hostile PLY files are refused with the place and the reason", "[shapes][ply]") {
    const std::string good = binaryPly(false);
    const std::string body = good.substr(good.find("end_header\n") + 11);
    const std::string head = good.substr(0, good.size() - body.size());
    CHECK(parseError("plx\n") == "m.ply:1: not a PLY file: expected \"ply\" on the first line");
    CHECK(parseError("ply\nformat ascii 1.0\n") == "m.ply:3: the header has no end_header line");
    CHECK(parseError("ply\nformat utf8 1.0\nend_header\n") == "m.ply:2: unknown format 'utf8'");
    CHECK(parseError("ply\nformat ascii 1.0\nelement vertex 1\nproperty half x\nend_header\n") ==
          "m.ply:4: expected \"property TYPE NAME\" or \"property list COUNTTYPE ITEMTYPE NAME\" "
          "(types char, uchar, short, ushort, int, uint, float, double)");
    // Truncated in the middle of the faces.
    CHECK(parseError(good.substr(0, good.size() - 3)) == "m.ply: face 1 of 2: the file ends early");
    // A count the file cannot hold is refused before anything is read.
    std::string huge = head;
    huge.replace(huge.find("element face 2"), 14, "element face 999999999999");
    CHECK(parseError(huge + body) == "m.ply:13: 999999999999 face items of at least 1 byte "
                                     "each do not fit in the body's 190 bytes");
    // An index past the vertices, and a pentagon.
    std::string ascii = asciiPly();
    CHECK(parseError(ascii.substr(0, ascii.rfind("3 3 2 4")) + "3 3 2 5\n") ==
          "m.ply: face 1 of 2: vertex index 5 is outside the 5 vertices");
    CHECK(parseError(ascii.substr(0, ascii.rfind("3 3 2 4")) + "5 0 1 2 3 4\n") ==
          "m.ply: face 1 of 2: a face of 5 vertices (lrt reads triangles and quads)");
    CHECK(parseError(ascii.substr(0, ascii.rfind("3 3 2 4")) + "3 3 2 x\n") ==
          "m.ply: face 1 of 2: 'x' is not a number");
    CHECK(
        parseError("ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n1\n") ==
        "m.ply:3: the vertex element has no x, y and z");
    // An element without properties takes no bytes: its count must not be looped over.
    std::string empty = head;
    empty.replace(empty.find("element face 2"), 14, "element note 21474836481\nelement face 2");
    CHECK(parsePly(empty + body, "m.ply").triangles.size() == 3);
    // A corrupt gzip stream.
    const auto path = scratchPath("broken.ply.gz");
    std::ofstream(path, std::ios::binary) << std::string("\x1f\x8b\x08\x00garbage", 11);
    CHECK_THROWS_WITH(loadPlyFile(path),
                      path.string() + ": not a complete gzip stream (truncated or corrupt)");
}

namespace {

// The mesh of kVertices and kFaces in binary, with indices of `indexType` (uchar counts) and,
// when `extra`, a uchar property after the floats of each vertex: layouts that take the bulk
// reader (float vertices, byte-counted 32-bit indices) or the item-by-item one.
std::string binaryLayout(bool bigEndian, const std::string& indexType, bool extra,
                         const std::vector<std::vector<long long>>& faces) {
    std::string out = header(bigEndian ? "binary_big_endian" : "binary_little_endian", indexType);
    if (extra)
        out.replace(out.find("element face"), 0, "property uchar quality\n");
    for (const auto& v : kVertices) {
        for (const float x : v)
            put(out, x, bigEndian);
        if (extra)
            put(out, std::uint8_t{7}, bigEndian);
    }
    for (const auto& f : faces) {
        put(out, static_cast<std::uint8_t>(f.size()), bigEndian);
        for (const long long i : f) {
            if (indexType == "ushort")
                put(out, static_cast<std::uint16_t>(i), bigEndian);
            else if (indexType == "int")
                put(out, static_cast<std::int32_t>(i), bigEndian);
            else
                put(out, static_cast<std::uint32_t>(i), bigEndian);
        }
    }
    return out;
}

const std::vector<std::vector<long long>> kFaceIndices = {{0, 1, 2, 3}, {3, 2, 4}};

} // namespace

TEST_CASE("binary PLY layouts read in bulk and item by item give the same mesh", "[shapes][ply]") {
    const MeshData ascii = parsePly(asciiPly(), "m.ply");
    CHECK(ascii.positionsSharable());
    CHECK(ascii.trianglesSharable());
    for (const bool big : {false, true})
        for (const std::string type : {"int", "uint", "ushort"})
            for (const bool extra : {false, true}) {
                INFO((big ? "big" : "little") << "-endian, " << type << " indices, "
                                              << (extra ? "an extra vertex property" : "floats"));
                const MeshData m = parsePly(binaryLayout(big, type, extra, kFaceIndices), "m.ply");
                CHECK(m.triangles == ascii.triangles);
                // Every reader keeps the spare elements that let Embree share the arrays.
                CHECK(m.positionsSharable());
                CHECK(m.trianglesSharable());
                REQUIRE(m.positions.size() == ascii.positions.size());
                for (std::size_t i = 0; i < m.positions.size(); ++i) {
                    CHECK(m.positions[i].x == ascii.positions[i].x);
                    CHECK(m.positions[i].y == ascii.positions[i].y);
                    CHECK(m.normals[i].z == ascii.normals[i].z);
                    CHECK(m.st[i].y == ascii.st[i].y);
                }
            }
}

TEST_CASE("the bulk binary reader refuses bad faces as the item-by-item reader does",
          "[shapes][ply]") {
    for (const bool big : {false, true})
        for (const std::string type : {"int", "uint", "ushort"}) {
            INFO((big ? "big" : "little") << "-endian, " << type << " indices");
            CHECK(parseError(binaryLayout(big, type, false, {{0, 1, 2, 3}, {3, 2, 5}})) ==
                  "m.ply: face 1 of 2: vertex index 5 is outside the 5 vertices");
            CHECK(parseError(binaryLayout(big, type, false, {{0, 1, 2, 3}, {0, 1, 2, 3, 4}})) ==
                  "m.ply: face 1 of 2: a face of 5 vertices (lrt reads triangles and quads)");
            const std::string whole = binaryLayout(big, type, false, kFaceIndices);
            CHECK(parseError(whole.substr(0, whole.size() - 1)) ==
                  "m.ply: face 1 of 2: the file ends early");
        }
    CHECK(parseError(binaryLayout(false, "int", false, {{0, 1, 2, 3}, {3, -1, 4}})) ==
          "m.ply: face 1 of 2: vertex index -1 is outside the 5 vertices");
    CHECK(parseError(binaryLayout(true, "uint", false, {{0, 1, 2, 3}, {3, 4294967295LL, 4}})) ==
          "m.ply: face 1 of 2: vertex index 4294967295 is outside the 5 vertices");
}

TEST_CASE("two face elements both add their triangles", "[shapes][ply]") {
    // Each element's faces are read on their own, in bulk; the second must not overwrite the
    // first's.
    for (const bool big : {false, true}) {
        std::string out = std::string("ply\nformat ") +
                          (big ? "binary_big_endian" : "binary_little_endian") +
                          " 1.0\nelement vertex 4\nproperty float x\nproperty float y\n"
                          "property float z\nelement face 1\nproperty list uchar int "
                          "vertex_indices\nelement face 2\nproperty list uchar int "
                          "vertex_indices\nend_header\n";
        for (const float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 1.f, 1.f, 0.f, 0.f, 1.f, 0.f})
            put(out, v, big);
        for (const std::array<int, 3>& t :
             {std::array<int, 3>{0, 1, 2}, std::array<int, 3>{0, 2, 3},
              std::array<int, 3>{3, 2, 1}}) {
            put(out, std::uint8_t{3}, big);
            for (const int i : t)
                put(out, static_cast<std::int32_t>(i), big);
        }
        const MeshData m = parsePly(out, "m.ply");
        CHECK(m.triangles == std::vector<std::array<int, 3>>{{0, 1, 2}, {0, 2, 3}, {3, 2, 1}});
    }
}

TEST_CASE("a PLY that Blender wrote reads the same in binary and in ASCII", "[shapes][ply]") {
    // Blender 3.4's Stanford exporter (tests/data/blender/export_scenes.py): float positions,
    // normals and texture coordinates, faces of uchar-counted uint indices, triangles and quads.
    const std::string folder = LRT_SOURCE_DIR "/tests/data/blender/";
    const MeshData binary = loadPlyFile(folder + "scene.ply");
    const std::string asciiText = testing_files::requiredFileBytes(folder + "scene_ascii.ply");
    const MeshData ascii = parsePly(asciiText, "scene_ascii.ply");
    // The triangles a triangulation of the ASCII file's faces makes, counted from its text: a face
    // of n corners is n - 2 triangles.
    std::istringstream text(asciiText.substr(asciiText.find("end_header\n") + 11));
    std::string line;
    for (std::size_t v = 0; v < ascii.positions.size(); ++v)
        std::getline(text, line);
    std::size_t triangles = 0;
    while (std::getline(text, line))
        if (!line.empty())
            triangles += static_cast<std::size_t>(std::stoi(line)) - 2;
    CHECK(triangles == 2224);
    CHECK(binary.triangles.size() == triangles);
    CHECK(binary.triangles == ascii.triangles);
    REQUIRE(binary.positions.size() == ascii.positions.size());
    REQUIRE(binary.normals.size() == ascii.normals.size());
    REQUIRE(binary.st.size() == ascii.st.size());
    for (std::size_t i = 0; i < binary.positions.size(); ++i) {
        INFO("vertex " << i);
        // ASCII keeps six significant digits.
        CHECK(binary.positions[i].x == Approx(ascii.positions[i].x).margin(1e-5));
        CHECK(binary.positions[i].y == Approx(ascii.positions[i].y).margin(1e-5));
        CHECK(binary.positions[i].z == Approx(ascii.positions[i].z).margin(1e-5));
        CHECK(binary.normals[i].y == Approx(ascii.normals[i].y).margin(1e-5));
        CHECK(binary.st[i].x == Approx(ascii.st[i].x).margin(1e-5));
        CHECK(binary.st[i].y == Approx(ascii.st[i].y).margin(1e-5));
    }
}
