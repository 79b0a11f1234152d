package demo;

public class Lines {
    static boolean c(int a, int b) { return a > b; }
    static int f(int index, int v) {
        if (index == 0 &&
            (c(index + 1, 3) ||
             c(index - 1,
               4))) {
            return index
                + v;
        }
        int x = v > 3
            ? index * 2
            : index / 2;
        return x;
    }
    static boolean code(char ch) {
        return ch == '@'
            || ch == '#';
    }
    static boolean paren(int a) {
        return (a > 0
            || a < -5);
    }
    static java.util.function.IntSupplier nest(int k) {
        return () -> ((java.util.function.IntSupplier) () -> k + 1).getAsInt();
    }
    static int top(Ctx c) {
        return (int) ((c.work >> 32) & 255);
    }
}
