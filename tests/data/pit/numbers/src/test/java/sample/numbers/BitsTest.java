package sample.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BitsTest {
  @Test
  void lowByte() {
    assertEquals(0x34, Bits.lowByte(0x1234));
  }

  @Test
  void setBit() {
    assertEquals(0b101, Bits.setBit(1, 2));
  }

  @Test
  void signsDiffer() {
    assertTrue(Bits.signsDiffer(-1, 1));
  }

  @Test
  void halves() {
    assertEquals(-4, Bits.halfFloor(-7));
    assertEquals(3, Bits.halfUnsigned(7));
  }

  @Test
  void doubledParity() {
    assertEquals(0, Bits.doubledParity(7));
  }

  @Test
  void mid() {
    assertEquals(5, Bits.mid(2, 8));
  }

  @Test
  void distance() {
    assertEquals(4L, Bits.distance(3, 7));
  }
}
