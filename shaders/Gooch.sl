sl 1.0
# Gooch.sl - Gooch's technical-illustration shading: a blend from a cool to a warm tone by
# (1 + N.L) / 2, both tinted by C0, scaled by the light's average dE.
# Surface tokens: r0 (warm tone, e.g. [0.4 0.4 0]), r1 (cool tone, e.g. [0 0 0.4]), Kd.
dp3 s0, N, L
li s1, 1
add s0, s0, s1
li s1, 0.5
mul s0, s0, s1            # k = (1 + N.L) / 2
mul r2, C0, Kd
add r3, r0, r2            # warm = r0 + Kd C0
add r2, r1, r2            # cool = r1 + Kd C0
sub r3, r3, r2
mul r3, r3, s0
add r3, r2, r3            # cool + (warm - cool) k
movc r s1, dE
movc g s2, dE
add s1, s1, s2
movc b s2, dE
add s1, s1, s2
li s2, 0.3333333
mul s1, s1, s2            # mean dE keeps the tone's colour
mul v0, r3, s1
