// The vertex program code generator's operands, operations and writes: each the interpreter's,
// lane for lane, with its special cases spelled as masks; EXP, LOG, LIT, RCC and the
// transcendental functions call the interpreter's own functions. Matrix transforms (dot_groups.h)
// run four lanes at a time.
#include "slvm/common/unreachable.h"
#include "slvm/vp2/jit_generator.h"

#include <algorithm>
#include <cfloat>
#include <cstring>
#include <limits>
#include <math.h>

namespace slvm::vp2::jit_generator {

namespace {

// The interpreter's special-case operations on 4 floats, through memory.
void exponentInto(float s, float* out) {
    const Vector4 r = exponentParts(s);
    std::memcpy(out, r.data(), sizeof r);
}
void logarithmInto(float s, float* out) {
    const Vector4 r = logarithmParts(s);
    std::memcpy(out, r.data(), sizeof r);
}
void lightingInto(float* inOut) {
    Vector4 a;
    std::memcpy(a.data(), inOut, sizeof a);
    const Vector4 r = lighting(a);
    std::memcpy(inOut, r.data(), sizeof r);
}

// Whether an operation on flushed operands (every register read is) can give a denormal, which
// the write then flushes: the others select, compare, round or move their operands' values.
// FRC cannot: a - floor(a) of a normal a is 0, a itself, exact, or at least 2^-24.
bool createsDenormals(Opcode op) {
    switch (op) {
    case Opcode::MOV:
    case Opcode::ABS:
    case Opcode::MIN:
    case Opcode::MAX:
    case Opcode::FLR:
    case Opcode::FRC:
    case Opcode::SSG:
    case Opcode::SEQ:
    case Opcode::SNE:
    case Opcode::SLT:
    case Opcode::SLE:
    case Opcode::SGT:
    case Opcode::SGE:
    case Opcode::SFL:
    case Opcode::STR:
        return false;
    case Opcode::ADD:
    case Opcode::SUB:
    case Opcode::MUL:
    case Opcode::MAD:
    case Opcode::DP3:
    case Opcode::DP4:
    case Opcode::DPH:
    case Opcode::DST:
    case Opcode::RCP:
    case Opcode::RCC:
    case Opcode::RSQ:
    case Opcode::EX2:
    case Opcode::LG2:
    case Opcode::SIN:
    case Opcode::COS:
    case Opcode::EXP:
    case Opcode::LOG:
    case Opcode::LIT:
        return true;
        LRT_VP2_OPCODES(LRT_VP2_CONTROL_CASE)
        return false; // they write no vector
    }
    slvm::unhandledEnumerator("VP2 opcode");
}

} // namespace

Xmm Generator::conditionMask(ConditionRule rule, const Swizzle& swizzle) {
    // The predicates of cmpps, each false on NaN (UN) but NE's; GT and GE compare zero to c.
    const auto compared = [&](int predicate, bool zeroFirst) {
        const Xmm c =
            shuffled(condition_, swizzle[0] | swizzle[1] << 2 | swizzle[2] << 4 | swizzle[3] << 6);
        const Xmm z = zero();
        if (zeroFirst) {
            cc_.cmpps(z, c, predicate);
            return z;
        }
        cc_.cmpps(c, z, predicate);
        return c;
    };
    switch (rule) {
    case ConditionRule::None:
    case ConditionRule::TR:
        return constant(~0u);
    case ConditionRule::FL:
        return zero();
    case ConditionRule::EQ:
        return compared(0, false);
    case ConditionRule::NE:
        return compared(4, false);
    case ConditionRule::LT:
        return compared(1, false);
    case ConditionRule::LE:
        return compared(2, false);
    case ConditionRule::GT:
        return compared(1, true);
    case ConditionRule::GE:
        return compared(2, true);
    }
    slvm::unhandledEnumerator("VP2 condition rule");
}

Xmm Generator::load(const DecodedOperand& o) {
    Xmm value = temporary();
    if (o.relative) {
        // c[A.c + offset]: the slot of the parameter, or the zero slot out of range.
        const x86::Gp index = cc_.newInt32(), slot = cc_.newInt32(), zeroSlot = cc_.newInt32();
        cc_.pextrd(index, address_[o.addressRegister], o.addressComponent);
        cc_.add(index, o.offset);
        cc_.mov(zeroSlot, RegisterSlots::kZero);
        cc_.lea(slot, x86::ptr(index, RegisterSlots::kParameterBase));
        cc_.cmp(index, program_.limits().parameters);
        cc_.cmovae(slot, zeroSlot); // unsigned: a negative index is out of range too
        const x86::Gp offset = cc_.newIntPtr();
        cc_.movsxd(offset, slot);
        cc_.shl(offset, 4);
        cc_.movups(value, x86::xmmword_ptr(registers_, offset));
    } else if (isWritten(o.index)) {
        cc_.movaps(value, slot_[o.index]);
    } else if (o.index < RegisterSlots::kTemporaryBase) {
        value = attribute(o.index - RegisterSlots::kAttributeBase);
    } else {
        cc_.movups(value, x86::xmmword_ptr(registers_, 16 * o.index));
    }
    if (o.plain)
        return value;
    value =
        shuffled(value, o.swizzle[0] | o.swizzle[1] << 2 | o.swizzle[2] << 4 | o.swizzle[3] << 6);
    if (o.andMask != ~0u)
        cc_.andps(value, lanes(o.andMask));
    if (o.xorMask != 0)
        cc_.xorps(value, lanes(o.xorMask));
    return value;
}

// ((p0 + p1) + p2) [+ p3 | + plus[3]] of the products p = a b, in every lane.
Xmm Generator::dot(const Xmm& a, const Xmm& b, int terms, const Xmm* plus) {
    const Xmm products = packed(Inst::kIdMulps, a, b);
    const Xmm sum = copyOf(products);
    for (int k = 1; k < terms; ++k)
        cc_.addss(sum, shuffled(products, k));
    if (plus)
        cc_.addss(sum, shuffled(*plus, 3));
    return broadcast(sum);
}

// Rows r0..r3 (lanes x..w) as columns: the x of each row, then the y, z and w.
std::array<Xmm, 4> Generator::transposed(const std::array<Xmm, 4>& rows) {
    const Xmm low01 = packed(Inst::kIdUnpcklps, rows[0], rows[1]); // r0x r1x r0y r1y
    const Xmm low23 = packed(Inst::kIdUnpcklps, rows[2], rows[3]);
    const Xmm high01 = packed(Inst::kIdUnpckhps, rows[0], rows[1]); // r0z r1z r0w r1w
    const Xmm high23 = packed(Inst::kIdUnpckhps, rows[2], rows[3]);
    return {packed(Inst::kIdMovlhps, low01, low23), packed(Inst::kIdMovhlps, low23, low01),
            packed(Inst::kIdMovlhps, high01, high23), packed(Inst::kIdMovhlps, high23, high01)};
}

// The group's rows, placed in the lanes their steps write and transposed; rows that are all
// parameters are transposed once, before the vertex loop.
std::array<Xmm, 4> Generator::transposedRows(const DotGroup& group) {
    const std::size_t rowOperand = group.vectorOperand == 1 ? 0 : 1;
    std::array<DecodedOperand, 4> rows{};
    std::array<bool, 4> present{};
    bool invariant = true;
    for (std::size_t k = 0; k < group.count; ++k) {
        const DecodedStep& s = steps_[group.first + k];
        const auto lane = static_cast<std::size_t>(std::countr_zero(s.writeMask));
        rows[lane] = s.sources[rowOperand];
        present[lane] = true;
        invariant =
            invariant && !rows[lane].relative && rows[lane].index >= RegisterSlots::kParameterBase;
    }
    const auto make = [&] {
        std::array<Xmm, 4> loaded;
        for (std::size_t lane = 0; lane < 4; ++lane)
            loaded[lane] = present[lane] ? load(rows[lane]) : zero();
        return transposed(loaded);
    };
    if (!invariant)
        return make();
    for (const auto& [key, columns] : hoistedRows_)
        if (std::ranges::equal(key, rows, sameOperand))
            return columns;
    std::array<Xmm, 4> columns;
    hoisted([&] { columns = make(); });
    hoistedRows_.emplace_back(rows, columns);
    return columns;
}

// The group's dot products in their lanes: ((p0 + p1) + p2) [+ p3] per lane, each product
// row * vector or vector * row as the steps have their operands, flushed and written at once.
void Generator::emitDotGroup(const DotGroup& group) {
    const DecodedStep& head = steps_[group.first];
    const std::array<Xmm, 4> columns = transposedRows(group);
    const Xmm vector = load(head.sources[static_cast<std::size_t>(group.vectorOperand)]);
    const int terms = head.opcode == Opcode::DP4 ? 4 : 3;
    Xmm sum;
    for (int c = 0; c < terms; ++c) {
        const Xmm component = shuffled(vector, c * 0b01010101);
        const Xmm product =
            group.vectorOperand == 1
                ? packed(Inst::kIdMulps, columns[static_cast<std::size_t>(c)], component)
                : packed(Inst::kIdMulps, component, columns[static_cast<std::size_t>(c)]);
        if (c == 0)
            sum = product;
        else
            cc_.addps(sum, product);
    }
    std::uint8_t lanes = 0;
    for (std::size_t k = 0; k < group.count; ++k)
        lanes |= steps_[group.first + k].writeMask;
    cc_.blendps(slot_[head.destination], flushed(sum), lanes);
}

// One case per operation that computes a vector, as the interpreter's switch has (no default:
// -Wswitch checks that each has one), which makes it longer than most functions here.
Xmm Generator::evaluate(const DecodedStep& s) {
    std::array<Xmm, 3> op;
    for (std::size_t i = 0; i < s.sourceCount; ++i)
        op[i] = load(s.sources[i]);
    const Xmm &a = op[0], &b = op[1], &c = op[2];
    switch (s.opcode) {
    case Opcode::ABS:
        return packed(Inst::kIdAndps, a, lanes(0x7fffffffu));
    case Opcode::ADD:
        return packed(Inst::kIdAddps, a, b);
    case Opcode::SUB:
        return packed(Inst::kIdSubps, a, b);
    case Opcode::MUL:
        return packed(Inst::kIdMulps, a, b);
    case Opcode::MAD:
        return packed(Inst::kIdAddps, packed(Inst::kIdMulps, a, b), c);
    case Opcode::DP3:
        return dot(a, b, 3, nullptr);
    case Opcode::DP4:
        return dot(a, b, 4, nullptr);
    case Opcode::DPH:
        return dot(a, b, 3, &b);
    case Opcode::DST: { // (1, a.y b.y, a.z, b.w)
        const Xmm r = copyOf(a);
        cc_.blendps(r, packed(Inst::kIdMulps, a, b), 0b0010);
        cc_.blendps(r, b, 0b1000);
        cc_.blendps(r, lanes(1.0f), 0b0001);
        return r;
    }
    case Opcode::MAX:   // a > b ? a : b; of equal values the one without a sign bit (and)
    case Opcode::MIN: { // a < b ? a : b; of equal values the one with a sign bit (or)
        const bool max = s.opcode == Opcode::MAX;
        const Xmm equal = copyOf(a);
        cc_.cmpps(equal, b, 0);
        const Xmm r = select(equal, packed(max ? Inst::kIdMaxps : Inst::kIdMinps, a, b),
                             packed(max ? Inst::kIdAndps : Inst::kIdOrps, a, b));
        return nanWhereUnordered(r, a, b);
    }
    case Opcode::MOV:
        return a;
    case Opcode::FLR:
    case Opcode::FRC: {
        const Xmm rounded = temporary(), nan = copyOf(a);
        cc_.roundps(rounded, a, 9);
        cc_.cmpps(nan, nan, 3);
        const Xmm floor = select(nan, rounded, a); // floorf keeps a NaN as it is
        return s.opcode == Opcode::FLR ? floor : packed(Inst::kIdSubps, a, floor);
    }
    case Opcode::SSG: {
        const Xmm z = zero(), positive = copyOf(z), negative = copyOf(a);
        cc_.cmpps(positive, a, 1); // 0 < a
        cc_.cmpps(negative, z, 1); // a < 0
        const Xmm r = select(negative, ones(positive), constant(-1.0f));
        return nanWhereUnordered(r, a, a);
    }
    case Opcode::SEQ:
    case Opcode::SNE:
    case Opcode::SLT:
    case Opcode::SLE:
    case Opcode::SGT:
    case Opcode::SGE: {
        // a == b, a != b, a < b, a <= b as cmpps(a, b); b < a and b <= a as cmpps(b, a).
        const bool swapped = s.opcode == Opcode::SGT || s.opcode == Opcode::SGE;
        const int predicate = s.opcode == Opcode::SEQ                              ? 0
                              : s.opcode == Opcode::SNE                            ? 4
                              : s.opcode == Opcode::SLT || s.opcode == Opcode::SGT ? 1
                                                                                   : 2;
        const Xmm mask = copyOf(swapped ? b : a);
        cc_.cmpps(mask, swapped ? a : b, predicate);
        return nanWhereUnordered(ones(mask), a, b);
    }
    case Opcode::SFL:
        return zero();
    case Opcode::STR:
        return constant(1.0f);
    case Opcode::RCP:
    case Opcode::RSQ:
        return reciprocal(a, s.opcode == Opcode::RSQ);
    // std::exp2, log2, sin and cos on floats, as the interpreter calls them, are exp2f, log2f,
    // sinf and cosf.
    case Opcode::RCC:
        return hostScalar(reciprocalClamped, a);
    case Opcode::EX2:
        return hostScalar(::exp2f, a);
    case Opcode::LG2:
        return hostScalar(::log2f, a);
    case Opcode::SIN:
        return hostScalar(::sinf, a);
    case Opcode::COS:
        return hostScalar(::cosf, a);
    case Opcode::EXP:
    case Opcode::LOG:
    case Opcode::LIT:
        return hostFourFloats(s.opcode, a);
        LRT_VP2_OPCODES(LRT_VP2_CONTROL_CASE)
        break; // emitFlow and writeAddress emit them
    }
    slvm::unhandledEnumerator("VP2 operation that computes a vector");
}

Xmm Generator::reciprocal(const Xmm& a, bool squareRoot) {
    const Xmm one = constant(1.0f), x = copyOf(a);
    if (squareRoot)
        cc_.sqrtss(x, x);
    cc_.divss(one, x);
    return broadcast(one);
}

Xmm Generator::hostScalar(float (*function)(float), const Xmm& a) {
    const Xmm result = temporary();
    jit::invoke(cc_, function, a)->setRet(0, result);
    return broadcast(result);
}

// EXP, LOG and LIT: four floats through memory.
Xmm Generator::hostFourFloats(Opcode opcode, const Xmm& a) {
    const Xmm result = temporary();
    const x86::Mem buffer = cc_.newStack(16, 16);
    const x86::Gp address = cc_.newIntPtr();
    cc_.lea(address, buffer);
    if (opcode == Opcode::LIT) {
        cc_.movups(x86::xmmword_ptr(address), a);
        jit::invoke(cc_, lightingInto, address);
    } else {
        jit::invoke(cc_, opcode == Opcode::EXP ? exponentInto : logarithmInto, a, address);
    }
    cc_.movups(result, x86::xmmword_ptr(address));
    return result;
}

// Denormals read and write as zero of the same sign: all but the sign cleared where |v| < FLT_MIN.
Xmm Generator::flushed(const Xmm& value) {
    const Xmm tiny = packed(Inst::kIdAndps, value, lanes(0x7fffffffu));
    cc_.cmpps(tiny, lanes(FLT_MIN), 1);
    cc_.andps(tiny, lanes(0x7fffffffu));
    return packed(Inst::kIdAndnps, tiny, value);
}

Xmm Generator::attribute(int index) {
    const Xmm value = temporary();
    cc_.movups(value, x86::xmmword_ptr(attributes_, 16 * index));
    return flushed(value);
}

void Generator::write(const DecodedStep& s, const Xmm& value) {
    const Xmm flushed = createsDenormals(s.opcode) ? this->flushed(value) : value;
    if (s.plainWrite) { // the write mask alone
        Xmm& destination = slot_[s.destination];
        if (s.destination == RegisterSlots::kDiscard)
            return;
        if (s.writeMask == 0b1111)
            cc_.movaps(destination, flushed);
        else
            cc_.blendps(destination, flushed, s.writeMask); // x is bit 0 in both
        return;
    }
    const Xmm mask = writeMask(s.writeMask);
    cc_.andps(mask, conditionMask(s.conditionRule, s.conditionSwizzle));
    if (s.destination != RegisterSlots::kDiscard)
        cc_.movaps(slot_[s.destination], select(mask, slot_[s.destination], flushed));
    if (s.updatesCondition)
        cc_.movaps(condition_, select(mask, condition_, flushed));
}

void Generator::writeAddress(const DecodedStep& s) {
    Xmm value;
    if (s.opcode == Opcode::ARA) { // (x + z, y + w, x + z, y + w), clamped
        const Xmm& a = address_[s.sources[0].index];
        value = packed(Inst::kIdPaddd, a, shuffled(a, 0b01'00'11'10));
        cc_.pmaxsd(value, lanes(static_cast<std::uint32_t>(kAddressMin)));
        cc_.pminsd(value, lanes(static_cast<std::uint32_t>(kAddressMax)));
    } else { // ARL floors, ARR rounds half to even; clamped to the range, NaN loads 0
        const Xmm v = load(s.sources[0]), rounded = temporary();
        cc_.roundps(rounded, v, s.opcode == Opcode::ARL ? 9 : 12);
        const Xmm nan = copyOf(rounded);
        cc_.cmpps(nan, nan, 3);
        cc_.maxps(rounded, lanes(static_cast<float>(kAddressMin)));
        cc_.minps(rounded, lanes(static_cast<float>(kAddressMax)));
        value = temporary();
        cc_.cvttps2dq(value, rounded);
        cc_.andnps(nan, value);
        value = nan;
    }
    const Xmm mask = writeMask(s.writeMask);
    cc_.andps(mask, conditionMask(s.conditionRule, s.conditionSwizzle));
    Xmm& destination = address_[s.destination];
    cc_.movaps(destination, select(mask, destination, value));
    if (s.updatesCondition) {
        const Xmm asFloat = temporary();
        cc_.cvtdq2ps(asFloat, value);
        cc_.movaps(condition_, select(mask, condition_, asFloat));
    }
}

} // namespace slvm::vp2::jit_generator
