vector foo,bar;
foo = (1, 1, 1);
bar = foo.x-yz; //bar is (1, -1, 1)
bar = foo.-xyz; //bar is (-1, 1, 1)
bar = foo.-x-y-z; //bar is (-1, -1, -1)
