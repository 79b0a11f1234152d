package demo;

/* A class of its own: Lines reads its long field. */
class Ctx {
    long work;
}
