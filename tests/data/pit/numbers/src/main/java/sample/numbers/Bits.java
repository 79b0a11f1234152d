package sample.numbers;

/** Bit tricks and modular arithmetic. */
public final class Bits {
  private Bits() {
  }

  /** The low byte of x, unsigned. */
  public static int lowByte(int x) {
    return x & 0xFF;
  }

  /** x with bit n set. */
  public static int setBit(int x, int n) {
    return x | (1 << n);
  }

  /** Whether x and y differ in sign. */
  public static boolean signsDiffer(int x, int y) {
    return (x ^ y) < 0;
  }

  /** x / 2, rounding towards minus infinity. */
  public static int halfFloor(int x) {
    return x >> 1;
  }

  /** x / 2 for x >= 0, as an unsigned shift. */
  public static int halfUnsigned(int x) {
    return x >>> 1;
  }

  /** (2 * x) % 2: always 0. */
  public static int doubledParity(int x) {
    return (x * 2) % 2;
  }

  /** The average of a and b, without overflow for a, b >= 0. */
  public static int mid(int a, int b) {
    return a + (b - a) / 2;
  }

  /** x - y, or -(y - x): the same. */
  public static long distance(long x, long y) {
    long d = x - y;
    if (d < 0) {
      d = -d;
    }
    return d;
  }

  /** x * 1.5 rounded towards zero. */
  public static double scale(double x) {
    return x * 1.5;
  }
}
