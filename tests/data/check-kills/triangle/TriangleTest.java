/* A small test suite for Triangle.classify, as a developer might write
 * it: one case per kind of triangle and two invalid ones.  Run on every
 * mutant by KillRunner.java (scripts/major-kills.sh). */
public class TriangleTest {
    static void check(boolean ok, String what) {
        if (!ok)
            throw new AssertionError(what);
    }

    public static void main(String[] args) {
        check(Triangle.classify(3, 4, 5) == 1, "3 4 5 is scalene");
        check(Triangle.classify(2, 2, 2) == 2, "2 2 2 is equilateral");
        check(Triangle.classify(2, 2, 3) == 3, "2 2 3 is isosceles");
        check(Triangle.classify(0, 1, 1) == 0, "a zero side is invalid");
        check(Triangle.classify(1, 2, 3) == 0, "1 2 3 is degenerate");
    }
}
