sl 1.0
# Mirror.sl - a perfect mirror built on trace: Kr * C0 * radiance from the reflected direction.
# Surface tokens: Kr (reflectance; set it, its default is 0). With Kr 1 it renders as the
# built-in "mirror" surface under one light.
dp3 s0, N, V
li s1, 2
mul s0, s0, s1
mul r0, N, s0
sub r0, r0, V         # R = 2 (N.V) N - V, in object space
trace r1, Pw, r0
mul r1, r1, Kr
movc r s0, C0         # tint componentwise by C0
movc r s1, r1
mul s0, s0, s1
lc r v0, s0
movc g s0, C0
movc g s1, r1
mul s0, s0, s1
lc g v0, s0
movc b s0, C0
movc b s1, r1
mul s0, s0, s1
lc b v0, s0
