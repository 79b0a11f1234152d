package demo;

import java.util.function.IntUnaryOperator;

public class Demo {
    private int count;
    private static int total = 7 + 1;

    public Demo(int start) {
        count = start * 2;
    }

    static int clampLow(int x) {
        if (x < 0) {
            return 0;
        }
        return x;
    }

    static int absEq(int x) {
        if (x >= 0) {
            return x;
        }
        return -x;
    }

    static boolean both(int a, int b) {
        return a < 10 && b < 10;
    }

    static int sum(int a, int b) {
        return a + b;
    }

    static int shift(int a) {
        return a << 1;
    }

    static int loop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
        }
        return s;
    }

    void bump() {
        count++;
    }

    static int neg(int a) {
        return -a;
    }

    static boolean isPositive(int a) {
        return a > 0;
    }

    static int five() {
        return 5;
    }

    static Integer boxed(int a) {
        return a;
    }

    static String name(boolean b) {
        return b ? "yes" : "no";
    }

    static int twice(int a) {
        return a * 2;
    }

    static IntUnaryOperator adder(int k) {
        return v -> v + k;
    }

    static void log(String s) {
        System.out.println(s);
    }

    static StringBuilder fresh() {
        return new StringBuilder();
    }

    static boolean flag(boolean b) {
        if (b) {
            return true;
        }
        return false;
    }

    static int same(int x) {
        if (x == 0) {
            return 0;
        }
        return x;
    }

    static int steps(int x, int y) {
        for (int i = 0; i < y; i++) { x += 2; }
        return x;
    }

    static boolean either(boolean b) {
        if (b) { return true; } return true;
    }

    static boolean inside(int x, int lo, int hi) {
        return x >= lo && x < hi;
    }

    static String greet(String n, int k) {
        return "hi " + n + (k + 1);
    }

    static int fivePlus() {
        return five() + Math.abs(-3);
    }

    // javac's jumps: x == y jumps when true (if_icmpeq, the left operand
    // of ||), b under the ! when b is true (ifne)
    static int orSame(int x, int y, boolean b) {
        if (x == y || !b) { return 1; } return 2;
    }

    // a do statement's condition jumps back when true (if_icmplt)
    static int upTo(int x) {
        do { x++; } while (x < 10); return x;
    }

    // an enhanced for's hasNext() is a jump (ifeq) of its own
    static int nulls(java.util.List<String> xs) {
        int n = 0; for (String s : xs) { if (s == null) { n++; } } return n;
    }
}
