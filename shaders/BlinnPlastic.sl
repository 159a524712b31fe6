sl 1.0
# BlinnPlastic.sl - plastic: dE * (Kd * C0 * N.L + Ks * C1 * (N.H)^S * N.L), with N.L > 0.
# Surface tokens: Kd, Ks, roughness (S = 8 / roughness), specularcolor (C1; set it, e.g.
# [1 1 1], or the highlight is black).
dp3 s0, N, L
li s1, 0
blt s1, s0, lit
ret
lit:
add r0, V, L
norm r0, r0               # half vector
dp3 s1, N, r0
li s2, 0
clamp s1, s2, s1          # max(0, N.H): clamping to [0, N.H] only raises negatives
pow s1, s1, S
mul s1, s1, Ks
mul r1, C1, s1            # specular colour * Ks * (N.H)^S
mul s2, Kd, s0
mul r2, C0, s2            # diffuse colour * Kd * N.L
mul r1, r1, s0
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
