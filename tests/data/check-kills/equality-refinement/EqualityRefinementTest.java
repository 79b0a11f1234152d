/* Tests for EqualityRefinement.areEqual (KillRunner.java). */
public class EqualityRefinementTest {
    static void check(boolean ok, String what) {
        if (!ok)
            throw new AssertionError(what);
    }

    public static void main(String[] args) {
        check(new EqualityRefinement().areEqual(1, 1), "1 == 1");
        check(!new EqualityRefinement().areEqual(1, 2), "1 != 2");
    }
}
