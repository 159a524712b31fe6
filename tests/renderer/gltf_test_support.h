// Test helper: glTF 2.0 files written from positions, indices and JSON, with their buffer
// embedded as a base64 data URI, so that tests state every byte of the file they read.
#pragma once

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lrt::testing {

inline std::string base64(const std::string& bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t n = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size())
            n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size())
            n |= static_cast<unsigned char>(bytes[i + 2]);
        out += digits[(n >> 18) & 63];
        out += digits[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? digits[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? digits[n & 63] : '=';
    }
    return out;
}

// A glTF document being written: meshes of float positions and uint32 indices, each primitive's
// data appended to one buffer.
class GltfWriter {
public:
    GltfWriter() {
        json_["asset"] = {{"version", "2.0"}};
        json_["scene"] = 0;
        json_["scenes"] = {{{"nodes", nlohmann::json::array()}}};
    }
    nlohmann::json& json() { return json_; }

    // Adds a mesh of one triangle primitive; returns its index.
    int mesh(const std::vector<float>& positions, const std::vector<std::uint32_t>& indices,
             int material = -1) {
        const int p = accessor(positions.data(), positions.size() * 4, positions.size() / 3, 5126,
                               "VEC3", 34962);
        const int i =
            accessor(indices.data(), indices.size() * 4, indices.size(), 5125, "SCALAR", 34963);
        nlohmann::json primitive = {{"attributes", {{"POSITION", p}}}, {"indices", i}};
        if (material >= 0)
            primitive["material"] = material;
        json_["meshes"].push_back({{"primitives", {primitive}}});
        return static_cast<int>(json_["meshes"].size()) - 1;
    }
    // Adds an accessor of float elements of `type` ("VEC2", "VEC3"...); returns its index.
    int floats(const std::vector<float>& values, const char* type, int components) {
        return accessor(values.data(), values.size() * 4,
                        values.size() / static_cast<std::size_t>(components), 5126, type, 34962);
    }
    // Adds a node to the scene's roots; returns its index.
    int root(nlohmann::json node) {
        json_["nodes"].push_back(std::move(node));
        const int index = static_cast<int>(json_["nodes"].size()) - 1;
        json_["scenes"][0]["nodes"].push_back(index);
        return index;
    }
    std::string text() {
        if (!buffer_.empty())
            json_["buffers"] = {
                {{"byteLength", buffer_.size()},
                 {"uri", "data:application/octet-stream;base64," + base64(buffer_)}}};
        return json_.dump(1);
    }

private:
    int accessor(const void* data, std::size_t bytes, std::size_t count, int componentType,
                 const char* type, int target) {
        while (buffer_.size() % 4)
            buffer_ += '\0';
        json_["bufferViews"].push_back({{"buffer", 0},
                                        {"byteOffset", buffer_.size()},
                                        {"byteLength", bytes},
                                        {"target", target}});
        buffer_.append(static_cast<const char*>(data), bytes);
        json_["accessors"].push_back({{"bufferView", json_["bufferViews"].size() - 1},
                                      {"componentType", componentType},
                                      {"count", count},
                                      {"type", type}});
        return static_cast<int>(json_["accessors"].size()) - 1;
    }

    nlohmann::json json_;
    std::string buffer_;
};

} // namespace lrt::testing
