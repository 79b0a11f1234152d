// Written for tests/check-source.t (not from a Major run): text repeated
// on one line, a char parameter, a literal inside its expression.
public class Occ {
    static int pick(int[] a, int i, int n) {
        if (i % 2 < n) return a[i % 2];
        return 0;
    }

    static boolean nonNegative(char c) {
        return c >= 0;
    }

    static boolean isEven(int x) {
        return x % 2 == 0;
    }

    static String label(String s, int i) {
        return s + (i + 1);
    }
}
