package p;
public class B {
    static int f(int boom, int y) {
        if (boom > 0)
            return boom + y;
        return y - boom;
    }
    static int g(int a) {
        return a * 2;
    }
}
