public class Th {
    private int[] values;
    boolean e() {
        return this.values.length == 0;
    }
    boolean f(int[] values) {
        return this.values.length == 0;
    }
}
