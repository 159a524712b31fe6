#define MyMacroVector0 R2
#define MyMacroVector1 R3
#define MyMacroVector2 R4
#macro C = CrossProduct( A, B )
       R7 = A.yzx * B.zxy;
       R8 = A.zxy * B.yzx;
       C = R7 - R8;
#endmacro
//-----
function main()
{
 vector Normal, tmp1, tmp2;
 tmp1 = MyMacroVector1 - MyMacroVector0;
 tmp2 = MyMacroVector2 - MyMacroVector0;
 Normal = CrossProduct( tmp1,tmp2 );
}
//----
