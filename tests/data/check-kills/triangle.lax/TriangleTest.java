/* A lax test suite for Triangle.classify: it checks that valid
 * triangles are not reported INVALID (0) and that two kinds differ, not
 * which kind each is.  Its results contradict a weak-mutation claim:
 * mutants 7 (ISOSCELES = 3 to 0) and 8 (3 to -3) change the same value
 * on every input (so 8 is "subsumed by 7" in its initializer), but only
 * 0 is what these assertions can see.  (KillRunner.java.) */
public class TriangleTest {
    static void check(boolean ok, String what) {
        if (!ok)
            throw new AssertionError(what);
    }

    public static void main(String[] args) {
        check(Triangle.classify(3, 4, 5) != 0, "3 4 5 is a triangle");
        check(Triangle.classify(2, 2, 3) != 0, "2 2 3 is a triangle");
        check(Triangle.classify(2, 2, 2) != Triangle.classify(2, 2, 3),
              "equilateral and isosceles differ");
        check(Triangle.classify(0, 1, 1) == 0, "a zero side is invalid");
    }
}
