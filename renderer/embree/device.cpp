// Embree device lifetime and error reporting. Embree calls the callback from any thread, so the
// recorded state is guarded.
#include "renderer/embree/device.h"

#include <fmt/format.h>
#include <mutex>
#include <stdexcept>

namespace lrt {

struct EmbreeDevice::CallbackState {
    std::atomic<int> errors{0};
    std::atomic<std::int64_t> bytes{0};
    std::atomic<std::int64_t> peak{0};
    std::mutex mutex;
    std::string last;
};

EmbreeDevice::EmbreeDevice(const std::string& config) : state_(std::make_unique<CallbackState>()) {
    device_ = rtcNewDevice(config.empty() ? nullptr : config.c_str());
    if (!device_)
        throw std::runtime_error(fmt::format("cannot create an Embree device (error {})",
                                             static_cast<int>(rtcGetDeviceError(nullptr))));
    rtcSetDeviceErrorFunction(device_, &EmbreeDevice::onError, state_.get());
    rtcSetDeviceMemoryMonitorFunction(device_, &EmbreeDevice::onMemory, state_.get());
}

EmbreeDevice::~EmbreeDevice() {
    rtcReleaseDevice(device_);
}

int EmbreeDevice::errorCount() const {
    return state_->errors.load();
}

std::string EmbreeDevice::lastError() const {
    const std::lock_guard lock(state_->mutex);
    return state_->last;
}

std::int64_t EmbreeDevice::bytesInUse() const {
    return state_->bytes.load();
}
std::int64_t EmbreeDevice::peakBytes() const {
    return state_->peak.load();
}

bool EmbreeDevice::onMemory(void* user, ssize_t bytes, bool) {
    auto* state = static_cast<CallbackState*>(user);
    const std::int64_t now = state->bytes.fetch_add(bytes) + bytes;
    std::int64_t peak = state->peak.load();
    while (now > peak && !state->peak.compare_exchange_weak(peak, now)) {
    }
    return true; // never refuse an allocation
}

void EmbreeDevice::onError(void* user, RTCError code, const char* message) {
    auto* state = static_cast<CallbackState*>(user);
    const std::lock_guard lock(state->mutex);
    state->last =
        fmt::format("Embree error {}: {}", static_cast<int>(code), message ? message : "");
    state->errors.fetch_add(1);
}

} // namespace lrt
