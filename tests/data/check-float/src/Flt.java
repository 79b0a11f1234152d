public class Flt {
    static boolean lt(double a, double b) {
        return a < b;
    }
    static double add(double x) {
        return x + 0.0;
    }
    static double mul(double x) {
        return x * 1.0;
    }
    static double rem(double a, double b) {
        return a % b;
    }
    static float half(float f) {
        return f * 0.5f;
    }
    static double mix(double d, int i) {
        return d + i;
    }
    static boolean eps(double x) {
        return x < 1.0E-5;
    }
    static boolean eq(float p, float q) {
        return p == q;
    }
    static double sub(double x) {
        return x - 0.0;
    }
}
