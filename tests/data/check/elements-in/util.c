int scale(int x, int k) {
    return x * k + 1;
}
