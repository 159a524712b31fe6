vector GlobalVariable; //No globals are allowed!
function Function1()
{
 vector a,b;
 return (a + b);
}
function Function2()
{
 vector c,d;
 return (c - d);
}
