// Written for tests/check-source.t (not from a Major run): a mutant the
// model cannot hold beside ones it can, in one enclosing expression.
public class Refs {
    static boolean same(Object o, int i) {
        return o == null || i + 1 > 2;
    }

    Refs next() {
        return null;
    }

    static boolean hasNext(Refs r) {
        return r.next() != null;
    }
}
