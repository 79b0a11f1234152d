package sample.objects;

/** Points and rectangles. */
public final class Shapes {
  private Shapes() {
  }

  /** A point. */
  public static final class Point {
    final int x;
    final int y;

    public Point(int x, int y) {
      this.x = x;
      this.y = y;
    }
  }

  /** The point moved by (dx, dy). */
  public static Point move(Point p, int dx, int dy) {
    return new Point(p.x + dx, p.y + dy);
  }

  /** The Manhattan distance of p from the origin. */
  public static int norm(Point p) {
    return Math.abs(p.x) + Math.abs(p.y);
  }

  /** The area of a w by h rectangle, 0 when either side is not positive. */
  public static int area(int w, int h) {
    if (w <= 0 || h <= 0) {
      return 0;
    }
    return w * h;
  }

  /** Whether p is on the diagonal y == x. */
  public static boolean onDiagonal(Point p) {
    return p.x == p.y;
  }

  /** The larger coordinate of p, or null for no point. */
  public static Integer largest(Point p) {
    if (p == null) {
      return null;
    }
    return Math.max(p.x, p.y);
  }
}
