int f(int x) { /* é */ return x * 1; }
