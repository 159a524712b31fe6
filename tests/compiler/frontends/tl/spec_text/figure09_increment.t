vector V1 = (0,0,0);
//Increment x, y and z
V1++; //V1 = (1,1,1)
//Increment x only
V1.x++; //V1 = (2, 1, 1)
//Decrement y only
V1.y--; //V1 = (2,1,0);
