package sample.objects;

/** A bank account in cents that never goes below its overdraft limit. */
public final class Account {
  private final String owner;
  private long balance;
  private final long limit;

  public Account(String owner, long limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("negative limit");
    }
    this.owner = owner;
    this.limit = limit;
  }

  public String owner() {
    return owner;
  }

  public long balance() {
    return balance;
  }

  public void deposit(long cents) {
    if (cents <= 0) {
      throw new IllegalArgumentException("deposit " + cents);
    }
    balance += cents;
  }

  /** Withdraws cents when the limit allows it; whether it did. */
  public boolean withdraw(long cents) {
    if (cents <= 0 || balance - cents < -limit) {
      return false;
    }
    balance -= cents;
    return true;
  }

  /** Whether the balance is below zero. */
  public boolean overdrawn() {
    return balance < 0;
  }

  /** Whether x * x overflows a long for an int x: never. */
  public static boolean squareOverflows(int x) {
    long sq = (long) x * x;
    return sq < 0;
  }

  /** "owner: balance". */
  public String describe() {
    return owner + ": " + balance;
  }
}
