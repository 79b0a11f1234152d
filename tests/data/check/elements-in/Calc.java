public class Calc {
    int twice(int x) {
        int y = /* é */ x * 2;
        return y;
    }

    int clamp(int a, int lo) {
        if (a < lo) {
            return lo;
        }
        int n = a;
        n++;
        return n - 1;
    }

    int max(int a, int b) {
        if (a > b) {
            return a;
        }
        return b;
    }
}
