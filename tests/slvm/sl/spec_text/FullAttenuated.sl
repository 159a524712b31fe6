sl 1.0
# FullAttenuated.sl - performs dE * Color * (Dot(N,H)^s*Ks + Dot(N,L)*Kd)
dp3 s0, N, L
mul s0, s0, Kd
add r0, V, L
norm r0, r0
dp3 s1, r0, N
pow s1, s1, S
mul s1, s1, Ks
add s0, s0, s1
mul r0, C0, s0
 
#now perform component-wise multiply
movc r s0, r0
movc r s1, dE
mul s0, s0, s1
lc r r0, s0
movc g s0, r0
movc g s1, dE
mul s0, s0, s1
lc g r0, s0
movc b s0, r0
movc r s1, dE
mul s0, s0, s1
lc b r0, s0
 
#and return the result
mov v0, r0
