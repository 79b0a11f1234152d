package sample.numbers;

/** Signs, extremes and ranges of ints. */
public final class Ranges {
  private Ranges() {
  }

  /** The larger of a and b. */
  public static int max(int a, int b) {
    if (a >= b) {
      return a;
    }
    return b;
  }

  /** |x| (Integer.MIN_VALUE stays negative, as in Math.abs). */
  public static int abs(int x) {
    if (x < 0) {
      return -x;
    }
    return x;
  }

  /** -1, 0 or 1. */
  public static int sign(int x) {
    if (x == 0) {
      return 0;
    }
    if (x > 0) {
      return 1;
    }
    return -1;
  }

  /** x clamped to [lo, hi] (lo <= hi). */
  public static int clamp(int x, int lo, int hi) {
    if (x < lo) {
      return lo;
    }
    if (x > hi) {
      return hi;
    }
    return x;
  }

  /** a / b, or 0 when b is 0. */
  public static int safeDiv(int a, int b) {
    if (b == 0) {
      return 0;
    }
    return a / b;
  }

  /** Whether x lies in [lo, hi). */
  public static boolean inRange(int x, int lo, int hi) {
    return x >= lo && x < hi;
  }

  /** Whether the low byte of x exceeds 255: never. */
  public static boolean lowByteOverflows(int x) {
    int low = x & 0xFF;
    return low > 255;
  }
}
