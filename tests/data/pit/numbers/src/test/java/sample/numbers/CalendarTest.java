package sample.numbers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CalendarTest {
  @Test
  void daysIn() {
    assertEquals(28, Calendar.daysIn(2));
    assertEquals(30, Calendar.daysIn(9));
    assertEquals(31, Calendar.daysIn(1));
  }

  @Test
  void quarter() {
    assertEquals(2, Calendar.quarter(5));
  }

  @Test
  void dayOfYear() {
    assertEquals(31 + 28 + 3, Calendar.dayOfYear(3, 3));
  }
}
