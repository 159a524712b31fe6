sl 1.0
# Velvet.sl - velvet: a diffuse base plus a sheen at grazing view angles (rim), lit by dE.
# Surface tokens: Kd (base), Ks (sheen strength, e.g. [1]), r0 (sheen colour, e.g. [1 0.9 0.9]),
# s0 (sheen falloff exponent, e.g. [3]).
dp3 s3, N, L
li s1, 0
blt s1, s3, lit
ret
lit:
dp3 s1, N, V
li s2, 1
sub s1, s2, s1            # 1 - N.V: large at the silhouette
li s2, 0
clamp s1, s2, s1          # max(0, ...)
pow s1, s1, s0
mul s1, s1, Ks
mul r1, r0, s1            # sheen
mul s2, s3, Kd
mul r2, C0, s2            # diffuse: Kd N.L C0
add r1, r1, r2
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
