sl 1.0
# Glass.sl - a dielectric built on trace: reflection Kr F and refraction Kt (1 - F) I^2 C0, with
# Schlick's Fresnel F = F0 + (1 - F0)(1 - N.V)^5, F0 = ((I - 1) / (I + 1))^2, and total internal
# reflection. I is old index / new index (1/eta entering, eta leaving).
# Surface tokens: eta (e.g. [1.5]), Kr and Kt (set them, e.g. [1]; they default to 0).
dp3 s0, N, V              # c1 = cos(theta_i); N faces the viewer
li s1, 2
mul s1, s1, s0
mul r0, N, s1
sub r0, r0, V             # R = 2 c1 N - V
li s1, 1
sub s2, I, s1
add s3, I, s1
div s2, s2, s3
mul s2, s2, s2            # F0
sub s3, s1, s0
li s1, 5
pow s3, s3, s1            # (1 - c1)^5
li s1, 1
sub s1, s1, s2
mul s3, s3, s1
add v1, s2, s3            # F, kept in v1
mul s1, s0, s0
li s3, 1
sub s1, s3, s1            # 1 - c1^2
mul s3, I, I
mul s1, s1, s3
li s3, 1
sub s1, s3, s1            # k = 1 - I^2 (1 - c1^2)
li s3, 0
blt s1, s3, total         # no refraction: total internal reflection
li s3, 0.5
pow s1, s1, s3            # c2 = sqrt(k)
mul s3, I, s0
sub s3, s3, s1
mul r1, N, s3
mul r2, V, I
sub r1, r1, r2            # T = -I V + (I c1 - c2) N
trace r2, Pw, r1
li s3, 1
sub s3, s3, v1
mul s3, s3, Kt
mul s1, I, I
mul s3, s3, s1            # Kt (1 - F) I^2
mul r2, r2, s3
movc r s1, C0             # tinted by C0, componentwise
movc r s2, r2
mul s2, s2, s1
lc r r3, s2
movc g s1, C0
movc g s2, r2
mul s2, s2, s1
lc g r3, s2
movc b s1, C0
movc b s2, r2
mul s2, s2, s1
lc b r3, s2
jmp reflect
total:
li v1, 1
liv x r3, 0
liv y r3, 0
liv z r3, 0
reflect:
trace r1, Pw, r0
mul s1, v1, Kr
mul r1, r1, s1
add v0, r3, r1
