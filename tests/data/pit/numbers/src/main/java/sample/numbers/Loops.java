package sample.numbers;

/** Loops over ints and arrays. */
public final class Loops {
  private Loops() {
  }

  /** The sum of the elements of a. */
  public static int sum(int[] a) {
    int s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i];
    }
    return s;
  }

  /** 0 + 1 + ... + (n - 1). */
  public static int triangle(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
      s = s + i;
    }
    return s;
  }

  /** How many elements of a are positive. */
  public static int countPositive(int[] a) {
    int c = 0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] > 0) {
        c++;
      }
    }
    return c;
  }

  /** The index of the first x in a, or -1. */
  public static int indexOf(int[] a, int x) {
    int i = 0;
    while (i < a.length) {
      if (a[i] == x) {
        return i;
      }
      i++;
    }
    return -1;
  }

  /** n! for 0 <= n <= 12. */
  public static int factorial(int n) {
    int f = 1;
    for (int i = 2; i <= n; i++) {
      f *= i;
    }
    return f;
  }
}
