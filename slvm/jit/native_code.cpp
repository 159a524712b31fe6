// The executable memory of compiled programs (one asmjit JitRuntime each, so that releasing a
// program releases its pages), the run-time check for the ISA the generators emit, and the rule
// that picks compiled code or the interpreter (executor.h).
#include "slvm/jit/code_builder.h"
#include "slvm/jit/executor.h"

#include <fmt/format.h>

namespace slvm::jit {

namespace {

// Executable memory in blocks of a page (asmjit's default is 64 KiB): a scene compiles one
// program per shader, vertex-program binding and SDF shape, most well under a page, and a larger
// one gets a block of its size.
const asmjit::JitAllocator::CreateParams& pageBlocks() {
    static const asmjit::JitAllocator::CreateParams params = [] {
        asmjit::JitAllocator::CreateParams p{};
        p.blockSize = 4096;
        return p;
    }();
    return params;
}

} // namespace

struct NativeCode::Storage {
    asmjit::JitRuntime runtime{&pageBlocks()};
    void* entry = nullptr;
    std::size_t size = 0;
};

std::string_view vmName(VmKind kind) {
    return kind == VmKind::Jit ? "jit" : "interpreter";
}

std::optional<VmKind> parseVmKind(std::string_view name) {
    if (name == "jit")
        return VmKind::Jit;
    if (name == "interpreter")
        return VmKind::Interpreter;
    return std::nullopt;
}

bool nativeCodeSupported() {
#if defined(__x86_64__)
    return asmjit::CpuInfo::host().features().x86().hasSSE4_1();
#else
    return false;
#endif
}

VmKind effectiveVm(VmKind requested) {
    return requested == VmKind::Jit && !nativeCodeSupported() ? VmKind::Interpreter : requested;
}

bool runsCompiled(VmKind requested, std::size_t length) {
    return effectiveVm(requested) == VmKind::Jit && length <= kMaxCompiledLength;
}

VmKind defaultVm() {
    return effectiveVm(VmKind::Jit);
}

std::string codeGeneratorDescription() {
    const std::string generator =
        fmt::format("asmjit {}.{}.{}", ASMJIT_LIBRARY_VERSION >> 16,
                    (ASMJIT_LIBRARY_VERSION >> 8) & 0xff, ASMJIT_LIBRARY_VERSION & 0xff);
    if (!nativeCodeSupported())
        return generator + " (unused: this CPU lacks x86-64 SSE4.1; programs are interpreted)";
    return generator + ", x86-64 SSE4.1";
}

NativeCode::NativeCode(std::unique_ptr<Storage> storage) : storage_(std::move(storage)) {}
NativeCode::NativeCode(NativeCode&&) noexcept = default;
NativeCode& NativeCode::operator=(NativeCode&&) noexcept = default;
NativeCode::~NativeCode() {
    if (storage_ && storage_->entry)
        storage_->runtime.release(storage_->entry);
}

void* NativeCode::entry() const {
    return storage_->entry;
}

std::size_t NativeCode::size() const {
    return storage_->size;
}

void NativeCode::Builder::ThrowingErrorHandler::handleError(asmjit::Error error,
                                                            const char* message,
                                                            asmjit::BaseEmitter*) {
    throw CompileError(fmt::format("the code generator failed: {} ({})", message,
                                   asmjit::DebugUtils::errorAsString(error)));
}

NativeCode::Builder::Builder() : storage_(std::make_unique<Storage>()) {
    code_.init(storage_->runtime.environment());
    code_.setErrorHandler(&errors_);
    code_.attach(&compiler_);
}

NativeCode::Builder::~Builder() = default;

NativeCode NativeCode::Builder::finish() {
    compiler_.finalize();
    storage_->size = code_.codeSize();
    if (const asmjit::Error error = storage_->runtime.add(&storage_->entry, &code_))
        throw CompileError(
            fmt::format("the code generator failed: {}", asmjit::DebugUtils::errorAsString(error)));
    return NativeCode(std::move(storage_));
}

BudgetCounter::BudgetCounter(asmjit::x86::Compiler& cc, const asmjit::x86::Gp& budget)
    : cc_(cc), budget_(budget), executed_(cc.newUInt64("executed")), next_(cc.newUInt64("next")) {
    cc_.xor_(executed_, executed_);
}

void BudgetCounter::enterBlock(std::uint32_t first, std::uint32_t length) {
    const asmjit::Label exit = cc_.newLabel();
    exits_.emplace_back(exit, first);
    cc_.lea(next_, asmjit::x86::ptr(executed_, static_cast<std::int32_t>(length)));
    cc_.cmp(next_, budget_);
    cc_.ja(exit);
    cc_.mov(executed_, next_);
}

void BudgetCounter::emitExits(const asmjit::Label& resume, const asmjit::x86::Gp& resumeAt) {
    for (const auto& [label, first] : exits_) {
        cc_.bind(label);
        cc_.mov(resumeAt, first);
        cc_.jmp(resume);
    }
}

ProgramFunction beginProgramFunction(asmjit::x86::Compiler& cc, std::int32_t budgetOffset,
                                     std::optional<BudgetCounter>& budget) {
    asmjit::FuncNode* function =
        cc.addFunc(asmjit::FuncSignatureT<int, float*, void*>(asmjit::CallConvId::kHost));
    const ProgramFunction made{cc.newIntPtr("registers"), cc.newIntPtr("frame")};
    function->setArg(0, made.registers);
    function->setArg(1, made.frame);
    const asmjit::x86::Gp limit = cc.newUInt64("budget");
    cc.mov(limit, asmjit::x86::qword_ptr(made.frame, budgetOffset));
    budget.emplace(cc, limit);
    return made;
}

std::vector<asmjit::Label> leaderLabels(asmjit::x86::Compiler& cc,
                                        const std::vector<bool>& leaders) {
    std::vector<asmjit::Label> labels(leaders.size());
    for (std::size_t i = 0; i < leaders.size(); ++i)
        if (leaders[i])
            labels[i] = cc.newLabel();
    return labels;
}

std::uint32_t blockLength(const std::vector<bool>& leaders, std::size_t first) {
    std::size_t end = first + 1;
    while (end < leaders.size() && !leaders[end])
        ++end;
    return static_cast<std::uint32_t>(end - first);
}

asmjit::x86::Xmm roundDown(asmjit::x86::Compiler& cc, const asmjit::x86::Xmm& x, bool floor) {
    const asmjit::x86::Xmm result = cc.newXmmSs();
    const asmjit::Label done = cc.newLabel();
    cc.roundss(result, x, floor ? 9 : 10); // 8: no inexact exception
    cc.ucomiss(x, x);
    cc.jnp(done);
    cc.movaps(result, x);
    cc.bind(done);
    return result;
}

} // namespace slvm::jit
