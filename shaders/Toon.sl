sl 1.0
# Toon.sl - cel shading: N.L quantised to three bands (0.2, 0.6, 1), times C0, Kd and dE.
# Surface tokens: Kd. Bands change at N.L = 0.2 and 0.6.
dp3 s0, N, L
li s1, 0.2
li s2, 0.2                # band value
blt s0, s1, shade
li s1, 0.6
li s2, 0.6
blt s0, s1, shade
li s2, 1
shade:
mul s2, s2, Kd
mul r1, C0, s2
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
