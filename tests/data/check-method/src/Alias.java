class Alias {
    boolean self(Peer p, Object o) {
        return o == this && o == p;
    }
    boolean kin(Kin k, Object o) {
        return o == this && o == k;
    }
    boolean two(Peer p, Other q, Object o) {
        return o != null && o == p && o == q;
    }
    boolean str(Peer p, String s, Object o) {
        return o != null && o == p && o == s;
    }
    boolean face(Face f, Object o) {
        return o == this && o == f;
    }
    boolean sub(Peer p, Sub s, Object o) {
        return o != null && o == p && o == s;
    }
    static final int LIMIT = 4, NEG = -2;
    int seen;
    int sign(int x) {
        if (LIMIT > 3 && NEG < 0) return 1;
        return x;
    }
    int sign2(int x) {
        if (seen > 3) return 1;
        return x;
    }
}
class Peer { }
class Other { }
class Sub extends Peer { }
class Kin extends Alias { }
interface Face { }
