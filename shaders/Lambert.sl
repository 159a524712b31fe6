sl 1.0
# Lambert.sl - the built-in "matte" surface as a shader: dE * C0 * Kd * max(0, N.L).
# Surface tokens: Kd (default 0.5). Renders the same image as Surface "matte" with the same Kd.
dp3 s0, N, L
li s1, 0
blt s1, s0, lit       # light in front of the surface
ret                   # behind it: v0 stays black
lit:
mul s0, s0, Kd
mul r0, C0, s0        # colour * Kd * cos
movc r s1, dE         # then componentwise by dE
movc r s2, r0
mul s2, s2, s1
lc r v0, s2
movc g s1, dE
movc g s2, r0
mul s2, s2, s1
lc g v0, s2
movc b s1, dE
movc b s2, r0
mul s2, s2, s1
lc b v0, s2
