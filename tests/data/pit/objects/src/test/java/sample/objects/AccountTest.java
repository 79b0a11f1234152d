package sample.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AccountTest {
  @Test
  void depositAndWithdraw() {
    Account a = new Account("ann", 100);
    a.deposit(50);
    assertTrue(a.withdraw(120));
    assertEquals(-70, a.balance());
    assertTrue(a.overdrawn());
    assertFalse(a.withdraw(40));
  }

  @Test
  void rejects() {
    assertThrows(IllegalArgumentException.class, () -> new Account("b", -1));
    assertThrows(IllegalArgumentException.class, () -> new Account("b", 0).deposit(0));
  }

  @Test
  void describe() {
    assertEquals("ann: 0", new Account("ann", 0).describe());
  }

  @Test
  void squareOverflows() {
    assertFalse(Account.squareOverflows(Integer.MIN_VALUE));
  }
}
