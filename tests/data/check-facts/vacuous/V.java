public class V {
    static int g(int[] a, int k) {
        return a[3] + Math.max(k, 3);
    }

    static int h(int k) {
        return Math.abs(k + 3);
    }
}
