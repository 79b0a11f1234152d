package p;
public class Other {
    static int f(int x, int y) {
        if (x > 0)
            return x + y;
        return y - x;
    }
    static int g(int a) {
        return a * 2;
    }
}
