package bank;

final class Util {
    private Util() {
    }

    int twice(int x) {
        return x + 2;
    }
}
