sl 1.0
# BrushedMetal.sl - anisotropic metal brushed along dP/du (Kajiya-Kay highlight):
# dE * C0 * N.L * (Kd + Ks * (1 - (T.H)^2)^(S/2)), T = norm(du), H the half vector.
# Surface tokens: Kd (a little diffuse, e.g. [0.1]), Ks, roughness (S = 8 / roughness).
dp3 s3, N, L
li s1, 0
blt s1, s3, lit
ret
lit:
norm r0, du               # brush direction
add r1, V, L
norm r1, r1               # half vector
dp3 s0, r0, r1
mul s0, s0, s0
li s1, 1
sub s0, s1, s0            # sin^2 of the angle between T and H
li s1, 0
clamp s0, s1, s0
li s1, 0.5
mul s1, S, s1
pow s0, s0, s1            # sin^S
mul s0, s0, Ks
add s0, s0, Kd
mul s0, s0, s3
mul r1, C0, s0
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
