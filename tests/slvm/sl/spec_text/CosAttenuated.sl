sl 1.0
# CosAttenuated.sl - assumes all lights intensities to be (1, 1, 1)
 
dp3 s0, N, L
mul v0, C0, s0
