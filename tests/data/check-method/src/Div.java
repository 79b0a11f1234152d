public class Div {
    byte x;

    int mix(byte y) {
        int a = x;
        int b = y;
        if (y < x) {
            a = y;
        }
        int c = x - y;
        int result = a + b + c + x;
        return result;
    }
}
