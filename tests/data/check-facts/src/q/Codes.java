package q;

public class Codes {
    public static final int ESC = (int) 27L;
    public static final byte WRAP = (byte) 200;
}
