vector a;
vector i = 0;
//The iteration variable is stored in i.x
while (i.x < 10)
{
    a = i;
}
