package p;

import q.Codes;
import static q.Codes.ESC;
import static java.lang.Integer.*;

public class Facts implements Limits {
    static final int BIG = 2147483647;
    static final int SPAN = BIG - 'a' + (int) 'a';
    static int bigger = 2147483647;
    static class In {
        static final char TAB = '\t';
    }

    static boolean empty(int[] values) {
        return values.length == 0;
    }
    static boolean eol(char c) {
        return c == Chars.NL || c == Chars.CR;
    }
    static boolean min(int u) {
        return u == Integer.MIN_VALUE;
    }
    static boolean under(int u) {
        return u <= BIG;
    }
    static boolean nonFinal(int u) {
        return u <= bigger;
    }
    static boolean shadowed(int u) {
        int BIG = u - 1;
        return u <= BIG;
    }
    static boolean param(int u, int BIG) {
        return u <= BIG;
    }
    static boolean top(int u) {
        return u <= TOP;
    }
    static boolean half(int u) {
        return u >= Limits.HALF || u < HALF;
    }
    static boolean nan(double d) {
        return d == Double.NaN;
    }
    static boolean lmax(long l) {
        return l < Long.MAX_VALUE;
    }
    static boolean esc(int k) {
        return k == Codes.ESC && Codes.WRAP < 0;
    }
    static boolean tab(char c) {
        return c == In.TAB || c == Facts.In.TAB;
    }
    static boolean chars(String s) {
        return s.length() == 0;
    }
    static boolean longer(String s, long n) {
        return s.length() < n;
    }
    static boolean imported(int k) {
        return k <= MAX_VALUE && ESC > 20;
    }
    static boolean span(int u) {
        return u < SPAN;
    }
}
