public class Sw {
    int hits;

    int grade(int x) {
        int r;
        switch (x) {
        case 1:
        case 2:
            r = 10;
            break;
        case 3:
            r = 20;
            break;
        default:
            r = 0;
        }
        return r;
    }

    int fall(int x) {
        int r = 0;
        switch ((char) x) {
        case 'a':
            r += 1;
        case 'b':
            r += 2;
            break;
        default:
            hits++;
        }
        return r;
    }

    int arrow(byte b) {
        int r = 5;
        switch (b) {
        case 0, 1 -> r = 7;
        case 2 -> { r = 9; hits += 1; }
        default -> r = 5;
        }
        return r;
    }

    int lastBreak(int x) {
        int r = 0;
        switch (x) {
        case 4:
            r = 1;
            break;
        default:
            r = 2;
            break;
        }
        return r;
    }

    int inLoop(int n) {
        int s = 0;
        for (int i = 0; i < 4; i++) {
            switch (i) {
            case 1:
                continue;
            case 2:
                break;
            default:
                s += n;
            }
            s++;
        }
        return s;
    }

    int str(String s) {
        switch (s) {
        case "a":
            return 1;
        default:
            return 0;
        }
    }
}
