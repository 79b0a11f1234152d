package words;

/* check-tests.t: no constructor the test can call (a search cannot
 * make this). */
public class Sealed {
    private final String name;

    private Sealed(String name) {
        this.name = name;
    }

    public boolean dashed() {
        return name.startsWith("-") && name.length() > 1;
    }
}
