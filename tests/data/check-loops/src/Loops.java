public class Loops {
    static int lim;

    static void bump() {
        lim--;
    }

    // the forms: each mutant is equivalent

    static int sumLen(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int countLt(int n) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (i >= 0) c++;
        }
        return c;
    }

    static int upToTen(int x) {
        int s = x;
        for (int i = 1; i <= 10; i++) {
            if (i != 0) s += i;
        }
        return s;
    }

    static int downLen(int[] a) {
        int s = 0;
        for (int i = a.length - 1; i > -1; i--) {
            s = s * 31 + a[i];
        }
        return s;
    }

    static int whileLen(int[] a) {
        int s = 0;
        int i = 0;
        while (i < a.length) {
            s += a[i];
            i++;
        }
        return s;
    }

    static int whileDown(int n) {
        int c = 0;
        int i = n;
        while (i >= 0) {
            if (i <= n) c++;
            i--;
        }
        return c;
    }

    static int between(int lo, int hi) {
        int c = 0;
        for (int i = lo; hi > i; ++i) {
            if (i < hi) c += 2;
        }
        return c;
    }

    // excluded: each mutant stays killable (at its expression)

    static int upToN(int n) {
        int c = 0;
        for (int i = 0; i <= n; i++) {
            if (i < 0) return -7;
            c++;
        }
        return c;
    }

    static int stepTwo(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            i += 1;
        }
        return s;
    }

    static int shrink(int[] a) {
        int s = 0;
        int n = a.length;
        for (int i = 0; i < n; i++) {
            s += a[i];
            n--;
        }
        return s;
    }

    static int withBreak(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] == 0) break;
            s += a[i];
        }
        return s;
    }

    static int withContinue(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] < 0) continue;
            s += a[i];
        }
        return s;
    }

    static int labelled(int[] a) {
        int s = 0;
        outer:
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a.length; j++) {
                if (a[j] == i) continue outer;
            }
            s++;
        }
        return s;
    }

    static int fieldBound() {
        int c = 0;
        for (int i = 0; i < lim; i++) {
            bump();
            c++;
        }
        return c;
    }

    static int incFirst(int[] a) {
        int s = 0;
        int i = 0;
        while (i < a.length) {
            i++;
            s += a[i - 1];
        }
        return s;
    }

    static int downToMin(int n) {
        int c = 0;
        for (int i = 0; i >= n; i--) {
            if (i > 0) return -7;
            c++;
        }
        return c;
    }
}
