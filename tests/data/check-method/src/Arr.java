// Arrays in the method model (tests/check-method-arrays.t).
public class Arr {
    int[] buf;

    int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++)
            s += a[i];
        return s;
    }

    int pick(int[] a, int i) {
        if (i < 0 || i >= a.length)
            return 0;
        if (i < a.length)
            return a[i];
        return -1;
    }

    int scratch(int n) {
        int[] t = new int[2];
        t[0] = n;
        return n + 1;
    }

    void fill(int[] a, int v) {
        a[0] = v;
        a[1] = 7;
    }

    int alias(int[] a, int[] b) {
        a[0] = 1;
        b[0] = 2;
        return a[0];
    }

    int firstBig(int[] a) {
        for (int i = 0; i < a.length; i++)
            if (i < 10 && a[i] > 100)
                return i;
        return -1;
    }

    void push(int v) {
        buf[0] += v;
    }

    int fresh(int n) {
        int[] t = new int[n];
        t[0] = 3;
        return t[0] + n;
    }
}
