// Lambert.t - the built-in "matte" surface in T-Language: dE * C0 * Kd * max(0, N.L).
// The T-Language twin of Lambert.sl and Lambert.cg: it reads SL's registers N, L, C0, dE and Kd
// as predefined vectors and writes its colour to v0. Surface parameters: none (Kd, default 0.5).
vector cosine;
cosine = N * L;                                 // componentwise, not a dot product
cosine = cosine.xxx + cosine.yyy + cosine.zzz;  // the dot product, in x, y and z
if (cosine.x > 0) {                             // light in front of the surface
    v0 = dE * C0 * cosine * Kd;
}
