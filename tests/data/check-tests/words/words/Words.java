package words;

/* check-tests.t: methods the method model does not cover (string
 * literals, calls on String); the killing inputs are of the enclosing
 * expressions, and the runner searches each method's inputs on the
 * original and the mutant instead. */
public class Words {
    private boolean loud;
    private int count;

    public boolean isLoud() {
        return loud;
    }

    public static String tag(String s) {
        if (s.startsWith("-") && s.length() > 1)
            return s.substring(1);
        return s;
    }

    public static int size(String s) {
        if (s.isEmpty())
            throw new IllegalArgumentException("empty");
        return s.length();
    }

    public void say(String s) {
        if (s.endsWith("!"))
            loud = true;
        count += s.length();
    }
}
