public class An {
    static final int TOP = 2147483647;
    static boolean m(final int u) {
        final int TOP = 5;
        Object o = new Object() {
            boolean r() {
                return u <= TOP;
            }
        };
        return o != null;
    }
    static boolean n(final int u) {
        class L {
            boolean r() {
                return u <= TOP;
            }
        }
        return new L().r();
    }
}
