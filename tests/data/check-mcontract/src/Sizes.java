import java.util.List;

class Sizes {
    int count(List<Integer> list) {
        int n = list.size();
        if (n < 0)
            return -1;
        return n;
    }

    int find(String s, String t) {
        int i = s.indexOf(t);
        return i + 1;
    }

    int half(String s) {
        int n = s.length();
        return n / 2;
    }
}
