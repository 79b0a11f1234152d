public class Heap {
    int x;
    Heap next;

    int npe(Heap a, int i) {
        i = a.x;
        return 0;
    }

    int guarded(Heap a) {
        if (a != null)
            return a.x;
        return 0;
    }

    int same(Heap a, Heap b) {
        if (a != null && a == b)
            return a.x - b.x;
        return 0;
    }

    int distinct(Heap a, Heap b) {
        if (a != b)
            return a.x - b.x;
        return 0;
    }

    int self(Heap a) {
        if (a == this)
            return a.x - x;
        return 1;
    }

    int chain() {
        return next.next.x;
    }

    Heap link(Heap a) {
        return a == null ? next : a;
    }

    int shortCircuit(Heap a) {
        return a != null && a.x > 0 ? 1 : 0;
    }

    int alias(Heap a, Heap b) {
        if (a.x == b.x)
            return 1;
        return 0;
    }

    void write(Heap a) {
        a.x = 1;
    }

    int aliasWrite(Heap a, Heap b) {
        a.x = 1;
        b.x = 2;
        return a.x;
    }

    void overwrite(Heap a) {
        a.y = 1;
        a.y = 2;
    }

    void add(Heap a, int k) {
        a.x += k;
        y++;
    }

    void setBoth(Heap a) {
        a.x = 5;
        x = 6;
    }

    int y;
}
