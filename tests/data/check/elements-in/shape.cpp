class Shape {
public:
    int area(int w, int h) { return w * h; }
};
