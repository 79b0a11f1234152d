package sample.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamesTest {
  @Test
  void addsTrimmed() {
    Names n = new Names();
    n.add(" Ada ");
    assertEquals(1, n.size());
    assertTrue(n.contains("Ada"));
    assertEquals("Ada", n.first());
  }

  @Test
  void rejectsEmpty() {
    assertThrows(IllegalArgumentException.class, () -> new Names().add(""));
  }

  @Test
  void addValid() {
    Names n = new Names();
    n.addValid("a", "", null, "b");
    assertEquals("a, b", n.joined());
  }

  @Test
  void empty() {
    Names n = new Names();
    assertTrue(n.isEmpty());
    assertEquals("", n.first());
    n.add("x");
    assertFalse(n.isEmpty());
  }
}
