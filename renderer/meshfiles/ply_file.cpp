// Parsing PLY: the header into element and property declarations, then the body, ASCII or binary,
// item by item (binary bodies of the common layouts in bulk), keeping what a mesh needs; and
// reading a PLY file, gunzipped first when it is gzip'd.
#include "renderer/meshfiles/ply_file.h"

#include "renderer/core/scene_error.h"
#include "renderer/meshfiles/gzip.h"
#include "slvm/common/file_contents.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace lrt {

namespace {

enum class Format { Ascii, BinaryLittleEndian, BinaryBigEndian };
enum class Scalar { Int8, UInt8, Int16, UInt16, Int32, UInt32, Float32, Float64 };

std::optional<Scalar> scalarNamed(std::string_view name) {
    const std::pair<std::string_view, Scalar> names[] = {
        {"char", Scalar::Int8},      {"int8", Scalar::Int8},       {"uchar", Scalar::UInt8},
        {"uint8", Scalar::UInt8},    {"short", Scalar::Int16},     {"int16", Scalar::Int16},
        {"ushort", Scalar::UInt16},  {"uint16", Scalar::UInt16},   {"int", Scalar::Int32},
        {"int32", Scalar::Int32},    {"uint", Scalar::UInt32},     {"uint32", Scalar::UInt32},
        {"float", Scalar::Float32},  {"float32", Scalar::Float32}, {"double", Scalar::Float64},
        {"float64", Scalar::Float64}};
    for (const auto& [n, s] : names)
        if (n == name)
            return s;
    return std::nullopt;
}

std::size_t sizeOf(Scalar s) {
    switch (s) {
    case Scalar::Int8:
    case Scalar::UInt8:
        return 1;
    case Scalar::Int16:
    case Scalar::UInt16:
        return 2;
    case Scalar::Int32:
    case Scalar::UInt32:
    case Scalar::Float32:
        return 4;
    case Scalar::Float64:
        return 8;
    }
    return 1;
}

bool isInteger(Scalar s) {
    return s != Scalar::Float32 && s != Scalar::Float64;
}

struct Property {
    std::string name;
    Scalar type;
    std::optional<Scalar> countType; // set for a list
};

struct Element {
    std::string name;
    std::uint64_t count;
    std::vector<Property> properties;
    int line; // of its declaration
};

struct Header {
    Format format = Format::Ascii;
    std::vector<Element> elements;
    std::size_t bodyStart = 0;
};

std::vector<std::string> words(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

Header parseHeader(std::string_view bytes, const std::string& name) {
    Header header;
    std::size_t at = 0;
    int lineNumber = 0;
    bool sawFormat = false;
    const auto fail = [&](const std::string& what) {
        throw std::runtime_error(fmt::format("{}:{}: {}", name, lineNumber, what));
    };
    while (true) {
        const std::size_t end = bytes.find('\n', at);
        ++lineNumber;
        if (end == std::string_view::npos)
            fail("the header has no end_header line");
        std::string line(bytes.substr(at, end - at));
        at = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const std::vector<std::string> w = words(line);
        if (lineNumber == 1) {
            if (w.size() != 1 || w[0] != "ply")
                fail("not a PLY file: expected \"ply\" on the first line");
            continue;
        }
        if (w.empty() || w[0] == "comment" || w[0] == "obj_info")
            continue;
        if (w[0] == "end_header") {
            if (!sawFormat)
                fail("end_header before the format line");
            header.bodyStart = at;
            return header;
        }
        if (w[0] == "format") {
            if (w.size() != 3 || w[2] != "1.0")
                fail("expected \"format ascii|binary_little_endian|binary_big_endian 1.0\"");
            if (w[1] == "ascii")
                header.format = Format::Ascii;
            else if (w[1] == "binary_little_endian")
                header.format = Format::BinaryLittleEndian;
            else if (w[1] == "binary_big_endian")
                header.format = Format::BinaryBigEndian;
            else
                fail(fmt::format("unknown format '{}'", w[1]));
            sawFormat = true;
        } else if (w[0] == "element") {
            if (w.size() != 3 || w[2].find_first_not_of("0123456789") != std::string::npos ||
                w[2].size() > 18)
                fail("expected \"element NAME COUNT\"");
            header.elements.push_back({w[1], std::stoull(w[2]), {}, lineNumber});
        } else if (w[0] == "property") {
            if (header.elements.empty())
                fail("a property before any element");
            Property p;
            if (w.size() == 5 && w[1] == "list") {
                const auto count = scalarNamed(w[2]), item = scalarNamed(w[3]);
                if (!count || !item || !isInteger(*count))
                    fail("expected \"property list COUNTTYPE ITEMTYPE NAME\" with an integer "
                         "count type");
                p = {w[4], *item, *count};
            } else if (w.size() == 3 && scalarNamed(w[1])) {
                p = {w[2], *scalarNamed(w[1]), std::nullopt};
            } else {
                fail("expected \"property TYPE NAME\" or \"property list COUNTTYPE ITEMTYPE "
                     "NAME\" (types char, uchar, short, ushort, int, uint, float, double)");
            }
            header.elements.back().properties.push_back(p);
        } else {
            fail(fmt::format("unknown header line '{}'", w[0]));
        }
    }
}

// The body, one number at a time.
class BodyReader {
public:
    BodyReader(std::string_view bytes, std::size_t at, Format format)
        : bytes_(bytes), at_(at), format_(format) {}

    std::size_t remaining() const { return bytes_.size() - at_; }
    // Binary bodies: the bytes not yet read, and a step past those read in bulk.
    const unsigned char* here() const {
        return reinterpret_cast<const unsigned char*>(bytes_.data()) + at_;
    }
    void skip(std::size_t bytes) { at_ += bytes; }
    bool swapsBytes() const {
        return format_ != Format::Ascii &&
               (format_ == Format::BinaryBigEndian) == (std::endian::native == std::endian::little);
    }
    bool binary() const { return format_ != Format::Ascii; }

    // Throws std::runtime_error with the reason (the caller adds where).
    double read(Scalar type) {
        return format_ == Format::Ascii ? readAscii(type) : readBinary(type);
    }

private:
    double readAscii(Scalar type) {
        while (at_ < bytes_.size() && std::isspace(static_cast<unsigned char>(bytes_[at_])))
            ++at_;
        const std::size_t start = at_;
        while (at_ < bytes_.size() && !std::isspace(static_cast<unsigned char>(bytes_[at_])))
            ++at_;
        if (start == at_)
            throw std::runtime_error("the file ends early");
        const std::string token(bytes_.substr(start, at_ - start));
        char* end = nullptr;
        const double value = std::strtod(token.c_str(), &end);
        if (end != token.c_str() + token.size())
            throw std::runtime_error(fmt::format("'{}' is not a number", token));
        if (isInteger(type) && value != std::floor(value))
            throw std::runtime_error(fmt::format("'{}' is not an integer", token));
        return value;
    }

    double readBinary(Scalar type) {
        const std::size_t size = sizeOf(type);
        if (remaining() < size)
            throw std::runtime_error("the file ends early");
        unsigned char raw[8];
        std::memcpy(raw, bytes_.data() + at_, size);
        at_ += size;
        const bool swap =
            (format_ == Format::BinaryBigEndian) == (std::endian::native == std::endian::little);
        if (swap)
            std::reverse(raw, raw + size);
        const auto as = [&]<typename T>(T) {
            T v;
            std::memcpy(&v, raw, sizeof v);
            return static_cast<double>(v);
        };
        switch (type) {
        case Scalar::Int8:
            return as(std::int8_t{});
        case Scalar::UInt8:
            return as(std::uint8_t{});
        case Scalar::Int16:
            return as(std::int16_t{});
        case Scalar::UInt16:
            return as(std::uint16_t{});
        case Scalar::Int32:
            return as(std::int32_t{});
        case Scalar::UInt32:
            return as(std::uint32_t{});
        case Scalar::Float32:
            return as(float{});
        case Scalar::Float64:
            return as(double{});
        }
        return 0;
    }

    std::string_view bytes_;
    std::size_t at_;
    Format format_;
};

// The fewest bytes an item of `e` can take: a count it claims beyond what is left is refused
// before anything is allocated for it.
std::size_t smallestItem(const Element& e, Format format) {
    std::size_t bytes = 0;
    for (const Property& p : e.properties)
        bytes += format == Format::Ascii ? 2 : sizeOf(p.countType.value_or(p.type));
    return bytes;
}

// Where each vertex property goes: position, normal or texture coordinate component.
enum class Slot { None, X, Y, Z, NX, NY, NZ, U, V };
Slot slotOf(const std::string& name) {
    const std::pair<std::string_view, Slot> slots[] = {
        {"x", Slot::X},         {"y", Slot::Y},         {"z", Slot::Z},
        {"nx", Slot::NX},       {"ny", Slot::NY},       {"nz", Slot::NZ},
        {"u", Slot::U},         {"v", Slot::V},         {"s", Slot::U},
        {"t", Slot::V},         {"texture_u", Slot::U}, {"texture_v", Slot::V},
        {"texture_s", Slot::U}, {"texture_t", Slot::V}};
    for (const auto& [n, s] : slots)
        if (n == name)
            return s;
    return Slot::None;
}

struct MeshReader {
    const std::string& name;
    BodyReader body;
    MeshData mesh;
    std::uint64_t vertexCount = 0;
    bool normals = false, st = false;

    void readVertices(const Element& e) {
        std::vector<Slot> slots;
        int found[9] = {};
        for (const Property& p : e.properties) {
            slots.push_back(p.countType ? Slot::None : slotOf(p.name));
            ++found[static_cast<int>(slots.back())];
        }
        if (!found[int(Slot::X)] || !found[int(Slot::Y)] || !found[int(Slot::Z)])
            throw std::runtime_error(
                fmt::format("{}:{}: the vertex element has no x, y and z", name, e.line));
        normals = found[int(Slot::NX)] && found[int(Slot::NY)] && found[int(Slot::NZ)];
        st = found[int(Slot::U)] && found[int(Slot::V)];
        // The header's counts were checked against the body's size: reserving is bounded.
        mesh.reservePositions(e.count);
        if (normals)
            mesh.normals.reserve(e.count);
        if (st)
            mesh.st.reserve(e.count);
        if (readFloatVertices(e, slots))
            return;
        for (std::uint64_t i = 0; i < e.count; ++i) {
            float value[9] = {};
            for (std::size_t k = 0; k < e.properties.size(); ++k) {
                const double v = readProperty(e, i, e.properties[k]);
                value[static_cast<int>(slots[k])] = static_cast<float>(v);
            }
            addVertex(value);
        }
    }

    // A vertex of the values read into its slots.
    void addVertex(const float (&value)[9]) {
        mesh.positions.push_back({value[int(Slot::X)], value[int(Slot::Y)], value[int(Slot::Z)]});
        if (normals)
            mesh.normals.push_back(
                {value[int(Slot::NX)], value[int(Slot::NY)], value[int(Slot::NZ)]});
        // PLY's v runs up the image, as OBJ's; lrt's t runs down it, as in RenderMan.
        if (st)
            mesh.st.push_back({value[int(Slot::U)], 1.0f - value[int(Slot::V)]});
    }

    // Binary vertices of float properties only (what exporters write), in bulk; false, having
    // read nothing, for any other layout or a body too short for them (then the item-by-item
    // reader reads them, or names the item where the body ends).
    bool readFloatVertices(const Element& e, const std::vector<Slot>& slots) {
        const bool allFloat = std::all_of(e.properties.begin(), e.properties.end(), [](auto& p) {
            return !p.countType && p.type == Scalar::Float32;
        });
        const std::size_t stride = 4 * e.properties.size();
        if (!body.binary() || !allFloat || body.remaining() / stride < e.count)
            return false;
        const bool swap = body.swapsBytes();
        const unsigned char* item = body.here();
        for (std::uint64_t i = 0; i < e.count; ++i, item += stride) {
            float value[9] = {};
            for (std::size_t k = 0; k < slots.size(); ++k)
                value[static_cast<int>(slots[k])] = loadFloat(item + 4 * k, swap);
            addVertex(value);
        }
        body.skip(stride * e.count);
        return true;
    }

    static std::uint32_t load32(const unsigned char* at, bool swap) {
        std::uint32_t v;
        std::memcpy(&v, at, 4);
        return swap ? __builtin_bswap32(v) : v;
    }
    static float loadFloat(const unsigned char* at, bool swap) {
        return std::bit_cast<float>(load32(at, swap));
    }

    void readFaces(const Element& e) {
        mesh.reserveTriangles(mesh.triangles.size() + e.count);
        if (readByteCountedFaces(e))
            return;
        for (std::uint64_t i = 0; i < e.count; ++i)
            for (const Property& p : e.properties) {
                const bool corners =
                    p.countType && (p.name == "vertex_indices" || p.name == "vertex_index");
                if (!corners) {
                    readProperty(e, i, p);
                    continue;
                }
                const int count = checkedCornerCount(e, i, read(e, i, *p.countType));
                int v[4];
                for (int k = 0; k < count; ++k)
                    v[k] = checkedCorner(e, i, read(e, i, p.type));
                addFace(v, count);
            }
    }

    // A face's corner count, which must be 3 or 4, and a corner's vertex index, which must name a
    // vertex: the checks of both face readers, with one wording.
    int checkedCornerCount(const Element& e, std::uint64_t i, double count) const {
        if (count != 3 && count != 4)
            throw failure(
                e, i, fmt::format("a face of {} vertices (lrt reads triangles and quads)", count));
        return static_cast<int>(count);
    }
    int checkedCorner(const Element& e, std::uint64_t i, double index) const {
        if (index < 0 || index >= static_cast<double>(vertexCount))
            throw failure(
                e, i,
                fmt::format("vertex index {} is outside the {} vertices", index, vertexCount));
        return static_cast<int>(index);
    }
    // A triangle, or a quad as two triangles sharing its diagonal from corner 0.
    void addFace(const int (&v)[4], int count) {
        mesh.triangles.push_back({v[0], v[1], v[2]});
        if (count == 4)
            mesh.triangles.push_back({v[0], v[2], v[3]});
    }

    // Binary faces whose one property is the corner list, counted by a byte with 32-bit indices
    // (what exporters write), in bulk; false, having read nothing, for any other layout. The
    // errors are the item-by-item reader's.
    bool readByteCountedFaces(const Element& e) {
        if (!body.binary() || e.properties.size() != 1)
            return false;
        const Property& p = e.properties.front();
        if (p.countType != Scalar::UInt8 || (p.type != Scalar::Int32 && p.type != Scalar::UInt32) ||
            (p.name != "vertex_indices" && p.name != "vertex_index"))
            return false;
        const bool swap = body.swapsBytes(), isSigned = p.type == Scalar::Int32;
        if (readTrianglesInParallel(e, swap))
            return true;
        for (std::uint64_t i = 0; i < e.count; ++i) {
            if (body.remaining() < 1)
                throw failure(e, i, "the file ends early");
            const int count = checkedCornerCount(e, i, *body.here());
            const std::size_t bytes = 1 + 4 * static_cast<std::size_t>(count);
            if (body.remaining() < bytes)
                throw failure(e, i, "the file ends early");
            int v[4];
            for (int k = 0; k < count; ++k) {
                const std::uint32_t bits = load32(body.here() + 1 + 4 * k, swap);
                v[k] =
                    checkedCorner(e, i,
                                  isSigned ? static_cast<double>(std::bit_cast<std::int32_t>(bits))
                                           : static_cast<double>(bits));
            }
            body.skip(bytes);
            addFace(v, count);
        }
        return true;
    }

    // Faces that are all triangles (a count byte of 3, then three indices: the commonest layout)
    // are read by all the threads, each its own run of faces; false, having read nothing, when
    // a face is not such a triangle or an index is out of range (the serial reader then reads a
    // mesh with quads, or names the face that is wrong). A negative signed index, read as
    // unsigned, is past any vertex count lrt accepts.
    bool readTrianglesInParallel(const Element& e, bool swap) {
        constexpr std::size_t kStride = 13;
        if (body.remaining() / kStride < e.count)
            return false;
        const unsigned char* faces = body.here();
        const auto count = static_cast<std::size_t>(e.count);
        const std::size_t first = mesh.triangles.size(); // after an earlier face element's
        mesh.triangles.resize(first + count);
        std::atomic<bool> irregular{false};
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, std::size_t{1} << 16),
            [&](const tbb::blocked_range<std::size_t>& range) {
                for (std::size_t i = range.begin(); i != range.end(); ++i) {
                    const unsigned char* face = faces + kStride * i;
                    const std::uint32_t a = load32(face + 1, swap), b = load32(face + 5, swap),
                                        c = load32(face + 9, swap);
                    if (face[0] != 3 || a >= vertexCount || b >= vertexCount || c >= vertexCount) {
                        irregular.store(true, std::memory_order_relaxed);
                        return;
                    }
                    mesh.triangles[first + i] = {static_cast<int>(a), static_cast<int>(b),
                                                 static_cast<int>(c)};
                }
            });
        if (irregular.load()) {
            mesh.triangles.resize(first);
            return false;
        }
        body.skip(kStride * count);
        return true;
    }

    // Reads a property's value (or, for a list, its items) and returns the last number read.
    double readProperty(const Element& e, std::uint64_t i, const Property& p) {
        if (!p.countType)
            return read(e, i, p.type);
        const double count = read(e, i, *p.countType);
        if (count < 0)
            throw failure(e, i, fmt::format("a list of {} items", count));
        double last = 0;
        for (double k = 0; k < count; ++k)
            last = read(e, i, p.type);
        return last;
    }

    double read(const Element& e, std::uint64_t i, Scalar type) {
        try {
            return body.read(type);
        } catch (const std::runtime_error& error) {
            throw failure(e, i, error.what());
        }
    }

    std::runtime_error failure(const Element& e, std::uint64_t i, const std::string& what) const {
        return std::runtime_error(
            fmt::format("{}: {} {} of {}: {}", name, e.name, i, e.count, what));
    }
};

} // namespace

MeshData parsePly(std::string_view bytes, const std::string& name) {
    const Header header = parseHeader(bytes, name);
    MeshReader reader{name, BodyReader(bytes, header.bodyStart, header.format), {}};
    const Element* faces = nullptr;
    for (const Element& e : header.elements) {
        const std::size_t smallest = smallestItem(e, header.format);
        if (smallest > 0 && e.count > reader.body.remaining() / smallest)
            throw std::runtime_error(fmt::format("{}:{}: {} {} items of at least {} byte{} each "
                                                 "do not fit in the body's {} bytes",
                                                 name, e.line, e.count, e.name, smallest,
                                                 smallest == 1 ? "" : "s",
                                                 reader.body.remaining()));
        if (e.name == "vertex") {
            if (e.count > static_cast<std::uint64_t>(INT32_MAX))
                throw std::runtime_error(
                    fmt::format("{}:{}: more vertices than lrt indexes", name, e.line));
            reader.vertexCount = e.count;
        }
    }
    for (const Element& e : header.elements) {
        if (e.name == "vertex")
            reader.readVertices(e);
        else if (e.properties.empty())
            continue; // it takes no bytes, however many items it claims (found by fuzzing)
        else if (e.name == "face")
            reader.readFaces(*(faces = &e));
        else
            for (std::uint64_t i = 0; i < e.count; ++i)
                for (const Property& p : e.properties)
                    reader.readProperty(e, i, p);
    }
    if (reader.mesh.positions.empty() || reader.mesh.triangles.empty())
        throw std::runtime_error(fmt::format("{}: {}", name,
                                             reader.mesh.positions.empty() ? "no vertices"
                                             : faces                       ? "no faces"
                                                     : "no face element (a point cloud?)"));
    // A quad adds a triangle beyond readFaces' reserve: a single one fills the spare element.
    reader.mesh.keepSpareElements();
    return std::move(reader.mesh);
}

MeshData loadPlyFile(const std::filesystem::path& path,
                     const std::function<void(double)>& progress) {
    const std::optional<slvm::FileBytes> file = slvm::readFileInParallel(path, progress);
    std::optional<std::string> read = file ? std::nullopt : slvm::readFileContents(path);
    if (!file && !read)
        throw std::runtime_error(fmt::format("cannot open PLY file '{}'", path.string()));
    const std::string_view bytes = file ? file->view() : std::string_view(*read);
    if (isGzip(bytes))
        return parsePly(inflateGzip(bytes, path.string()), path.string());
    return parsePly(bytes, path.string());
}

} // namespace lrt
