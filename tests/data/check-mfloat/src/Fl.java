public class Fl {
    double acc;
    float last;

    static double clampUnit(double x) {
        if (x != x)
            return 0.0;
        if (x < 0.0)
            return 0.0;
        if (x > 1.0)
            return 1.0;
        return x;
    }

    static int bucket(double x) {
        if (x != x)
            return -1;
        if (x < 1.0)
            return 0;
        if (x >= 1.0)
            return 1;
        return 2;
    }

    static int bucketNoGuard(double x) {
        if (x < 1.0)
            return 0;
        if (x >= 1.0)
            return 1;
        return 2;
    }

    static double maxOf(double a, double b) {
        if (a != a)
            return b;
        if (b != b)
            return a;
        if (a >= b)
            return a;
        return b;
    }

    static float sumTo(float step) {
        float s = 0.0f;
        for (float v = 0.0f; v < 4.0f; v += 1.0f) {
            s += step;
        }
        return s;
    }

    void record(double v) {
        acc = acc + v;
        last = (float) v;
    }

    static int toInt(double x) {
        int r = (int) x;
        return r / 2;
    }

    static void log(double d) {
    }

    static void report(double x) {
        log(x + 0.0);
    }
}
