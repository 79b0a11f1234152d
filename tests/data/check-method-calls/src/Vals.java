public class Vals {
    int g(int x) {
        return x * 3;
    }

    boolean p(int x) {
        return x > 0;
    }

    int twice(int x) {
        int a = g(x);
        int b = g(x);
        return a - b;
    }

    int plus(int x) {
        return g(x) + 1;
    }

    boolean either(boolean c, int x) {
        return c || p(x);
    }

    int guard(int x) {
        if (g(x) > 0) {
            return 1;
        }
        return 1;
    }

    int nested(int x) {
        return g(g(x) + 1);
    }

    int pick(boolean c, int x) {
        return c ? g(x) : g(x + 1);
    }

    int loop(int n) {
        int s = 0;
        while (p(n - s)) {
            s = s + 1;
        }
        return s;
    }

    int again(int n) {
        int s = 0;
        do {
            s = s + 1;
        } while (p(n - s));
        return s;
    }
}
