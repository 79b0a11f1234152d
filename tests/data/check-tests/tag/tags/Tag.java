package tags;

public class Tag {
    private String name;
    private String alias;

    public Tag(String name) {
        this.name = name;
    }

    public int code() {
        int h = name.hashCode();
        return 31 * h + 1;
    }
}
