#include <string.h>

int scale(int x, int k) {
    return x * k + 1;
}

int is_empty(const char *s) {
    return strlen(s) == 0;
}

int sign(long v, unsigned char c) {
    int *p = 0;
    if (p != 0)
        return 2;
    if (v < 0)
        return -1;
    return c >= 0;
}
