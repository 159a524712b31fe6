// The SL register allocator: one linear scan per register class, and a second scalar scan with
// spilling to w components when the first runs out.
#include "compiler/backends/sl/sl_register_allocator.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <set>

namespace compiler::backends::sl_code {

namespace {

const std::vector<std::string> kVectors = {"r0", "r1", "r2", "r3", "v0"};
const std::vector<std::string> kScalars = {"s0", "s1", "s2", "s3", "v1"};
// With spilling on, these two carry spilled values through the instructions that use them.
const std::vector<std::string> kScratch = {"s3", "v1"};

struct Interval {
    int first = -1, last = -1;
};

// Which operand an instruction writes (its others it reads): the first, except for branches.
bool writesFirstOperand(const MachineInstruction& in) {
    return in.mnemonic != "blt" && in.mnemonic != "jmp" && in.mnemonic != "ret" &&
           in.mnemonic != "nop";
}
// lc and clamp also read the register they write.
bool readsFirstOperand(const MachineInstruction& in) {
    return !writesFirstOperand(in) || in.mnemonic == "lc" || in.mnemonic == "clamp" ||
           in.mnemonic == "liv";
}

class Allocator {
public:
    Allocator(std::vector<MachineInstruction>& code, const std::vector<RegisterClass>& classes,
              std::vector<slvm::Diagnostic>& errors)
        : code_(code), classes_(classes), errors_(errors), intervals_(classes.size()),
          names_(classes.size()) {
        for (std::size_t i = 0; i < code_.size(); ++i)
            for (const Operand& operand : code_[i].operands)
                if (operand.virtualRegister >= 0) {
                    Interval& interval =
                        intervals_[static_cast<std::size_t>(operand.virtualRegister)];
                    if (interval.first < 0)
                        interval.first = static_cast<int>(i);
                    interval.last = static_cast<int>(i);
                }
    }

    bool run() {
        if (!scan(RegisterClass::Vector, kVectors, false))
            return false;
        if (!scan(RegisterClass::Scalar, kScalars, false)) {
            std::vector<std::string> pool;
            for (const std::string& name : kScalars)
                if (std::find(kScratch.begin(), kScratch.end(), name) == kScratch.end())
                    pool.push_back(name);
            if (!(scan(RegisterClass::Scalar, pool, true) && placeSpills(false)) &&
                !packScalars(pool))
                return false;
        }
        rewrite();
        return true;
    }

private:
    std::vector<std::size_t> inOrder(RegisterClass kind, bool spilledOnly) const {
        std::vector<std::size_t> order;
        for (std::size_t r = 0; r < classes_.size(); ++r)
            if (classes_[r] == kind && intervals_[r].first >= 0 &&
                (!spilledOnly || spilled_.count(r)))
                order.push_back(r);
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return intervals_[a].first < intervals_[b].first;
        });
        return order;
    }

    // The register a value whose last use is its copy to the result register should get.
    std::optional<std::string> resultHint(std::size_t r) const {
        const MachineInstruction& lastUse = code_[static_cast<std::size_t>(intervals_[r].last)];
        if (lastUse.mnemonic == "mov" && lastUse.operands.size() == 2 &&
            lastUse.operands[1].virtualRegister == static_cast<int>(r) &&
            (lastUse.operands[0].physical == "v0" || lastUse.operands[0].physical == "v1"))
            return lastUse.operands[0].physical;
        return std::nullopt;
    }

    // Linear scan of one class onto `pool`. Without spilling, fails with an error when a value
    // finds no register; with it, the value that lives longest is moved out instead.
    bool scan(RegisterClass kind, const std::vector<std::string>& pool, bool spill) {
        std::map<std::string, std::size_t> holder; // register -> the value in it
        spilled_.clear();
        for (const std::size_t r : inOrder(kind, false)) {
            const Interval& interval = intervals_[r];
            std::vector<std::string> candidates = pool;
            if (const auto hint = resultHint(r);
                hint && std::find(pool.begin(), pool.end(), *hint) != pool.end())
                candidates.insert(candidates.begin(), *hint);
            std::string chosen;
            for (const std::string& name : candidates) {
                const auto it = holder.find(name);
                // A register read for the last time by an instruction may be that instruction's
                // destination: SL reads every source before it writes.
                if (it == holder.end() || intervals_[it->second].last <= interval.first) {
                    chosen = name;
                    break;
                }
            }
            if (chosen.empty() && spill) {
                // Spill whichever of the live values and this one is needed longest.
                std::string victimRegister;
                int furthest = interval.last;
                for (const auto& [name, value] : holder)
                    if (intervals_[value].last > furthest) {
                        furthest = intervals_[value].last;
                        victimRegister = name;
                    }
                if (victimRegister.empty()) {
                    spilled_.insert(r);
                    continue;
                }
                spilled_.insert(holder[victimRegister]);
                chosen = victimRegister;
            }
            if (chosen.empty()) {
                if (kind == RegisterClass::Vector)
                    pressureError(interval.first, "vector", "r0-r3, v0");
                return false;
            }
            holder[chosen] = r;
            names_[r] = chosen;
        }
        return true;
    }

    // Spilled scalars get w components, shared when their lifetimes do not overlap.
    bool placeSpills(bool report) {
        std::map<std::string, int> busyUntil;
        for (const std::size_t r : inOrder(RegisterClass::Scalar, true)) {
            std::string chosen;
            for (const std::string& name : kVectors)
                if (!busyUntil.count(name) || busyUntil[name] < intervals_[r].first) {
                    chosen = name;
                    break;
                }
            if (chosen.empty()) {
                if (report)
                    pressureError(intervals_[r].first, "scalar",
                                  "s0-s3, v1, and the w of r0-r3 and v0");
                return false;
            }
            busyUntil[chosen] = intervals_[r].last;
            names_[r] = chosen; // its w component
        }
        return true;
    }

    // Each scalar in the first register of `pool`, else the first w component, free when it
    // starts: fits whenever no more scalars are alive at once than there are places, which the
    // spills scan chooses need not (a register it keeps may go unused while the spilled values
    // outnumber the w components), at the cost of more reloads.
    bool packScalars(const std::vector<std::string>& pool) {
        spilled_.clear();
        std::map<std::string, int> busyUntil; // a register, or a vector for its w
        for (const std::size_t r : inOrder(RegisterClass::Scalar, false)) {
            const Interval& interval = intervals_[r];
            const auto free = [&](const std::string& name) {
                // As in scan: a value read for the last time may hand its place to the value
                // the same instruction writes (a w component's through the scratch registers).
                return !busyUntil.count(name) || busyUntil[name] <= interval.first;
            };
            const auto inPool = std::find_if(pool.begin(), pool.end(), free);
            const auto inW = std::find_if(kVectors.begin(), kVectors.end(), free);
            if (inPool == pool.end() && inW == kVectors.end()) {
                pressureError(interval.first, "scalar", "s0-s3, v1, and the w of r0-r3 and v0");
                return false;
            }
            names_[r] = inPool != pool.end() ? *inPool : *inW;
            if (inPool == pool.end())
                spilled_.insert(r);
            busyUntil[names_[r]] = interval.last;
        }
        return true;
    }

    void pressureError(int at, const char* kind, const char* registers) {
        int live = 0;
        for (std::size_t r = 0; r < intervals_.size(); ++r)
            live += intervals_[r].first <= at && intervals_[r].last > at &&
                    (classes_[r] == RegisterClass::Vector) == (std::string_view(kind) == "vector");
        errors_.emplace_back(
            slvm::Severity::Error, code_[static_cast<std::size_t>(at)].where,
            fmt::format("this needs more {} registers than SL has: {} values are live here, "
                        "and SL holds at most {} ({}); keep fewer values alive at once, or "
                        "recompute some",
                        kind, std::max(live, 1) + 1, std::string_view(kind) == "vector" ? 5 : 10,
                        registers));
    }

    // Physical names everywhere; around each use of a spilled scalar, a reload into a scratch
    // register before and, for a write, a store after.
    void rewrite() {
        std::vector<MachineInstruction> out;
        for (MachineInstruction& in : code_) {
            std::map<int, std::string> scratchOf; // spilled value -> its scratch here
            std::vector<std::pair<std::string, std::string>> stores; // slot, scratch
            for (std::size_t i = 0; i < in.operands.size(); ++i) {
                Operand& operand = in.operands[i];
                if (operand.virtualRegister < 0)
                    continue;
                const auto r = static_cast<std::size_t>(operand.virtualRegister);
                if (!spilled_.count(r)) {
                    operand.physical = names_[r];
                    operand.virtualRegister = -1;
                    continue;
                }
                const bool read = i > 0 || readsFirstOperand(in);
                const bool written = i == 0 && writesFirstOperand(in);
                auto it = scratchOf.find(operand.virtualRegister);
                if (it == scratchOf.end()) {
                    it = scratchOf
                             .emplace(operand.virtualRegister,
                                      kScratch[scratchOf.size() % kScratch.size()])
                             .first;
                    if (read)
                        out.push_back({"movc",
                                       "w",
                                       {{it->second, -1, false}, {names_[r], -1, true}},
                                       "",
                                       -1,
                                       in.where});
                }
                if (written)
                    stores.emplace_back(names_[r], it->second);
                operand.physical = it->second;
                operand.virtualRegister = -1;
            }
            out.push_back(std::move(in));
            for (const auto& [slot, scratch] : stores)
                out.push_back({"lc",
                               "w",
                               {{slot, -1, true}, {scratch, -1, false}},
                               "",
                               -1,
                               out.back().where});
        }
        code_ = std::move(out);
    }

    std::vector<MachineInstruction>& code_;
    const std::vector<RegisterClass>& classes_;
    std::vector<slvm::Diagnostic>& errors_;
    std::vector<Interval> intervals_;
    std::vector<std::string> names_;
    std::set<std::size_t> spilled_;
};

} // namespace

bool allocateRegisters(std::vector<MachineInstruction>& code,
                       const std::vector<RegisterClass>& classes,
                       std::vector<slvm::Diagnostic>& errors) {
    return Allocator(code, classes, errors).run();
}

} // namespace compiler::backends::sl_code
