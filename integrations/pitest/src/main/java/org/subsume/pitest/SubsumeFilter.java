package org.subsume.pitest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.pitest.bytecode.analysis.ClassTree;
import org.pitest.mutationtest.build.InterceptorType;
import org.pitest.mutationtest.build.MutationInterceptor;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.util.Log;

/**
 * The filter: for each class, before PIT runs any test, the class's
 * mutants go to {@code subsume check --format pit} as a mutations.xml;
 * the mutants it returns with status EQUIVALENT are dropped, each logged
 * with the reason.  Fails open: when subsume cannot be run, exits with
 * an error, runs out of time or writes something this cannot read, every
 * mutant of the class is kept and a warning says why.
 *
 * <p>Exit status 1 of subsume check means "some verdicts unknown (a
 * solver limit), the others written": its EQUIVALENT verdicts are proofs
 * all the same, so they are used; any other non-zero status is an error.
 */
final class SubsumeFilter implements MutationInterceptor {

  static final String TAG = "subsume-pitest: ";
  private static final Logger LOG = Log.getLogger();

  private final String subsume;
  private final List<String> args;
  private final List<Path> sources;
  private final long timeoutSeconds;
  private final int jobs;
  private final boolean tables;
  /** The class begin() gave, for the table filter (PIT may run one
   * filter in several threads: each its own class). */
  private final ThreadLocal<ClassTree> current = new ThreadLocal<>();

  SubsumeFilter(String subsume, List<String> args, List<Path> sources,
      long timeoutSeconds, int jobs, boolean tables) {
    this.subsume = subsume;
    this.args = args;
    this.sources = sources;
    this.timeoutSeconds = timeoutSeconds;
    this.jobs = jobs;
    this.tables = tables;
  }

  @Override
  public InterceptorType type() {
    return InterceptorType.FILTER;
  }

  @Override
  public void begin(ClassTree clazz) {
    // intercept names the class from its mutants; the class's byte code
    // is kept for the table filter only, per thread, until end()
    if (tables) {
      current.set(clazz);
    }
  }

  @Override
  public Collection<MutationDetails> intercept(
      Collection<MutationDetails> mutations, Mutater m) {
    if (mutations.isEmpty()) {
      return mutations;
    }
    String className = mutations.iterator().next().getClassName().asJavaName();
    Set<String> equivalent;
    try {
      equivalent = judge(mutations);
    } catch (IOException | RuntimeException e) {
      LOG.warning(TAG + "keeping all " + mutations.size() + " mutants of "
          + className + ": " + e.getMessage());
      return byTable(className, mutations);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.warning(TAG + "keeping all " + mutations.size() + " mutants of "
          + className + ": interrupted");
      return mutations;
    }
    List<MutationDetails> kept = new ArrayList<>(mutations.size());
    for (MutationDetails d : mutations) {
      if (equivalent.contains(PitXml.key(d))) {
        LOG.info(TAG + "filtered " + PitXml.key(d) + " line "
            + d.getLineNumber() + " (" + d.getDescription() + "): "
            + "equivalent, proven by subsume check " + String.join(" ", args));
      } else {
        kept.add(d);
      }
    }
    if (kept.size() < mutations.size()) {
      LOG.info(TAG + className + ": " + (mutations.size() - kept.size())
          + " of " + mutations.size() + " mutants filtered as equivalent");
    }
    return byTable(className, kept);
  }

  /**
   * The table filter (subsume.tables, off by default) on the mutants the
   * equivalence filter kept: a mutant's subsumer must be among them (one
   * proven equivalent is run by no one, so it subsumes nothing here).
   */
  private Collection<MutationDetails> byTable(String className,
      Collection<MutationDetails> kept) {
    if (!tables) {
      return kept;
    }
    List<TableFilter.Drop> drops = TableFilter.redundant(current.get(), kept);
    if (drops.isEmpty()) {
      return kept;
    }
    Set<MutationDetails> gone = new HashSet<>();
    for (TableFilter.Drop x : drops) {
      gone.add(x.mutant);
      LOG.info(TAG + "filtered " + PitXml.key(x.mutant) + " line "
          + x.mutant.getLineNumber() + " (" + x.mutant.getDescription()
          + "): " + x.why);
    }
    List<MutationDetails> out = new ArrayList<>(kept.size());
    for (MutationDetails d : kept) {
      if (!gone.contains(d)) {
        out.add(d);
      }
    }
    LOG.info(TAG + className + ": " + drops.size() + " of " + kept.size()
        + " mutants filtered as redundant by table");
    return out;
  }

  @Override
  public void end() {
    // each class's files are removed in judge(); its byte code dropped
    current.remove();
  }

  /** The keys of the mutants subsume proves equivalent. */
  private Set<String> judge(Collection<MutationDetails> mutations)
      throws IOException, InterruptedException {
    if (sources.isEmpty()) {
      throw new IOException("no source folder (PIT's sourceDirs) exists");
    }
    Path dir = Files.createTempDirectory("subsume-pitest");
    try {
      Path in = dir.resolve("mutations.xml");
      Path out = dir.resolve("out.xml");
      Path err = dir.resolve("err.txt");
      PitXml.write(in, mutations);
      List<String> cmd = new ArrayList<>();
      cmd.add(subsume);
      cmd.add("check");
      cmd.add("--no-progress");
      cmd.add("-j");
      cmd.add(Integer.toString(jobs));
      cmd.addAll(args);
      for (Path s : sources) {
        cmd.add("--source");
        cmd.add(s.toString());
      }
      cmd.add("--format");
      cmd.add("pit");
      cmd.add(in.toString());
      Process p;
      try {
        p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
            .redirectError(err.toFile()).start();
      } catch (IOException e) {
        throw new IOException("cannot run " + subsume + " (set subsume.path):"
            + " " + e.getMessage(), e);
      }
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        p.waitFor();
        throw new IOException(subsume + " took over " + timeoutSeconds
            + " s (subsume.timeout)");
      }
      int rc = p.exitValue();
      if (rc != 0 && rc != 1) {
        throw new IOException(subsume + " check exited with status " + rc
            + firstLine(err));
      }
      Map<String, String> statuses;
      try {
        statuses = PitXml.statuses(out);
      } catch (IOException e) {
        throw new IOException("unreadable output of " + subsume + " check: "
            + e.getMessage() + firstLine(err), e);
      }
      Set<String> ours = new HashSet<>();
      for (MutationDetails d : mutations) {
        ours.add(PitXml.key(d));
      }
      if (!statuses.keySet().equals(ours)) {
        throw new IOException("the output of " + subsume + " check holds "
            + statuses.size() + " mutants, not the " + ours.size() + " sent");
      }
      Set<String> eq = new HashSet<>();
      for (Map.Entry<String, String> e : statuses.entrySet()) {
        if ("EQUIVALENT".equals(e.getValue())) {
          eq.add(e.getKey());
        }
      }
      return eq;
    } finally {
      removeTree(dir);
    }
  }

  private static String firstLine(Path err) {
    try {
      for (String l : Files.readAllLines(err, StandardCharsets.UTF_8)) {
        if (!l.isBlank()) {
          return ": " + l.trim();
        }
      }
    } catch (IOException e) {
      // the message stays without subsume's own
    }
    return "";
  }

  private static void removeTree(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind
    }
  }
}
