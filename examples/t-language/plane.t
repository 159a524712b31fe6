// The T-Language specification's Appendix A, example 2: a triangle's plane, as a normal and a
// distance. The example's text (from #macro on) is unchanged. The lines before it are lrt's: the
// corners P1-P3 and the results are registers (R10-R12, R20, R21); DotProduct, which the example
// calls without defining, is the sum of the products. The example's own Normalize squares the
// vector before dividing by its length, so its "normal" is (x^2, y^2, z^2) / |n|.
// lrt tl run examples/t-language/plane.t --profile sl   prints v0 = (Distance, Normal.x, Normal.y).
#define P1 R10
#define P2 R11
#define P3 R12
#define Distance R20
#define Normal R21
function DotProduct(a, b)
{
  vector p;
  p = a * b;
  return p.xxx + p.yyy + p.zzz;
}
R10 = (1, 0, 0);
R11 = (0, 2, 0);
R12 = (0, 0, 2);
#macro C = CrossProduct( A, B )
      R7 = A.yzx * B.zxy;
      R8 = A.zxy * B.yzx;
      C = R7 - R8;
#endmacro
//-----
function main()
{
 vector Normal, Distance, tmp1, tmp2;
 tmp1 = P2 - P1;
 tmp2 = P3 - P1;
 Normal = CrossProduct( tmp1,tmp2 );
 Normal = Normalize( Normal );
 Distance = DotProduct( -Normal, P1 );
}
//-----
function Normalize(Vector)
{
 Vector = Vector * Vector;
 return (Vector / sqrt( Vector.xxx + Vector.yyy + Vector.zzz ));
}
v0 = (Distance.x, Normal.x, Normal.y);
