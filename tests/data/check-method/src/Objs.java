class Objs {
    int absDiff(int a, int b) {
        return Math.abs(a - b);
    }

    int clampMin(int a) {
        int m = Math.max(a, 0);
        if (a < 0) return 0;
        return m;
    }

    boolean same(String s, String t) {
        return s == t;
    }

    String pick(String s, String t, boolean c) {
        return c ? s : t;
    }

    Object fresh(Object o) {
        Object x = new Object();
        if (x == o) return null;
        return x;
    }

    long lmin(long p, int q) {
        return Math.min(p, q);
    }

    int len(String s) {
        return s.concat("x").hashCode();
    }
}
