package org.subsume.pitest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

import org.pitest.mutationtest.build.InterceptorParameters;
import org.pitest.mutationtest.build.MutationInterceptor;
import org.pitest.mutationtest.build.MutationInterceptorFactory;
import org.pitest.plugin.Feature;
import org.pitest.plugin.FeatureParameter;

/**
 * PIT's entry point to the filter (registered in
 * META-INF/services/org.pitest.mutationtest.build.MutationInterceptorFactory):
 * the feature SUBSUME, on by default once the jar is on PIT's classpath.
 *
 * <p>Each setting is looked up, first found wins, in the feature's
 * parameters ({@code +SUBSUME(path[/opt/bin/subsume])}), in PIT's
 * {@code pluginConfiguration} ({@code subsume.path}), in the JVM's system
 * properties ({@code -Dsubsume.path=...}), and falls back to its default.
 */
public final class SubsumeFilterFactory implements MutationInterceptorFactory {

  static final FeatureParameter PATH = FeatureParameter.named("path")
      .withDescription("the subsume binary (default: subsume, found on PATH)");
  static final FeatureParameter ARGS = FeatureParameter.named("args")
      .withDescription("options given to subsume check, space separated "
          + "(default: --method)");
  static final FeatureParameter TABLES = FeatureParameter.named("tables")
      .withDescription("true: also filter the mutants of a conditional jump "
          + "that subsume's tables prove redundant for another kept mutant "
          + "of it (default false)");
  static final FeatureParameter TIMEOUT = FeatureParameter.named("timeout")
      .withDescription("seconds one class may take before its mutants are "
          + "all kept (default 600)");

  @Override
  public String description() {
    return "subsume: filters the mutants that subsume proves equivalent";
  }

  @Override
  public Feature provides() {
    return Feature.named("SUBSUME")
        .withOnByDefault(true)
        .withDescription(description())
        .withParameter(PATH)
        .withParameter(ARGS)
        .withParameter(TIMEOUT)
        .withParameter(TABLES);
  }

  @Override
  public MutationInterceptor createInterceptor(InterceptorParameters params) {
    Properties free = params.data().getFreeFormProperties();
    String path = setting(params, PATH, free, "subsume");
    String args = setting(params, ARGS, free, "--method");
    long timeout;
    try {
      timeout = Long.parseLong(setting(params, TIMEOUT, free, "600"));
    } catch (NumberFormatException e) {
      timeout = 600;
    }
    List<String> extra = new ArrayList<>();
    for (String a : args.trim().split("\\s+")) {
      if (!a.isEmpty()) {
        extra.add(a);
      }
    }
    boolean tables = Boolean.parseBoolean(setting(params, TABLES, free,
        "false").trim());
    if (tables && !TableFilter.loaded()) {
      org.pitest.util.Log.getLogger().warning(SubsumeFilter.TAG
          + "the table filter is off: the jar holds no subsume_tables.c");
      tables = false;
    }
    return new SubsumeFilter(path, extra, sourceRoots(params), timeout,
        Math.max(1, params.data().getNumberOfThreads()), tables);
  }

  private static String setting(InterceptorParameters params,
      FeatureParameter p, Properties free, String dflt) {
    Optional<String> v = params.getString(p);
    if (v.isPresent() && !v.get().isEmpty()) {
      return v.get();
    }
    String key = "subsume." + p.name();
    if (free != null && free.getProperty(key) != null) {
      return free.getProperty(key);
    }
    String sys = System.getProperty(key);
    return sys != null && !sys.isEmpty() ? sys : dflt;
  }

  /** The project's source folders that exist (PIT's sourceDirs). */
  private static List<Path> sourceRoots(InterceptorParameters params) {
    List<Path> roots = new ArrayList<>();
    Collection<Path> paths = params.data().getSourcePaths();
    if (paths != null) {
      for (Path p : paths) {
        if (Files.isDirectory(p) && !roots.contains(p)) {
          roots.add(p);
        }
      }
    }
    return roots;
  }
}
