class A {
  int m(int x) {
    if (x > 0 && /* c */ x < 9) return x % 2;
    while (x-- > 0) { x += 2; }
    return (x);
  }
}
