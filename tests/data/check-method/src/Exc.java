public class Exc {
    int f;

    static class MyEx extends IllegalStateException {
    }

    static class Odd extends java.util.EmptyStackException {
    }

    int guarded(int a, int b) {
        if (a == 0)
            throw new IllegalStateException("a is zero");
        return b / a;
    }

    int caughtSame(int a, int b) {
        try {
            int q = a / b;
            return 1;
        } catch (ArithmeticException e) {
            return 0;
        }
    }

    int masked(int a) {
        try {
            if (a < 0)
                throw new IllegalStateException();
            return 1 / a;
        } finally {
            if (a <= 0)
                return 5;
        }
    }

    int mine(int a) {
        try {
            if (a > 3)
                throw new MyEx();
            if (a > 1)
                throw new IllegalStateException();
            return 0;
        } catch (MyEx e) {
            return 1;
        } catch (RuntimeException e) {
            return 2;
        }
    }

    int loopTry(int n) {
        int s = 0;
        for (int i = 0; i < 4; i++) {
            try {
                if (i == n)
                    break;
                s += 10 / (i - 1);
            } catch (ArithmeticException e) {
                s += 100;
                continue;
            } finally {
                s++;
            }
        }
        return s;
    }

    int writes(int a) {
        f = 1;
        try {
            f = 10 / a;
        } catch (ArithmeticException | NullPointerException e) {
            f = f + 2;
        }
        return 0;
    }

    int odd(int a) {
        try {
            if (a > 0)
                throw new Odd();
        } catch (IllegalStateException e) {
            return 1;
        }
        return 0;
    }

    int usesE(int a) {
        try {
            return 10 / a;
        } catch (ArithmeticException e) {
            return e == null ? 1 : 2;
        }
    }

    int helper(int x) {
        return x + 1;
    }

    int callInTry(int a) {
        try {
            return helper(a) / a;
        } catch (ArithmeticException e) {
            return 0;
        }
    }
}
