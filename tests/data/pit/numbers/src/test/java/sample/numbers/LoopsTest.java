package sample.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LoopsTest {
  @Test
  void sum() {
    assertEquals(6, Loops.sum(new int[] {1, 2, 3}));
    assertEquals(0, Loops.sum(new int[0]));
  }

  @Test
  void triangle() {
    assertEquals(10, Loops.triangle(5));
  }

  @Test
  void countPositive() {
    assertEquals(2, Loops.countPositive(new int[] {-1, 4, 2}));
  }

  @Test
  void indexOf() {
    assertEquals(1, Loops.indexOf(new int[] {5, 6, 7}, 6));
    assertEquals(-1, Loops.indexOf(new int[] {5}, 6));
  }

  @Test
  void factorial() {
    assertEquals(120, Loops.factorial(5));
  }
}
