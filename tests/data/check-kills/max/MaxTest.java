/* Tests for Max.max (KillRunner.java, scripts/major-kills.sh). */
public class MaxTest {
    static void check(boolean ok, String what) {
        if (!ok)
            throw new AssertionError(what);
    }

    public static void main(String[] args) {
        check(new Max().max(2, 1) == 2, "max(2, 1)");
        check(new Max().max(1, 2) == 2, "max(1, 2)");
    }
}
