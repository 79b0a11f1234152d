package p;

interface Limits {
    int TOP = Integer.MAX_VALUE;
    int HALF = TOP / 2 + 1;
}
