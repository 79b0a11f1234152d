package m;

// The method model reads the constants of other classes (the source
// tree's, the library's) and calls whose arguments assign
// (tests/check-method-facts.t).
public class MFacts {
    static int top(int c) {
        int lim = Chars.LIMIT;
        if (c > lim) {
            c = lim;
        }
        return c <= Chars.LIMIT ? 1 : 0;
    }

    static int code(int c) {
        if (c > Character.MAX_CODE_POINT) {
            c = Character.MAX_CODE_POINT;
        }
        return c <= 1114111 ? 1 : 0;
    }

    static int high(int c) {
        if (c >= Character.MIN_HIGH_SURROGATE && c <= Character.MAX_HIGH_SURROGATE) {
            return 1;
        }
        return 0;
    }

    static int skip(String s, int i) {
        int c = s.codePointAt(i);
        i += Character.charCount(c);
        return i;
    }

    static int skipSum(String s, int i) {
        int c = s.codePointAt(i);
        i += Character.charCount(c);
        return i + c;
    }

    static int before(String s, int c) {
        return c + s.indexOf(c);
    }

    static int after(String s, int c) {
        return s.indexOf(c) + c;
    }

    static int again(String s, int i) {
        i += Character.charCount(i);
        return i;
    }

    static int tail(String s, int i) {
        String t = s.substring(i);
        return t.length() == 0 ? i : -1;
    }
}
