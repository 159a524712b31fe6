// The T-Language specification's Appendix A, example 1: solving
//     x + 3y - 2z = 5,  3x + 5y + 6z = 7,  2x + 4y + 3z = 8
// by Cramer's rule. The example's text follows the #defines unchanged, completed where the
// printed page cuts it off (ResultZ = C / D; and the closing brace). The lines around it are
// lrt's: the result vectors are registers, so that they outlive main; Determinant3x3, which the
// example calls without defining, is the triple product; and the solution goes to v0.
// lrt tl run examples/t-language/cramer.t --profile sl   prints v0 = (-15, 8, 2).
#define ResultX R30
#define ResultY R31
#define ResultZ R32
function Determinant3x3(r1, r2, r3)
{
  vector c, p;
  c = r2.yzx * r3.zxy - r2.zxy * r3.yzx;
  p = r1 * c;
  return p.xxx + p.yyy + p.zzz;
}
//-----//Uses Crammer's rule to solve the system of equations
function main()
{
vector ResultX, ResultY, ResultZ;
vector A,B,C,D;
vector R1,R2,R3;
R1 = (1,3,-2);R2 = (3,5,6); R3 = (2,4,3);//Calculate the divisor
D = Determinant3x3(R1, R2, R3);
R1 = (5, 3, -2);R2 = (7,5,6);R3 = (8,4,3);
A = Determinant3x3(R1, R2, R3);
R1 = (1,5,-2);R2 = (3,7,6);R3 = (2,8,3);
B = Determinant3x3(R1, R2, R3);
R1 = (1,3,5);R2 = (3,5,7); R3 = (2,4,8);
C = Determinant3x3(R1, R2, R3);
ResultX = A / D; ResultY = B / D;
ResultZ = C / D;
}
v0 = (ResultX.x, ResultY.x, ResultZ.x);
