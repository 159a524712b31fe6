sl 1.0
# NormalMap.sl - Lambert with the normal taken from a tangent-space normal map in t1 (RGB in
# [0, 1] encoding a unit vector as 2 rgb - 1, z along the surface normal); the frame is
# (norm(ds), norm(dt), N).
# Surface tokens: t1 (the normal map), Kd.
li s0, 2
mul r0, t1, s0
liv x r1, 1
liv y r1, 1
liv z r1, 1
sub r0, r0, r1            # tangent-space normal
norm r1, ds
movc x s0, r0
mul r1, r1, s0
norm r2, dt
movc y s0, r0
mul r2, r2, s0
add r1, r1, r2
movc z s0, r0
mul r2, N, s0
add r1, r1, r2
norm r1, r1               # the perturbed normal
dp3 s0, r1, L
li s1, 0
blt s1, s0, lit
ret
lit:
mul s0, s0, Kd
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
