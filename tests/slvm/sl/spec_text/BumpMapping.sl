sl 1.0
# BumpMapping.sl - simple diffuse bump mapping example
# first, rotate light into point's tangent space
dp3 s3, L, ds
dp3 s2, L, dt
dp3 s1, L, N
lc x r1, s3
lc y r1, s2
lc z r1, s1
norm r1, r1
 
# and dot this by the normal contained in the bump-map
dp3 s0, r1, t1
# and use this value to modulate a color provided by another texture
mul v0, t0, s0
