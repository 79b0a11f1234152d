class B { int f(int y) { if (y < return y +; } }
