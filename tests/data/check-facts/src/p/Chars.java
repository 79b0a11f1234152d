package p;

public class Chars {
    public static final char NL = '\n';
    public static final char CR = NL + 3;
}
