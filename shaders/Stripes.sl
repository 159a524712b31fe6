sl 1.0
# Stripes.sl - stripes across v: colour C0 where frac(v * s0) < s1, else r0; lit as Lambert.
# Surface tokens: s0 (stripes per unit of v, e.g. [10]), s1 (the C0 share of each stripe, e.g.
# [0.5]), r0 (the second colour), Kd.
movc y s2, uv
mul s2, s2, s0
floor s3, s2
sub s2, s2, s3            # position within the stripe, in [0, 1)
mov r1, C0
blt s2, s1, shade
mov r1, r0
shade:
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
