package names;

/* check-tests.t: what String.hashCode() returns is a call the model does
 * not know; the killing input assumes a value for it, the real one
 * differs, and the test's expected values are observed from the
 * original instead. */
public class Name {
    private String text;

    public Name(String text) {
        this.text = text;
    }

    public int width(int pad) {
        int h = text.hashCode();
        if (pad > 3)
            return h + pad;
        return h;
    }

    public boolean plain(int k) {
        boolean big = text.hashCode() > 1000;
        if (k >= 3)
            return big;
        return !big;
    }
}
