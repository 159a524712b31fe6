sl 1.0
# Wood.sl - growth rings around the object's z axis, roughened by turbulence: C0 is the light
# wood, r0 the ring colour; lit as Lambert.
# Surface tokens: s0 (rings per unit of radius, e.g. [8]), s1 (turbulence strength, e.g. [0.6]),
# r0 (ring colour), Kd.
movc x s2, P
mul s2, s2, s2
movc y s3, P
mul s3, s3, s3
add s2, s2, s3
li s3, 0.5
pow s2, s2, s3            # distance from the z axis
mul s2, s2, s0
turb s3, P
mul s3, s3, s1
add s2, s2, s3
floor s3, s2
sub s2, s2, s3            # position within the ring
li s3, 3
pow s2, s2, s3            # sharp late-wood edge
sub r2, r0, C0
mul r2, r2, s2
add r1, C0, r2
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
