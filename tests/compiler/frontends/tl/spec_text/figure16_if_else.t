vector foo, bar, result;
//if block
if (foo <= bar)
{
  result = 0xaced;
}
//if and else
if (foo.xxx == 0)
{
  result = 1;
} else {
  result = 2;
}
