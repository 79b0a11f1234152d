public class Fields {
    int x;
    int y;
    Fields peer;

    void inc() {
        x = x + 1;
    }

    int get() {
        return x;
    }

    void log(int v) {
    }

    boolean ok() {
        return x > 0;
    }

    int reread(int a) {
        x = a;
        inc();
        return x - a;
    }

    int store(int a) {
        x = a;
        log(0);
        x = 5;
        return 0;
    }

    int overwrite(int a) {
        log(a);
        y = a * 2;
        y = 7;
        return y;
    }

    int addGet(int a) {
        x += get();
        return x + a;
    }

    int before(int a) {
        return x + get() + a;
    }

    boolean peerOk() {
        return peer != null && peer.ok();
    }

    int viaPeer(int a) {
        int r = peer.get();
        return r + a;
    }
}
