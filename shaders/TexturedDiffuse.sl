sl 1.0
# TexturedDiffuse.sl - Lambert with its albedo from a texture: dE * t0 * C0 * Kd * max(0, N.L).
# Surface tokens: t0 (an image file, or a colour), Kd.
dp3 s0, N, L
li s1, 0
blt s1, s0, lit
ret
lit:
mul s0, s0, Kd
movc r s1, t0             # albedo = t0 * C0, componentwise
movc r s2, C0
mul s1, s1, s2
lc r r1, s1
movc g s1, t0
movc g s2, C0
mul s1, s1, s2
lc g r1, s1
movc b s1, t0
movc b s2, C0
mul s1, s1, s2
lc b r1, s1
mul r1, r1, s0
movc r s1, dE
movc r s2, r1
mul s2, s2, s1
lc r v0, s2
movc g s1, dE
movc g s2, r1
mul s2, s2, s1
lc g v0, s2
movc b s1, dE
movc b s2, r1
mul s2, s2, s1
lc b v0, s2
