sl 1.0
# Checker.sl - a checkerboard of C0 and r0 over the surface parameters (u, v), lit as Lambert.
# Surface tokens: s0 (squares per unit of u and v, e.g. [8]), r0 (the second colour), Kd.
movc x s1, uv
mul s1, s1, s0
floor s1, s1              # column
movc y s2, uv
mul s2, s2, s0
floor s2, s2              # row
add s1, s1, s2
li s2, 0.5
mul s1, s1, s2
floor s3, s1
sub s1, s1, s3            # 0 on even squares, 0.5 on odd ones
mov r1, C0
blt s1, s2, shade
mov r1, r0
shade:
dp3 s1, N, L              # Lambert: Kd * max(0, N.L) * colour * dE
li s2, 0
blt s2, s1, lit
ret
lit:
mul s1, s1, Kd
mul r1, r1, s1
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
