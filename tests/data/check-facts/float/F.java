public class F {
    static final double D0 = 0.1;
    static final float F0 = 1 / 3f;
    static final double D1 = D0 * 3 + F0;
    static final float F1 = (float) 1e-40;
    static final double D2 = Math.PI / 2;
    static boolean m0(double x) { return x == D0; }
    static boolean m1(float x) { return x == F0; }
    static boolean m2(double x) { return x == D1; }
    static boolean m3(float x) { return x == F1; }
    static boolean m4(double x) { return x == D2; }
}
