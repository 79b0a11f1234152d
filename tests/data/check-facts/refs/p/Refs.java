package p;

import java.util.List;
import java.util.Set;
import java.util.ArrayList;

public class Refs {
    static final Object LOCK = new Object();
    static final List<String> NAMES = new ArrayList<String>();
    static final int[] TABLE = { 1, 2 };
    static Object open = new Object();
    final Object mine = new Object();

    static boolean plain(Kind kind) {
        return kind != Kind.TEXT && kind != Kind.NUMBER;
    }

    static boolean zone(String s) {
        return "+0000".equals(s) || "Z".equals(s);
    }

    static boolean coll(Class<?> type) {
        return type == List.class || type == Set.class;
    }

    static boolean lock(Object o) {
        return o != LOCK && o != NAMES;
    }

    static boolean lit(String s) {
        return s == "a" || s == "b";
    }

    static boolean notnull() {
        return Kind.DATE != null;
    }

    static boolean openLock(Object o) {
        return o != LOCK && o != open;
    }

    static int ord(int k) {
        return k * Kind.NUMBER.ordinal();
    }

    static boolean same(String s) {
        return s.equals(s) == s.isEmpty();
    }

    static boolean zone2(String s) {
        return s.equals("UTC") || s.equals("GMT");
    }

    static boolean table(Object o) {
        return o != TABLE && o != LOCK;
    }

    boolean mine(Object o) {
        return o != mine && o != LOCK;
    }

    static boolean qualified(Class<?> type) {
        return type == List.class || type == java.util.List.class;
    }

    // a class initializing: LATE is still null when EARLY is set
    static final boolean EARLY = Refs.LATE == null;
    static final Object LATE = new Object();

    static boolean dash(String s) {
        return "-".equals(s) || "--".equals(s);
    }
}
