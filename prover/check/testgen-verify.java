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
 *                                 PASS observed: it failed on the
 *                                 original only in assertions whose
 *                                 expected values the runner then
 *                                 replaced by the values the original
 *                                 gave (below)
 *   M ID PASS|FAIL|ERROR MESSAGE  ERROR: the mutant does not compile
 *
 * Observed values: a test that fails on the original by an assertion
 * (AssertionFailedError thrown at a line of the test method itself:
 * `assertEquals(EXPECTED, ...)` with a primitive actual, `assertTrue`
 * or `assertFalse`) has that expected value replaced in its file by
 * the one the original gave (the failure's actual value), the class
 * compiled again and run again, up to 8 rounds (one assertion a round
 * per test): the killing input may assume what calls to code the model
 * does not know return (String.hashCode()), and the real callees run
 * here.  Any other failure (an exception, assertSame, assertThrows) is
 * reported as it is.  The caller reads the test's text back from its
 * file and verifies it on the mutant as any other.
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
import org.opentest4j.AssertionFailedError;

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
        return run(cl, cls, method, null);
    }

    static Map<String, String> run(ClassLoader cl, String cls, String method,
                                   Map<String, Throwable> thrown) throws Exception {
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
                        if (thrown != null && e != null) thrown.put(name, e);
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

    /* a Java literal of the boxed primitive v, or null */
    static String literal(Object v) {
        if (v instanceof Integer) return v.toString();
        if (v instanceof Long) return v + "L";
        if (v instanceof Short) return "(short) " + v;
        if (v instanceof Byte) return "(byte) " + v;
        if (v instanceof Character) return String.format("'\\u%04x'", (int) (Character) v);
        if (v instanceof Float) {
            float x = (Float) v;
            return Float.isNaN(x) ? "Float.NaN" : Float.isInfinite(x)
                ? (x > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY") : x + "f";
        }
        if (v instanceof Double) {
            double x = (Double) v;
            return Double.isNaN(x) ? "Double.NaN" : Double.isInfinite(x)
                ? (x > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY") : x + "d";
        }
        return null;
    }

    /* the end of the first argument of the call whose '(' is at open */
    static int firstArgEnd(String s, int open) {
        int depth = 0;
        for (int i = open + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"') {
                for (i++; i < s.length() && s.charAt(i) != c; i++)
                    if (s.charAt(i) == '\\') i++;
            } else if (c == '(') depth++;
            else if (c == ')') { if (depth-- == 0) return -1; }
            else if (c == ',' && depth == 0) return i;
        }
        return -1;
    }

    /* test method of cls (in file) failed with e: replace the expected
     * value of the assertion that failed by the one the original gave;
     * false when it is not such a failure */
    static boolean observe(String cls, String method, Path file, Throwable e) throws IOException {
        if (!(e instanceof AssertionFailedError)) return false;
        AssertionFailedError a = (AssertionFailedError) e;
        int ln = -1;
        for (StackTraceElement s : e.getStackTrace())
            if (s.getClassName().equals(cls) && s.getMethodName().equals(method)) {
                ln = s.getLineNumber();
                break;
            }
        String[] r = null;
        for (String[] x : ranges.getOrDefault(cls, List.of()))
            if (x[0].equals(method)) r = x;
        if (ln < 0 || r == null || ln < Long.parseLong(r[1]) || ln > Long.parseLong(r[2]))
            return false;
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        String s = lines.get(ln - 1);
        String t = s.trim();
        int at = s.indexOf(t);
        String n = null;
        if (t.startsWith("assertTrue(")) n = s.substring(0, at) + "assertFalse(" + t.substring(11);
        else if (t.startsWith("assertFalse(")) n = s.substring(0, at) + "assertTrue(" + t.substring(12);
        else if (t.startsWith("assertEquals(") && a.isActualDefined()) {
            String lit = literal(a.getActual().getValue());
            int open = at + 12, end = firstArgEnd(s, open);
            if (lit != null && end > 0) n = s.substring(0, open + 1) + lit + s.substring(end);
        }
        if (n == null || n.equals(s)) return false;
        lines.set(ln - 1, n);
        Files.write(file, lines, StandardCharsets.UTF_8);
        return true;
    }

    static Map<String, List<String[]>> ranges = new HashMap<>();
    static Map<String, String[]> compiles = new HashMap<>();
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
                compiles.put(f[1], f);
                compileTests(f[1], Paths.get(f[2]), f[3], f.length > 4 ? f[4] : null,
                             orig, broken);
                break;
            case "O": {
                if (broken.contains(f[1])) break;
                Map<String, String> res = null;
                Set<String> observed = new HashSet<>();
                String[] cf = compiles.get(f[1]);
                for (int round = 0;; round++) {
                    if (ol == null) ol = new URLClassLoader(new URL[] { orig.toUri().toURL() },
                                                            SubsumeVerify.class.getClassLoader());
                    Map<String, Throwable> thrown = new HashMap<>();
                    try {
                        res = run(ol, f[1], null, thrown);
                    } catch (Throwable e) {
                        broken.add(f[1]);
                        out.println("E\t" + f[1] + "\t\t" + line("does not run: " + e));
                        res = null;
                        break;
                    }
                    if (round >= 8 || cf == null) break;
                    boolean changed = false;
                    for (Map.Entry<String, Throwable> e : thrown.entrySet())
                        if (!badMethods.contains(f[1] + "#" + e.getKey()) &&
                            observe(f[1], e.getKey(), Paths.get(cf[2]), e.getValue())) {
                            observed.add(e.getKey());
                            changed = true;
                        }
                    if (!changed) break;
                    /* the classes loaded so far are the old ones */
                    ol = null;
                    compileTests(cf[1], Paths.get(cf[2]), cf[3], cf.length > 4 ? cf[4] : null,
                                 orig, broken);
                    if (broken.contains(f[1])) {
                        res = null;
                        break;
                    }
                }
                if (res == null) break;
                for (Map.Entry<String, String> e : res.entrySet())
                    out.println("O\t" + f[1] + "\t" + e.getKey() + "\t"
                                + (e.getValue() != null ? "FAIL\t" + line(e.getValue())
                                   : observed.contains(e.getKey()) ? "PASS\tobserved" : "PASS\t"));
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
