// tev's IPC packets and a blocking TCP connection to send them on.
#include "cli/display/tev_client.h"

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace lrt::cli {

namespace {

// A packet under construction: a 32-bit length (filled in by finish()), then the fields.
class PacketWriter {
public:
    explicit PacketWriter(std::uint8_t type) {
        integer<std::uint32_t>(0);
        bytes_.push_back(type);
    }
    template <typename T>
    void integer(T value) {
        for (std::size_t i = 0; i < sizeof(T); ++i)
            bytes_.push_back(
                static_cast<std::uint8_t>(static_cast<std::uint64_t>(value) >> (8 * i)));
    }
    void boolean(bool value) { bytes_.push_back(value ? 1 : 0); }
    void string(const std::string& text) {
        bytes_.insert(bytes_.end(), text.begin(), text.end());
        bytes_.push_back(0);
    }
    void real(float value) {
        std::uint32_t bits;
        std::memcpy(&bits, &value, sizeof bits);
        integer(bits);
    }
    std::vector<std::uint8_t> finish() {
        const auto length = static_cast<std::uint32_t>(bytes_.size());
        for (std::size_t i = 0; i < 4; ++i)
            bytes_[i] = static_cast<std::uint8_t>(length >> (8 * i));
        return std::move(bytes_);
    }

private:
    std::vector<std::uint8_t> bytes_;
};

constexpr std::uint8_t kCreateImage = 4;
constexpr std::uint8_t kUpdateImageV3 = 6;

} // namespace

DisplayAddress parseDisplayAddress(const std::string& text) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
        throw std::invalid_argument(
            fmt::format("--display-server '{}': expected HOST:PORT (tev listens on 14158)", text));
    std::string host = text.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
        host = host.substr(1, host.size() - 2);
    const std::string port = text.substr(colon + 1);
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(port) < 1 || std::stoi(port) > 65535)
        throw std::invalid_argument(
            fmt::format("--display-server '{}': the port must be a number from 1 to 65535", text));
    return {host, std::stoi(port)};
}

std::vector<std::uint8_t> tevCreateImagePacket(const std::string& name, int width, int height,
                                               const std::vector<std::string>& channels) {
    PacketWriter packet(kCreateImage);
    packet.boolean(false); // grab focus
    packet.string(name);
    packet.integer<std::int32_t>(width);
    packet.integer<std::int32_t>(height);
    packet.integer<std::int32_t>(static_cast<std::int32_t>(channels.size()));
    for (const std::string& channel : channels)
        packet.string(channel);
    return packet.finish();
}

std::vector<std::uint8_t> tevUpdateImagePacket(const std::string& name, int x, int y, int width,
                                               int height, const std::vector<std::string>& channels,
                                               std::span<const float> pixels) {
    const auto count = static_cast<std::int64_t>(channels.size());
    if (pixels.size() != static_cast<std::size_t>(width) * height * channels.size())
        throw std::logic_error("tevUpdateImagePacket: the pixels do not fill the tile");
    PacketWriter packet(kUpdateImageV3);
    packet.boolean(false);
    packet.string(name);
    packet.integer<std::int32_t>(static_cast<std::int32_t>(count));
    for (const std::string& channel : channels)
        packet.string(channel);
    packet.integer<std::int32_t>(x);
    packet.integer<std::int32_t>(y);
    packet.integer<std::int32_t>(width);
    packet.integer<std::int32_t>(height);
    // Interleaved: channel c starts at float c and steps over a whole pixel.
    for (std::int64_t c = 0; c < count; ++c)
        packet.integer<std::int64_t>(c);
    for (std::int64_t c = 0; c < count; ++c)
        packet.integer<std::int64_t>(count);
    for (const float v : pixels)
        packet.real(v);
    return packet.finish();
}

TevClient::TevClient(const DisplayAddress& address) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(address.port);
    if (const int error = getaddrinfo(address.host.c_str(), port.c_str(), &hints, &found))
        throw std::runtime_error(
            fmt::format("cannot find {}: {}", address.host, gai_strerror(error)));
    std::string why = "no address";
    for (const addrinfo* a = found; a; a = a->ai_next) {
        const int s = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (s < 0)
            continue;
        if (::connect(s, a->ai_addr, a->ai_addrlen) == 0) {
            socket_ = s;
            break;
        }
        why = std::strerror(errno);
        ::close(s);
    }
    freeaddrinfo(found);
    if (socket_ < 0)
        throw std::runtime_error(
            fmt::format("cannot connect to {}:{}: {}", address.host, address.port, why));
}

TevClient::~TevClient() {
    if (socket_ >= 0)
        ::close(socket_);
}

void TevClient::send(const std::vector<std::uint8_t>& packet) {
    for (std::size_t sent = 0; sent < packet.size();) {
        const ssize_t n = ::send(socket_, packet.data() + sent, packet.size() - sent, MSG_NOSIGNAL);
        if (n <= 0)
            throw std::runtime_error(fmt::format("the display server went away: {}",
                                                 n < 0 ? std::strerror(errno) : "closed"));
        sent += static_cast<std::size_t>(n);
    }
}

} // namespace lrt::cli
