sl 1.0
# hchecker.sl - LRT's horizontal checkerboard: unit squares over the world-space x-z plane, r0
# where floor(x) + floor(z) is even and r1 where it is odd, lit as a Lambertian surface of that
# albedo: dE * colour * max(0, N.L). The peer Whitted scene's ground (POV-Ray's checker pigment).
# Surface tokens: r0, r1 (the two albedos). Kd is not used: the albedo is the colour itself.
movc x s1, Pw
floor s1, s1              # column
movc z s2, Pw
floor s2, s2              # row
add s1, s1, s2
li s2, 0.5
mul s1, s1, s2
floor s3, s1
sub s1, s1, s3            # 0 on even squares, 0.5 on odd ones
mov r2, r0
blt s1, s2, shade
mov r2, r1
shade:
dp3 s1, N, L
li s2, 0
blt s2, s1, lit           # light in front of the surface
ret
lit:
mul r2, r2, s1            # colour * cos, then componentwise by dE
movc r s1, dE
movc r s2, r2
mul s2, s2, s1
lc r v0, s2
movc g s1, dE
movc g s2, r2
mul s2, s2, s1
lc g v0, s2
movc b s1, dE
movc b s2, r2
mul s2, s2, s1
lc b v0, s2
