// A signal handler can only touch lock-free atomics, hence the file-level state (the one mutable
// global in lrt, owned by InterruptHandler).
#include "cli/interrupt.h"

#include "cli/exit_status.h"

#include <csignal>
#include <unistd.h>

namespace lrt::cli {

namespace {

std::atomic<bool> stopRequested{false};
std::atomic<bool> outcomeSettled{false};
std::atomic<int> receivedSignal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void onInterrupt(int signal) {
    if (outcomeSettled.load())
        return;
    if (stopRequested.load())
        _exit(kExitInterrupted);
    receivedSignal = signal; // before the flag, so whoever sees the flag sees the signal
    stopRequested = true;
}

} // namespace

InterruptHandler::InterruptHandler() {
    stopRequested = false;
    outcomeSettled = false;
    receivedSignal = 0;
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    // Restart interrupted system calls: a write to a full log pipe must not fail with EINTR.
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
}

// Restoring the default handlers instead would leave a window, between here and the process's
// exit, in which a signal kills a render that has already written its image.
InterruptHandler::~InterruptHandler() {
    outcomeSettled = true;
}

const std::atomic<bool>& InterruptHandler::requested() {
    return stopRequested;
}

int InterruptHandler::signal() {
    return receivedSignal;
}

} // namespace lrt::cli
