package sample.numbers;

/** Days of months (non-leap years). */
public final class Calendar {
  private Calendar() {
  }

  /** The days of month m (1..12); 31 for any other m. */
  public static int daysIn(int m) {
    switch (m) {
      case 2:
        return 28;
      case 4:
      case 6:
      case 9:
      case 11:
        return 30;
      default:
        return 31;
    }
  }

  /** The quarter (1..4) of month m (1..12). */
  public static int quarter(int m) {
    return (m - 1) / 3 + 1;
  }

  /** The day of the year of day d of month m. */
  public static int dayOfYear(int m, int d) {
    int n = d;
    for (int k = 1; k < m; k++) {
      n += daysIn(k);
    }
    return n;
  }
}
