package bank;

public class Wallet {
    private int cents;

    public void setCents(int cents) {
        this.cents = cents;
    }

    public int getCents() {
        return cents;
    }

    public int spend(int x) {
        if (x >= cents) {
            return -1;
        }
        cents -= x;
        return cents;
    }
}
