import java.util.ArrayList;
import java.util.List;

public class Obj {
    int count;

    boolean both(int a, int b) {
        return a > 0
            && b > 0;
    }

    Obj self() {
        return this;
    }

    List<Integer> fresh() {
        return new ArrayList<>();
    }

    String cast(Object o) {
        return (String) o;
    }

    Integer boxed(int x) {
        return new Integer(x) + 1;
    }

    boolean text(Object o) {
        return o instanceof String && o != null;
    }
}
