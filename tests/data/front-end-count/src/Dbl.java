public class Dbl {
    int v;
    Other o;
    Dbl next;

    int late(Dbl a, int k) {
        int x = k + 1;
        if (a.o == null)
            return x;
        return a.v + x;
    }

    int local(Dbl a, int k) {
        int x = k + 1;
        Dbl b = a;
        return b.v + x;
    }
}

class Other {
    int w;
}
