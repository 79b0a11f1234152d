package sample.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShapesTest {
  @Test
  void move() {
    Shapes.Point p = Shapes.move(new Shapes.Point(1, 2), 3, 4);
    assertEquals(4, p.x);
    assertEquals(6, p.y);
  }

  @Test
  void norm() {
    assertEquals(5, Shapes.norm(new Shapes.Point(-2, 3)));
  }

  @Test
  void area() {
    assertEquals(6, Shapes.area(2, 3));
    assertEquals(0, Shapes.area(-2, 3));
  }

  @Test
  void diagonal() {
    assertTrue(Shapes.onDiagonal(new Shapes.Point(2, 2)));
  }

  @Test
  void largest() {
    assertEquals(3, Shapes.largest(new Shapes.Point(1, 3)));
    assertNull(Shapes.largest(null));
  }
}
