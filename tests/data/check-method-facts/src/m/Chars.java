package m;

public class Chars {
    public static final int LIMIT = 'z' + 3;
}
