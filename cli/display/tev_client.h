// A client of tev's IPC protocol (the image viewer's TCP interface, which pbrt-v4's
// --display-server speaks): create an image, then send it tile by tile as a render finishes
// them. Packets are tev's "create image" (type 4) and "update image, version 3" (type 6), little
// endian, each led by its own length; docs/preview.md gives the layout.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace lrt::cli {

// "HOST:PORT" ("[::1]:14158" for an IPv6 address), checked; throws std::invalid_argument naming
// what is wrong.
struct DisplayAddress {
    std::string host;
    int port = 0;
};
DisplayAddress parseDisplayAddress(const std::string& text);

// The packets, as bytes (for the client and for tests).
std::vector<std::uint8_t> tevCreateImagePacket(const std::string& name, int width, int height,
                                               const std::vector<std::string>& channels);
// `pixels` holds width x height pixels of channels.size() interleaved floats.
std::vector<std::uint8_t> tevUpdateImagePacket(const std::string& name, int x, int y, int width,
                                               int height, const std::vector<std::string>& channels,
                                               std::span<const float> pixels);

class TevClient {
public:
    // Connects; throws std::runtime_error saying why it cannot.
    explicit TevClient(const DisplayAddress& address);
    ~TevClient();
    TevClient(const TevClient&) = delete;
    TevClient& operator=(const TevClient&) = delete;

    // Sends a packet; throws std::runtime_error when the connection fails.
    void send(const std::vector<std::uint8_t>& packet);

private:
    int socket_ = -1;
};

} // namespace lrt::cli
