// The importance of four light bounds at once, with SSE: every operation is IEEE single
// precision (no fused multiply-adds), so the result is the same on every x86-64 machine.
#include "renderer/lightsamplers/bounds_quad.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <immintrin.h>

namespace lrt {

namespace {

__m128 select(__m128 mask, __m128 ifTrue, __m128 ifFalse) {
    return _mm_or_ps(_mm_and_ps(mask, ifTrue), _mm_andnot_ps(mask, ifFalse));
}

__m128 sinFromCos(__m128 c) {
    return _mm_sqrt_ps(_mm_max_ps(_mm_setzero_ps(), _mm_sub_ps(_mm_set1_ps(1), _mm_mul_ps(c, c))));
}

// cos(max(0, theta - bound)) from the cosines of theta and bound and bound's sine.
__m128 cosReduced(__m128 cosTheta, __m128 sinTheta, __m128 cosBound, __m128 sinBound) {
    const __m128 reduced =
        _mm_add_ps(_mm_mul_ps(cosTheta, cosBound), _mm_mul_ps(sinTheta, sinBound));
    return select(_mm_cmpge_ps(cosTheta, cosBound), _mm_set1_ps(1), reduced);
}

} // namespace

void BoundsQuad::set(int lane, const LightBounds& b) {
    const auto i = static_cast<std::size_t>(lane);
    const Vec3 centre = (b.bounds.lower + b.bounds.upper) * 0.5f;
    cx_[i] = centre.x, cy_[i] = centre.y, cz_[i] = centre.z;
    radius2_[i] = lengthSquared(b.bounds.upper - b.bounds.lower) * 0.25f;
    wx_[i] = b.normals.w.x, wy_[i] = b.normals.w.y, wz_[i] = b.normals.w.z;
    power_[i] = b.power;
    cosO_[i] = b.normals.cosTheta;
    sinO_[i] = std::sqrt(std::max(0.0f, 1 - b.normals.cosTheta * b.normals.cosTheta));
    cosE_[i] = b.cosThetaE;
    twoSided_[i] = b.twoSided ? 1.0f : 0.0f;
}

// One straight-line evaluation of the formula in four lanes; long because it is one formula.
std::array<float, BoundsQuad::kLanes> BoundsQuad::importance(Vec3 p, Vec3 n) const {
    const __m128 one = _mm_set1_ps(1), zero = _mm_setzero_ps();
    const __m128 vx = _mm_sub_ps(_mm_set1_ps(p.x), _mm_load_ps(cx_));
    const __m128 vy = _mm_sub_ps(_mm_set1_ps(p.y), _mm_load_ps(cy_));
    const __m128 vz = _mm_sub_ps(_mm_set1_ps(p.z), _mm_load_ps(cz_));
    const __m128 centreDistance2 =
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(vx, vx), _mm_mul_ps(vy, vy)), _mm_mul_ps(vz, vz));
    const __m128 radius2 = _mm_load_ps(radius2_);
    // A receiver at the emitter itself: a tiny floor keeps the estimate finite.
    const __m128 d2 = _mm_max_ps(_mm_max_ps(centreDistance2, radius2), _mm_set1_ps(1e-12f));
    // The direction from the centre to p (the cone's axis where p is the centre).
    const __m128 apart = _mm_cmpgt_ps(centreDistance2, zero);
    const __m128 distance = _mm_sqrt_ps(centreDistance2);
    const __m128 wx = _mm_load_ps(wx_), wy = _mm_load_ps(wy_), wz = _mm_load_ps(wz_);
    const __m128 ix = select(apart, _mm_div_ps(vx, distance), wx);
    const __m128 iy = select(apart, _mm_div_ps(vy, distance), wy);
    const __m128 iz = select(apart, _mm_div_ps(vz, distance), wz);
    // The half angle theta_b of the cone from p that holds the bounding sphere: every angle below
    // is reduced by it (all of them, to 0, where p is inside the sphere).
    const __m128 outside = _mm_cmpgt_ps(centreDistance2, radius2);
    const __m128 sin2B = _mm_div_ps(radius2, centreDistance2);
    const __m128 cosB = select(outside, _mm_sqrt_ps(_mm_sub_ps(one, sin2B)), _mm_set1_ps(-1));
    const __m128 sinB = _mm_and_ps(outside, _mm_sqrt_ps(sin2B));
    // theta_w, between the cone's axis and the direction to p (either side when two-sided).
    __m128 cosW =
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(wx, ix), _mm_mul_ps(wy, iy)), _mm_mul_ps(wz, iz));
    const __m128 absolute = _mm_andnot_ps(_mm_set1_ps(-0.0f), cosW);
    cosW = select(_mm_cmpgt_ps(_mm_load_ps(twoSided_), zero), absolute, cosW);
    // theta' = theta_w - theta_o - theta_b, at least 0.
    const __m128 cosO = _mm_load_ps(cosO_), sinO = _mm_load_ps(sinO_);
    const __m128 sinW = sinFromCos(cosW);
    const __m128 c = _mm_add_ps(_mm_mul_ps(cosW, cosO), _mm_mul_ps(sinW, sinO));
    const __m128 s = _mm_sub_ps(_mm_mul_ps(sinW, cosO), _mm_mul_ps(cosW, sinO));
    const __m128 cosWminusO = select(_mm_cmpge_ps(cosW, cosO), one, cosReduced(c, s, cosB, sinB));
    const __m128 lit = _mm_cmpgt_ps(cosWminusO, _mm_load_ps(cosE_));
    __m128 estimate = _mm_div_ps(_mm_mul_ps(_mm_load_ps(power_), cosWminusO), d2);
    if (n != Vec3{}) {
        const __m128 dotN = _mm_add_ps(
            _mm_add_ps(_mm_mul_ps(ix, _mm_set1_ps(n.x)), _mm_mul_ps(iy, _mm_set1_ps(n.y))),
            _mm_mul_ps(iz, _mm_set1_ps(n.z)));
        const __m128 cosI = _mm_andnot_ps(_mm_set1_ps(-0.0f), dotN);
        estimate = _mm_mul_ps(estimate, cosReduced(cosI, sinFromCos(cosI), cosB, sinB));
    }
    // Not lit, not positive or not a number: 0; and at most the largest float.
    estimate = _mm_and_ps(_mm_and_ps(lit, _mm_cmpgt_ps(estimate, zero)),
                          _mm_min_ps(estimate, _mm_set1_ps(FLT_MAX)));
    std::array<float, kLanes> out;
    _mm_storeu_ps(out.data(), estimate);
    return out;
}

} // namespace lrt
