// SIGTERM and SIGINT during a render: the first asks the renderer to stop after the tiles in
// flight (it then writes a checkpoint and exits with kExitInterrupted); a second one exits at once
// with the same status, keeping the last periodic checkpoint.
#pragma once

#include <atomic>

namespace lrt::cli {

// Installs the handlers for its lifetime (the previous ones come back after).
class InterruptHandler {
public:
    InterruptHandler();
    ~InterruptHandler();
    InterruptHandler(const InterruptHandler&) = delete;
    InterruptHandler& operator=(const InterruptHandler&) = delete;

    // True once a signal arrived; the renderer polls it between tiles.
    static const std::atomic<bool>& requested();
    // The signal that arrived (0 if none), for the message.
    static int signal();
};

} // namespace lrt::cli
