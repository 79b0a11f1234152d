package bank;

/* A small subject for tests/check-tests.t (check --tests DIR). */
public class Account {
    private int balance;
    int fee = 1;
    int[] history = new int[4];

    public int withdraw(int amount) {
        if (amount + fee > balance) {
            return -1;
        }
        balance = balance - amount - fee;
        return balance;
    }

    int perDay(int days) {
        return balance / days;
    }

    private static int half(int v) {
        return v / 2;
    }

    static void bump(int[] a, int i) {
        a[i] = a[i] + 1;
    }

    void log(int v) {
    }

    int notify(int a) {
        if (a >= 0) {
            log(a);
        }
        return 0;
    }
}
