package org.subsume.pitest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.pitest.bytecode.analysis.ClassTree;
import org.pitest.bytecode.analysis.MethodTree;
import org.pitest.mutationtest.engine.MutationDetails;

/**
 * The opt-in table filter: drops a PIT mutant of a conditional jump when
 * subsume's generated tables (tables/subsume_tables.c, theory java-ror,
 * copied into the jar at build) say that its relation is subsumed by the
 * relation of another PIT mutant of the same jump that the run keeps:
 * every input that kills the other kills it too, so a test suite that
 * kills the kept mutants kills it (the minimal-set argument).
 *
 * <p>PIT mutates byte code: a jump {@code if_icmpge L} tests the relation
 * {@code a >= b} (javac's negation of the source's {@code a < b} when L
 * is the else branch), and PIT's mutants of it are relations of the same
 * operands: ConditionalsBoundary ({@code a > b}), NegateConditionals
 * ({@code a < b}), RemoveConditional's _IF ({@code false}: never jump)
 * and _ELSE ({@code true}: always jump).  The table of the jump's own
 * relation over its operand type (int for {@code if_icmp} and a jump on
 * an int compared with 0, long after {@code lcmp}) decides; jumps on
 * floating point (NaN), references and anything else are left alone.
 * A relation of the table holds for every value of the operands, so for
 * a narrower type (byte, char, boolean) and a constant operand too.
 */
final class TableFilter {

  /** A table mutant: its relation's text and what subsumes it (0: none). */
  private static final class Row {
    final String expr;
    final String verdict;
    final int by;

    Row(String expr, String verdict, int by) {
      this.expr = expr;
      this.verdict = verdict;
      this.by = by;
    }
  }

  /** "a < b over int" -> the rows of that entry, by id (1..). */
  private static final Map<String, List<Row>> TABLE = load();

  private TableFilter() {
  }

  static boolean loaded() {
    return !TABLE.isEmpty();
  }

  private static Map<String, List<Row>> load() {
    Map<String, List<Row>> t = new HashMap<>();
    Pattern head = Pattern.compile(
        "^/\\* java-ror: (a \\S+ b) \\(a \\S+ b\\), domain (int|long) \\*/$");
    Pattern row = Pattern.compile(
        "^\\s*\\{ (\\d+), \"ROR\", \"[^\"]*\", \"([^\"]*)\", SUBSUME_(\\w+), (\\d+) \\},$");
    try (InputStream in = TableFilter.class.getResourceAsStream(
        "subsume_tables.c")) {
      if (in == null) {
        return t;
      }
      BufferedReader r = new BufferedReader(
          new InputStreamReader(in, StandardCharsets.UTF_8));
      List<Row> cur = null;
      for (String l; (l = r.readLine()) != null;) {
        Matcher h = head.matcher(l);
        if (h.matches()) {
          cur = new ArrayList<>();
          t.put(h.group(1) + " over " + h.group(2), cur);
          continue;
        }
        Matcher m = cur == null ? null : row.matcher(l);
        if (m != null && m.matches()) {
          if (Integer.parseInt(m.group(1)) != cur.size() + 1) {
            throw new IOException("table rows out of order");
          }
          cur.add(new Row(m.group(2), m.group(3),
              Integer.parseInt(m.group(4))));
        } else if (l.startsWith("};")) {
          cur = null;
        }
      }
    } catch (IOException | RuntimeException e) {
      return new HashMap<>();
    }
    return t;
  }

  /** The relation and operand type a jump instruction tests, or null. */
  private static String[] jump(MethodNode method, int index) {
    if (index < 0 || index >= method.instructions.size()) {
      return null;
    }
    AbstractInsnNode insn = method.instructions.get(index);
    int op = insn.getOpcode();
    if (op >= Opcodes.IF_ICMPEQ && op <= Opcodes.IF_ICMPLE) {
      return new String[] {REL[op - Opcodes.IF_ICMPEQ], "int"};
    }
    if (op < Opcodes.IFEQ || op > Opcodes.IFLE) {
      return null;
    }
    AbstractInsnNode prev = insn.getPrevious();
    while (prev != null && prev.getOpcode() < 0) {
      prev = prev.getPrevious(); // labels, lines, frames
    }
    int p = prev == null ? -1 : prev.getOpcode();
    if (p == Opcodes.FCMPL || p == Opcodes.FCMPG || p == Opcodes.DCMPL
        || p == Opcodes.DCMPG) {
      return null; // NaN: the jump is no relation of the operands
    }
    if (prev != null && prev.getOpcode() == Opcodes.LCMP
        && insn.getPrevious() == prev) {
      return new String[] {REL[op - Opcodes.IFEQ], "long"};
    }
    if (p == Opcodes.LCMP) {
      return null; // something between lcmp and its jump
    }
    return new String[] {REL[op - Opcodes.IFEQ], "int"};
  }

  /** EQ, NE, LT, GE, GT, LE, the order of both opcode groups. */
  private static final String[] REL = {"==", "!=", "<", ">=", ">", "<="};

  private static String negate(String r) {
    switch (r) {
      case "==": return "!=";
      case "!=": return "==";
      case "<": return ">=";
      case ">=": return "<";
      case ">": return "<=";
      default: return ">";
    }
  }

  /** The relation PIT's mutator makes of jump relation r, or null. */
  private static String mutant(String mutator, String r) {
    String m = mutator.substring(mutator.lastIndexOf('.') + 1);
    switch (m) {
      case "ConditionalsBoundaryMutator":
        switch (r) {
          case "<": return "a <= b";
          case "<=": return "a < b";
          case ">": return "a >= b";
          case ">=": return "a > b";
          default: return null;
        }
      case "NegateConditionalsMutator":
        return "a " + negate(r) + " b";
      case "RemoveConditionalMutator_EQUAL_IF":
      case "RemoveConditionalMutator_ORDER_IF":
        return "false"; // the jump never taken
      case "RemoveConditionalMutator_EQUAL_ELSE":
      case "RemoveConditionalMutator_ORDER_ELSE":
        return "true"; // always taken
      default:
        return null;
    }
  }

  /** What the filter logs for a dropped mutant. */
  static final class Drop {
    final MutationDetails mutant;
    final String why;

    Drop(MutationDetails mutant, String why) {
      this.mutant = mutant;
      this.why = why;
    }
  }

  /**
   * The mutants of kept that the table makes redundant, given the others
   * of kept (each with the reason); the rest stay in kept's order.
   */
  static List<Drop> redundant(ClassTree clazz, Collection<MutationDetails> kept) {
    List<Drop> drops = new ArrayList<>();
    if (clazz == null || TABLE.isEmpty()) {
      return drops;
    }
    // the mutants of each jump: method and instruction index
    Map<String, Map<String, MutationDetails>> jumps = new LinkedHashMap<>();
    Map<MutationDetails, String[]> rel = new HashMap<>();
    for (MutationDetails d : kept) {
      if (d.getId().getIndexes().size() != 1) {
        continue;
      }
      Optional<MethodTree> mt = clazz.method(d.getId().getLocation());
      if (!mt.isPresent()) {
        continue;
      }
      String[] j = jump(mt.get().rawNode(), d.getInstructionIndex());
      String to = j == null ? null : mutant(d.getMutator(), j[0]);
      if (to == null) {
        continue;
      }
      rel.put(d, new String[] {j[0], j[1], to});
      String at = d.getId().getLocation() + " " + d.getInstructionIndex();
      jumps.computeIfAbsent(at, k -> new LinkedHashMap<>()).putIfAbsent(to, d);
    }
    for (Map.Entry<MutationDetails, String[]> e : rel.entrySet()) {
      MutationDetails d = e.getKey();
      String[] r = e.getValue();
      String entry = "a " + r[0] + " b over " + r[1];
      List<Row> rows = TABLE.get(entry);
      if (rows == null) {
        continue;
      }
      Map<String, MutationDetails> same = jumps.get(
          d.getId().getLocation() + " " + d.getInstructionIndex());
      Row row = null;
      for (Row x : rows) {
        if (x.expr.equals(r[2])) {
          row = x;
        }
      }
      // up its chain of subsumers: the first that PIT makes of this jump
      // (itself kept, or dropped for a later one of the chain)
      int guard = rows.size();
      while (row != null && row.by > 0 && row.by <= rows.size() && guard-- > 0
          && ("SUBSUMED".equals(row.verdict) || "DUPLICATE".equals(row.verdict))) {
        Row s = rows.get(row.by - 1);
        MutationDetails other = same.get(s.expr);
        if (other != null && other != d) {
          drops.add(new Drop(d, "redundant by table (java-ror, `" + entry
              + "`): `" + r[2] + "` is "
              + ("DUPLICATE".equals(row.verdict) ? "a duplicate of" : "subsumed by")
              + " `" + s.expr + "`, PIT's "
              + other.getMutator().substring(other.getMutator().lastIndexOf('.') + 1)
              + " " + other.getId().getIndexes() + " of the same jump, kept"));
          break;
        }
        row = s;
      }
    }
    // in kept's order
    Map<MutationDetails, Drop> by = new HashMap<>();
    for (Drop x : drops) {
      by.put(x.mutant, x);
    }
    List<Drop> ordered = new ArrayList<>();
    for (MutationDetails d : kept) {
      if (by.containsKey(d)) {
        ordered.add(by.get(d));
      }
    }
    return ordered;
  }
}
