package sample.objects;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A list of non-empty names, trimmed. */
public final class Names {
  private final List<String> names = new ArrayList<>();

  /** Adds a name; an IllegalArgumentException when it is null or empty. */
  public void add(String name) {
    check(name);
    names.add(name.trim());
  }

  /** Adds the names that are neither null nor empty, and skips the rest. */
  public void addValid(String... candidates) {
    for (String n : candidates) {
      if (n != null && !n.isEmpty()) {
        check(n);
        names.add(n.trim());
      }
    }
  }

  private static void check(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("empty name");
    }
  }

  public int size() {
    return names.size();
  }

  public boolean isEmpty() {
    return names.isEmpty();
  }

  public boolean contains(String name) {
    return names.contains(name);
  }

  /** The first name, or "" when there is none. */
  public String first() {
    if (names.isEmpty()) {
      return "";
    }
    return names.get(0);
  }

  /** The names, unmodifiable. */
  public List<String> all() {
    return Collections.unmodifiableList(names);
  }

  /** The names, joined by ", ". */
  public String joined() {
    StringBuilder b = new StringBuilder();
    for (String n : names) {
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(n);
    }
    return b.toString();
  }
}
