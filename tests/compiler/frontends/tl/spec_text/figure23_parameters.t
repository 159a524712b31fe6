function main()
{
    vector a = (1,2,3);
    vector b = (4,5,6);
    vector c;
    c = WeirdAddition(a,b);
}
function WeirdAddition( Argument1, Argument2 )
{
    return (Argument1.y-yy + Argument2.-zy-x );
}
