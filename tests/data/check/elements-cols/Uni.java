public class Uni {
    int f(int x) {
        int y = /* 😀 é */ x * 2;
        return /* € */ y + 1;
    }
}
