package sample.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RangesTest {
  @Test
  void max() {
    assertEquals(5, Ranges.max(5, 3));
    assertEquals(7, Ranges.max(2, 7));
    assertEquals(4, Ranges.max(4, 4));
  }

  @Test
  void abs() {
    assertEquals(3, Ranges.abs(-3));
    assertEquals(3, Ranges.abs(3));
    assertEquals(0, Ranges.abs(0));
  }

  @Test
  void sign() {
    assertEquals(-1, Ranges.sign(-9));
    assertEquals(0, Ranges.sign(0));
    assertEquals(1, Ranges.sign(9));
  }

  @Test
  void clamp() {
    assertEquals(2, Ranges.clamp(1, 2, 8));
    assertEquals(8, Ranges.clamp(9, 2, 8));
    assertEquals(5, Ranges.clamp(5, 2, 8));
  }

  @Test
  void safeDiv() {
    assertEquals(3, Ranges.safeDiv(7, 2));
    assertEquals(0, Ranges.safeDiv(7, 0));
  }

  @Test
  void inRange() {
    assertTrue(Ranges.inRange(3, 1, 5));
    assertFalse(Ranges.inRange(7, 1, 5));
  }

  @Test
  void lowByteOverflows() {
    assertFalse(Ranges.lowByteOverflows(1000));
  }
}
