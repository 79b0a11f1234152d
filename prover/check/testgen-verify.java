/*
 * SubsumeVerify - the verification of the tests `subsume check --tests
 * DIR` writes (prover/check/testgen.h), compiled into the binary as a
 * string and run as `java -cp JUNIT SubsumeVerify.java PLAN RESULTS`,
 * JUNIT the JUnit 5 console launcher's standalone jar (pinned: 1.11.4).
 *
 * One JVM for the whole run: the JDK's compiler (javax.tools, the same
 * javac) compiles each test class with the original sources, then each
 * mutant's mutated source into a folder of its own; the JUnit Platform
 * Launcher (of that jar, what its console launcher runs) runs the tests
 * in a class loader that sees the mutant's classes first.  PLAN lines,
 * tab-separated:
 *
 *   R TESTCLASS METHOD FIRST LAST the lines of TESTCLASS's test METHOD
 *                                 in its file (before its C line)
 *   C TESTCLASS TESTFILE SRCROOT CUTFILE
 *                                 compile TESTFILE and CUTFILE (and,
 *                                 through -sourcepath SRCROOT, the
 *                                 classes they use) into WORK/orig; a test method
 *                                 with a compile error is reported and
 *                                 blanked out, and the rest compiled
 *                                 again
 *   O TESTCLASS                   run every test of TESTCLASS on it
 *   M ID TESTCLASS METHOD FILE    compile the mutated source FILE into
 *                                 WORK/m/ID (against WORK/orig) and run
 *                                 TESTCLASS.METHOD with it first
 *
 * (WORK is the folder of PLAN.)  RESULTS lines, tab-separated, one line
 * each (messages cut to one line):
 *
 *   E TESTCLASS METHOD MESSAGE    METHOD does not compile (METHOD
 *                                 empty: the class does not)
 *   O TESTCLASS METHOD PASS|FAIL MESSAGE
 *   M ID PASS|FAIL|ERROR MESSAGE  ERROR: the mutant does not compile
 *
 * A test runs at most 10 s (the test class's @Timeout, in its own
 * thread: a mutant that loops fails its test, as a suite's timeout
 * would).  The thread of a test that timed out goes on running, so the
 * run stops there: it writes the index of the next PLAN line to
 * WORK/next and exits with status 3, and the caller starts it again
 * from that line (java ... PLAN RESULTS START: the results appended,
 * the classes compiled before kept).
 */
import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import javax.tools.*;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.*;
import org.junit.platform.launcher.core.*;

public class SubsumeVerify {
    static JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    static String jcp = System.getProperty("java.class.path");
    static PrintWriter out;

    static String line(String s) {
        if (s == null) return "";
        s = s.replace('\t', ' ').replace('\r', ' ').replace('\n', ' ').trim();
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }

    /* javac ARGS: null, or its messages */
    static String compile(List<String> args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javac.run(null, null, err, args.toArray(new String[0]));
        return rc == 0 ? null : new String(err.toByteArray(), StandardCharsets.UTF_8);
    }

    /* run the selected tests with loader cl: method name -> null (passed)
     * or the failure's message */
    static Map<String, String> run(ClassLoader cl, String cls, String method) throws Exception {
        Map<String, String> r = new LinkedHashMap<>();
        Class<?> c = cl.loadClass(cls);
        LauncherDiscoveryRequestBuilder b = LauncherDiscoveryRequestBuilder.request()
            .selectors(method == null ? DiscoverySelectors.selectClass(c)
                       : DiscoverySelectors.selectMethod(c, method))
            .configurationParameter("junit.jupiter.execution.timeout.default", "5 s")
            .configurationParameter("junit.jupiter.execution.timeout.thread.mode.default",
                                    "SEPARATE_THREAD");
        Thread t = Thread.currentThread();
        ClassLoader old = t.getContextClassLoader();
        t.setContextClassLoader(cl);
        try {
            Launcher l = LauncherFactory.create();
            l.execute(b.build(), new TestExecutionListener() {
                public void executionFinished(TestIdentifier id, TestExecutionResult res) {
                    if (!id.isTest()) return;
                    String name = id.getSource().filter(s -> s instanceof MethodSource)
                        .map(s -> ((MethodSource) s).getMethodName()).orElse(id.getDisplayName());
                    if (res.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                        r.put(name, null);
                    } else {
                        Throwable e = res.getThrowable().orElse(null);
                        r.put(name, e == null ? res.getStatus().toString()
                              : e.getClass().getName() + ": " + e.getMessage());
                    }
                }
            });
        } finally {
            t.setContextClassLoader(old);
        }
        return r;
    }

    static Map<String, List<String[]>> ranges = new HashMap<>();
    static Set<String> badMethods = new HashSet<>();

    /* the test method of cls at line, or null */
    static String methodAt(String cls, long line) {
        for (String[] r : ranges.getOrDefault(cls, List.of()))
            if (line >= Long.parseLong(r[1]) && line <= Long.parseLong(r[2]))
                return r[0];
        return null;
    }

    /* compile test class cls (file) into orig; methods that do not
     * compile are reported, blanked out and the rest compiled again */
    static void compileTests(String cls, Path file, String root, String cut, Path orig,
                             Set<String> broken) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        List<String> opts = List.of("-nowarn", "-encoding", "UTF-8", "-proc:none", "-d",
            orig.toString(), "-cp", jcp + File.pathSeparator + orig, "-sourcepath", root);
        for (int attempt = 0; attempt < 8; attempt++) {
            DiagnosticCollector<JavaFileObject> dc = new DiagnosticCollector<>();
            StandardJavaFileManager fm = javac.getStandardFileManager(dc, null, StandardCharsets.UTF_8);
            /* the class's own file too: a class that is not its
             * file's public one is found only so */
            boolean ok = javac.getTask(null, fm, dc, opts, null, cut == null
                                       ? fm.getJavaFileObjects(file.toFile())
                                       : fm.getJavaFileObjects(file.toFile(), new File(cut))).call();
            fm.close();
            if (ok) return;
            Set<String> bad = new LinkedHashSet<>();
            String other = null;
            for (Diagnostic<? extends JavaFileObject> d : dc.getDiagnostics()) {
                if (d.getKind() != Diagnostic.Kind.ERROR) continue;
                String m = null;
                if (d.getSource() != null && Paths.get(d.getSource().toUri()).equals(file))
                    m = methodAt(cls, d.getLineNumber());
                String msg = "line " + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT);
                if (m == null) {
                    if (other == null) other = (d.getSource() == null ? "" : d.getSource().getName() + ": ") + msg;
                } else if (bad.add(m)) {
                    out.println("E\t" + cls + "\t" + m + "\t" + line(msg));
                    badMethods.add(cls + "#" + m);
                }
            }
            if (other != null || bad.isEmpty()) {
                broken.add(cls);
                out.println("E\t" + cls + "\t\t" + line(other == null ? "javac failed" : other));
                return;
            }
            for (String[] r : ranges.getOrDefault(cls, List.of()))
                if (bad.contains(r[0]))
                    for (int i = Integer.parseInt(r[1]); i <= Integer.parseInt(r[2]); i++)
                        lines.set(i - 1, "");
            Files.write(file, lines, StandardCharsets.UTF_8);
        }
        broken.add(cls);
        out.println("E\t" + cls + "\t\tjavac failed");
    }

    public static void main(String[] a) throws Exception {
        Path plan = Paths.get(a[0]).toAbsolutePath();
        Path work = plan.getParent(), orig = work.resolve("orig");
        Files.createDirectories(orig);
        int start = a.length > 2 ? Integer.parseInt(a[2]) : 0;
        Set<String> broken = new HashSet<>();
        Path resPath = Paths.get(a[1]);
        if (start > 0 && Files.exists(resPath))
            for (String ln : Files.readAllLines(resPath, StandardCharsets.UTF_8)) {
                String[] f = ln.split("\t", -1);
                if (f[0].equals("E") && f.length > 2 && f[2].isEmpty()) broken.add(f[1]);
                else if (f[0].equals("E") && f.length > 2) badMethods.add(f[1] + "#" + f[2]);
            }
        out = new PrintWriter(Files.newBufferedWriter(resPath, StandardCharsets.UTF_8,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND));
        URLClassLoader ol = null;
        List<String> lines = Files.readAllLines(plan, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split("\t", -1);
            if (i < start && !f[0].equals("R")) continue;
            switch (f[0]) {
            case "R":
                ranges.computeIfAbsent(f[1], k -> new ArrayList<>()).add(
                    new String[] { f[2], f[3], f[4] });
                break;
            case "C":
                compileTests(f[1], Paths.get(f[2]), f[3], f.length > 4 ? f[4] : null,
                             orig, broken);
                break;
            case "O": {
                if (broken.contains(f[1])) break;
                if (ol == null) ol = new URLClassLoader(new URL[] { orig.toUri().toURL() },
                                                        SubsumeVerify.class.getClassLoader());
                Map<String, String> res;
                try {
                    res = run(ol, f[1], null);
                } catch (Throwable e) {
                    broken.add(f[1]);
                    out.println("E\t" + f[1] + "\t\t" + line("does not run: " + e));
                    break;
                }
                for (Map.Entry<String, String> e : res.entrySet())
                    out.println("O\t" + f[1] + "\t" + e.getKey() + "\t"
                                + (e.getValue() == null ? "PASS\t" : "FAIL\t" + line(e.getValue())));
                break;
            }
            case "M": {
                if (broken.contains(f[2]) || badMethods.contains(f[2] + "#" + f[3])) break;
                Path d = work.resolve("m").resolve(f[1]);
                Files.createDirectories(d);
                String e = compile(new ArrayList<>(List.of("-nowarn", "-encoding", "UTF-8",
                    "-proc:none", "-implicit:none", "-d", d.toString(),
                    "-cp", jcp + File.pathSeparator + orig, f[4])));
                if (e != null) {
                    out.println("M\t" + f[1] + "\tERROR\t" + line(e));
                    break;
                }
                try (URLClassLoader ml = new URLClassLoader(new URL[] { d.toUri().toURL(),
                        orig.toUri().toURL() }, SubsumeVerify.class.getClassLoader())) {
                    Map<String, String> r;
                    try {
                        r = run(ml, f[2], f[3]);
                    } catch (Throwable x) {
                        out.println("M\t" + f[1] + "\tERROR\t" + line(x.toString()));
                        break;
                    }
                    String v = r.isEmpty() ? "the test did not run" : r.values().iterator().next();
                    out.println("M\t" + f[1] + "\t" + (r.isEmpty() ? "ERROR\t" + v
                                : v == null ? "PASS\t" : "FAIL\t" + line(v)));
                    if (v != null && v.contains("TimeoutException")) {
                        out.close();
                        Files.writeString(work.resolve("next"), Integer.toString(i + 1));
                        System.exit(3);
                    }
                }
                break;
            }
            default:
                break;
            }
            out.flush();
        }
        out.close();
        System.exit(0); /* threads of timed-out tests may still run */
    }
}
