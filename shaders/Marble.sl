sl 1.0
# Marble.sl - veined marble: a triangle wave across object-space x, bent by turbulence, mixes the
# base colour C0 with the vein colour r0; lit as Lambert.
# Surface tokens: s0 (veins per unit, e.g. [2]), s1 (turbulence strength, e.g. [4]), r0 (vein
# colour), Kd.
mul r1, P, s0
turb s2, r1               # turbulence at the scaled point
mul s2, s2, s1
movc x s3, r1
add s2, s2, s3            # x * s0 + s1 * turb
floor s3, s2
sub s2, s2, s3            # f = frac(...)
li s3, 2
mul s2, s2, s3
li s3, 1
sub s2, s2, s3            # 2f - 1 in [-1, 1)
li s3, 0
blt s3, s2, positive
sub s2, s3, s2            # |2f - 1|
positive:
li s3, 4
pow s2, s2, s3            # thin veins: |2f - 1|^4
sub r2, r0, C0
mul r2, r2, s2
add r1, C0, r2            # C0 + (r0 - C0) * vein
dp3 s2, N, L
li s3, 0
blt s3, s2, lit
ret
lit:
mul s2, s2, Kd
mul r1, r1, s2
movc r s2, dE
movc r s3, r1
mul s3, s3, s2
lc r v0, s3
movc g s2, dE
movc g s3, r1
mul s3, s3, s2
lc g v0, s3
movc b s2, dE
movc b s3, r1
mul s3, s3, s2
lc b v0, s3
