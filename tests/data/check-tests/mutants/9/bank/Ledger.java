package bank;

class Ledger {
    final int base;

    Ledger(int base) {
        this.base = base;
    }

    int plus(int x) {
        return base - x;
    }
}
