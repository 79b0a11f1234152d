public class Rel {
    byte hits;

    int sign(byte x) {
        if (x > 0) {
            return 1;
        }
        return 0;
    }

    void count(byte x) {
        if (x > 10) {
            hits++;
        }
    }

    int twice(byte n) {
        int s = 0;
        for (int i = 0; i < n && i < 40; i++) {
            s += 2;
        }
        return s;
    }
}
