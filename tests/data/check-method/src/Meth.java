public class Meth {
    int total;
    int calls;

    int deadStore(int a) {
        int r = a * 2;
        r = a + 1;
        return r;
    }

    int guard(int t) {
        if (t > 3) {
            return 0;
        }
        if (t >= 3) {
            return 1;
        }
        return 2;
    }

    int late(int n) {
        int r = 0;
        for (int i = 0; i < n; i++) {
            if (i == 20) {
                r = 1;
            }
        }
        return r;
    }

    int fixedLoop(int a) {
        int s = 0;
        for (int i = 0; i < 3; i++) {
            s += a;
        }
        return s;
    }

    int divide(int a, int b) {
        int q = a / b;
        return a;
    }

    int check(int a) {
        if (a < 0) {
            throw new IllegalArgumentException();
        }
        return a;
    }

    void accumulate(int a) {
        int step = a;
        total += step;
        step = 0;
    }

    int skipOdd(int n) {
        int s = 0;
        for (int i = 0; i < 6; i++) {
            if (i == n) {
                break;
            }
            if (i % 2 == 1) {
                continue;
            }
            s += i;
        }
        return s;
    }

    int callsHelper(int a) {
        calls++;
        return helper(a) + 1;
    }

    int helper(int a) {
        return a;
    }

    int shadow(int total) {
        return total + 1;
    }
}
