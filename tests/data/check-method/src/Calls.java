public class Calls {
    int log;

    void note(int x) {
        log = log * 31 + x + 1;
    }

    void pair(int a, int b) {
        note(a + 1);
        note(b);
    }

    int dead(int a) {
        int t = a * 2;
        note(a);
        t = 7;
        return t;
    }

    int order(int a) {
        if (a > 0) {
            note(1);
            note(2);
        } else {
            note(2);
            this.note(1);
        }
        return 0;
    }

    int guarded(int a) {
        if (a < 0) {
            return 0;
        }
        this.note(a);
        return 1;
    }

    int withField(int a) {
        log = a;
        note(a);
        return a;
    }
}
