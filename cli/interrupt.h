// SIGTERM and SIGINT during a render: the first asks the renderer to stop after the tiles in
// flight (it then writes a checkpoint and exits with kExitInterrupted); a second one exits at once
// with the same status, keeping the last periodic checkpoint. Once the render command's outcome is
// settled, later signals are ignored until the process exits.
#pragma once

#include <atomic>

namespace lrt::cli {

// Installs the handlers. When it goes out of scope the outcome is settled (the output written, or
// the checkpoint): the handlers then ignore signals, so the process tearing down is never killed
// by one (a finished render exits 0, not 143 with its image already on disk).
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
