// What decides what a shape statement makes, as one value: the bytes of every field of the
// statement, of its attributes and of the build's context that its shapes depend on, written in
// one place (shapeKey, renderer/builder/shape_building.cpp). Two statements with the same key make
// the same shapes, bit for bit, so a build takes over the last build's (BuildCache); the key is
// compared and hashed as its bytes, so the two can never disagree.
#pragma once

#include "renderer/core/parameter_list.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace lrt {

class ShapeKey {
public:
    friend bool operator==(const ShapeKey& a, const ShapeKey& b) {
        return a.hash_ == b.hash_ && a.bytes_ == b.bytes_;
    }
    std::size_t hash() const { return hash_; }

    // Writes a key field by field; each field is written with its length where it has one, so
    // that no two different sequences of fields write the same bytes.
    class Writer {
    public:
        // Numbers, flags, matrices and pointers (a pointer when only the same object is the same):
        // by representation, so -0 and 0 differ and NaN equals itself, as reuse needs.
        template <typename T>
        requires std::is_trivially_copyable_v<T> Writer& add(const T& value) {
            bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
            return *this;
        }
        template <typename T>
        requires std::is_trivially_copyable_v<T> Writer& add(const std::vector<T>& values) {
            add(values.size());
            bytes_.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
            return *this;
        }
        Writer& add(std::string_view text) {
            add(text.size());
            bytes_.append(text);
            return *this;
        }
        Writer& add(const std::string& text) { return add(std::string_view(text)); }
        // The parameters in order, with their types and values; not where they were written.
        Writer& add(const ParameterList& parameters) {
            add(parameters.all().size());
            for (const Parameter& p : parameters.all()) {
                add(p.name).add(p.type).add(p.numbers).add(p.strings.size());
                for (const std::string& s : p.strings)
                    add(s);
            }
            return *this;
        }
        ShapeKey finish() && { return ShapeKey(std::move(bytes_)); }

    private:
        std::string bytes_;
    };

private:
    explicit ShapeKey(std::string bytes)
        : bytes_(std::move(bytes)), hash_(std::hash<std::string>{}(bytes_)) {}
    std::string bytes_;
    std::size_t hash_;
};

struct ShapeKeyHash {
    std::size_t operator()(const ShapeKey& key) const { return key.hash(); }
};

} // namespace lrt
