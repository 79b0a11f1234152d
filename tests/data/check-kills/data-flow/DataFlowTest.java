/* Tests for DataFlow (KillRunner.java, scripts/major-kills.sh). */
public class DataFlowTest {
    static void check(boolean ok, String what) {
        if (!ok)
            throw new AssertionError(what);
    }

    public static void main(String[] args) {
        DataFlow d = new DataFlow();
        check(d.dataflow1(true) == 1, "dataflow1(true)");
        check(d.dataflow1(false) == 0, "dataflow1(false)");
        check(d.dataflow2(false, false), "dataflow2(false, false)");
        check(!d.dataflow2(true, true), "dataflow2(true, true)");
        check(d.miniTriangle(3, 4, 5) == 1, "miniTriangle(3, 4, 5)");
        check(d.miniTriangle(2, 2, 3) == 2, "miniTriangle(2, 2, 3)");
        check(d.miniTriangle(0, 1, 1) == 0, "miniTriangle(0, 1, 1)");
    }
}
