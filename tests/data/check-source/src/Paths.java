// Written for tests/check-source.t (not from a Major run): path
// conditions that hold at the mutant, and two that do not (a
// reassignment in between, a loop's back edge).
public class Paths {
    static int sign(int x) {
        if (x >= 0) {
            return x != 0 ? 1 : 0;
        }
        return -1;
    }

    static int shifted(int x) {
        if (x >= 0) {
            x = x - 1000;
            return x != 0 ? 1 : 0;
        }
        return -1;
    }

    static int loop(int x) {
        if (x >= 0) {
            while (true) {
                if (x != 0) return 1;
                x--;
            }
        }
        return -1;
    }

    static int branches(int x, int y) {
        if (x < 0 || y < 0) {
            return 0;
        } else if (y != 0) {
            return x != 0 ? x : y;
        }
        return 2;
    }
}
