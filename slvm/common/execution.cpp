// The status names of the VMs' runs.
#include "slvm/common/execution.h"

namespace slvm {

const char* statusName(ExecutionStatus status) {
    switch (status) {
    case ExecutionStatus::Ok:
        return "ok";
    case ExecutionStatus::Budget:
        return "limit";
    case ExecutionStatus::Overflow:
        return "overflow";
    case ExecutionStatus::Fault:
        return "fault";
    }
    return "";
}

} // namespace slvm
