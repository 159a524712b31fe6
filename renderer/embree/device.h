// RAII ownership of an Embree device, with an error callback that reports through lrt.
#pragma once

#include <atomic>
#include <cstdint>
#include <embree3/rtcore.h>
#include <memory>
#include <string>

namespace lrt {

class EmbreeDevice {
public:
    // Throws std::runtime_error when Embree cannot create a device with `config`.
    explicit EmbreeDevice(const std::string& config = "");
    EmbreeDevice(const EmbreeDevice&) = delete;
    EmbreeDevice& operator=(const EmbreeDevice&) = delete;
    ~EmbreeDevice();

    RTCDevice get() const { return device_; }
    // Errors Embree reported through the callback since construction.
    int errorCount() const;
    std::string lastError() const;
    // Bytes Embree has allocated (BVHs and geometry buffers), now and at most.
    std::int64_t bytesInUse() const;
    std::int64_t peakBytes() const;

private:
    struct CallbackState;
    static void onError(void* user, RTCError code, const char* message);
    static bool onMemory(void* user, ssize_t bytes, bool post);

    std::unique_ptr<CallbackState> state_;
    RTCDevice device_ = nullptr;
};

} // namespace lrt
