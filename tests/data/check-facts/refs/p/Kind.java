package p;

public enum Kind {
    TEXT, NUMBER, DATE;

    boolean text() {
        return this == TEXT || this == Kind.TEXT;
    }

    boolean shadowed(Kind TEXT) {
        return this != TEXT && this != NUMBER;
    }
}
