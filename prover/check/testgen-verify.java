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
    static Set<String> compiledCut = new HashSet<>(), badCut = new HashSet<>();

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


    /* --- the search (S lines): inputs of a method the model does not
     * cover, run on the original and on the mutant until they differ;
     * the test's text of the first input that tells them apart --- */

    static final String[] STRS = { "", "a", "b", "ab", "-", "--", "-a", "--a", "-ab",
        "--ab", "a=b", "-a=b", "--a=b", " ", "a b", " a ", "\"a\"", "x", "abc def",
        "-=", "=", "--ab=c", "-b", "ba" };
    static final long[] INTS = { 0, 1, -1, 2, 3, 4, 5, 10, -2, 100, 7, 16, 74, 1000,
        Integer.MAX_VALUE, Integer.MIN_VALUE };

    /* a value built in a loader: its Java text (an expression, with
     * statements before it), how to make it, and an object to observe
     * after the call (a buffer, an array, a list) */
    interface Maker { Object make(ClassLoader cl) throws Throwable; }
    static final class Val {
        String expr; List<String> setup = new ArrayList<>(); Maker mk;
        List<Step> steps = new ArrayList<>();
        Val(String e, Maker m) { expr = e; mk = m; }
        /* its statements: the setup, then the steps left in */
        List<String> lines() {
            List<String> r = new ArrayList<>(setup);
            for (Step p : steps) if (p.on) r.addAll(p.lines);
            return r;
        }
    }
    /* a setter's call or a field's assignment after the constructor */
    static final class Step {
        List<String> lines = new ArrayList<>(); boolean on = true;
    }

    static final class Search {
        Random rnd; String pkg; List<String> strs; long[] ints; Path orig; Class<?> cut;
        int nvar;
        Search(long seed, String pkg, List<String> strs, long[] ints, Path orig) {
            rnd = new Random(seed); this.pkg = pkg; this.strs = strs; this.ints = ints;
            this.orig = orig;
        }

        String tname(Class<?> c) {
            if (c.isArray()) return tname(c.getComponentType()) + "[]";
            String n = c.getCanonicalName();
            if (n == null) n = c.getName().replace('$', '.');
            if (c.getPackage() != null) {
                String p = c.getPackage().getName();
                if ((p.equals(pkg) || p.equals("java.lang")) && n.startsWith(p + "."))
                    return n.substring(p.length() + 1);
            }
            return n;
        }

        long anInt() {
            return ints[rnd.nextInt(ints.length)];
        }

        String aStr() {
            return strs.get(rnd.nextInt(strs.size()));
        }

        static Class<?> load(ClassLoader cl, Class<?> c) throws ClassNotFoundException {
            if (c.isPrimitive()) return c;
            if (c.isArray()) return java.lang.reflect.Array.newInstance(load(cl, c.getComponentType()), 0).getClass();
            return Class.forName(c.getName(), false, cl);
        }

        static boolean visible(int mod) {
            return !java.lang.reflect.Modifier.isPrivate(mod);
        }

        /* the concrete classes of the package for abstract type t */
        List<Class<?>> concrete(Class<?> t) {
            List<Class<?>> r = new ArrayList<>();
            if (!java.lang.reflect.Modifier.isAbstract(t.getModifiers()) && !t.isInterface()) {
                r.add(t);
                return r;
            }
            Path d = orig.resolve(pkg.replace('.', '/'));
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(d, "*.class")) {
                List<Path> ps = new ArrayList<>();
                ds.forEach(ps::add);
                Collections.sort(ps);
                for (Path p : ps) {
                    String n = p.getFileName().toString();
                    n = pkg + "." + n.substring(0, n.length() - 6);
                    try {
                        Class<?> c = Class.forName(n, false, t.getClassLoader());
                        if (t.isAssignableFrom(c) && !c.isInterface() &&
                            !java.lang.reflect.Modifier.isAbstract(c.getModifiers()) &&
                            visible(c.getModifiers()) && !c.isAnonymousClass() &&
                            !c.isLocalClass())
                            r.add(c);
                    } catch (Throwable e) {
                    }
                }
            } catch (IOException e) {
            }
            return r;
        }

        String lit(String s) {
            StringBuilder b = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                if (c == '"' || c == '\\') b.append('\\').append(c);
                else if (c == '\n') b.append("\\n");
                else if (c == '\t') b.append("\\t");
                else if (c < 32 || c > 126) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            return b.append('"').toString();
        }

        /* a value of type t (of the original's loader) */
        Val gen(Class<?> t, int depth) {
            if (t == boolean.class || t == Boolean.class) {
                boolean v = rnd.nextBoolean();
                return new Val(Boolean.toString(v), cl -> v);
            }
            if (t == int.class || t == Integer.class) {
                int v = (int) anInt();
                return new Val(v == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : Integer.toString(v), cl -> v);
            }
            if (t == long.class || t == Long.class) {
                long v = anInt();
                return new Val(v + "L", cl -> v);
            }
            if (t == short.class || t == Short.class) {
                short v = (short) anInt();
                return new Val("(short) " + v, cl -> v);
            }
            if (t == byte.class || t == Byte.class) {
                byte v = (byte) anInt();
                return new Val("(byte) " + v, cl -> v);
            }
            if (t == double.class || t == Double.class || t == float.class || t == Float.class) {
                double v = anInt() / (rnd.nextBoolean() ? 1.0 : 2.0);
                if (t == float.class || t == Float.class) {
                    float f = (float) v;
                    return new Val(literal(f), cl -> f);
                }
                return new Val(literal(v), cl -> v);
            }
            if (t == char.class || t == Character.class) {
                String s = aStr() + "a";
                char v = s.charAt(rnd.nextInt(s.length()));
                return new Val(literal(v), cl -> v);
            }
            if (t == Object.class && cut != null && depth == 0 && rnd.nextBoolean()) {
                Val v = object(cut, depth + 1, false);
                if (v != null) return v;
            }
            if (t == String.class || t == Object.class || t == CharSequence.class) {
                if (rnd.nextInt(12) == 0) return new Val("(" + tname(t) + ") null", cl -> null);
                String v = aStr();
                return new Val(lit(v), cl -> v);
            }
            if (t == StringBuffer.class || t == StringBuilder.class) {
                String v = rnd.nextBoolean() ? "" : aStr();
                String n = "v" + nvar++;
                Val r = new Val(n, cl -> t == StringBuffer.class ? new StringBuffer(v) : new StringBuilder(v));
                r.setup.add(tname(t) + " " + n + " = new " + tname(t) + "(" + lit(v) + ");");
                return r;
            }
            if (t.isArray()) {
                if (rnd.nextInt(12) == 0) return new Val("(" + tname(t) + ") null", cl -> null);
                int n = rnd.nextInt(4);
                Class<?> ct = t.getComponentType();
                List<Val> es = new ArrayList<>();
                for (int i = 0; i < n; i++) es.add(gen(ct, depth + 1));
                String name = "v" + nvar++;
                StringBuilder b = new StringBuilder();
                Val r = new Val(name, cl -> {
                    Class<?> c = load(cl, ct);
                    Object a = java.lang.reflect.Array.newInstance(c, es.size());
                    for (int i = 0; i < es.size(); i++)
                        java.lang.reflect.Array.set(a, i, es.get(i).mk.make(cl));
                    return a;
                });
                for (int i = 0; i < n; i++) {
                    r.setup.addAll(es.get(i).lines());
                    b.append(i > 0 ? ", " : "").append(es.get(i).expr);
                }
                r.setup.add(tname(t) + " " + name + " = new " + tname(t) + " {" + b + "};");
                return r;
            }
            if (t == List.class || t == Collection.class || t == ArrayList.class || t == Iterable.class) {
                int n = rnd.nextInt(3);
                List<String> es = new ArrayList<>();
                for (int i = 0; i < n; i++) es.add(aStr());
                String name = "v" + nvar++;
                Val r = new Val(name, cl -> new ArrayList<Object>(es));
                StringBuilder b = new StringBuilder();
                for (String e : es) b.append(b.length() > 0 ? ", " : "").append(lit(e));
                r.setup.add("java.util.List<String> " + name + " = new java.util.ArrayList<>("
                            + "java.util.Arrays.asList(" + b + "));");
                return r;
            }
            if (t == Properties.class) {
                int n = rnd.nextInt(3);
                List<String> ks = new ArrayList<>();
                for (int i = 0; i < 2 * n; i++) ks.add(i % 2 == 0 ? aStr() : (rnd.nextBoolean() ? aStr() : rnd.nextBoolean() ? "true" : "false"));
                String name = "v" + nvar++;
                Val r = new Val(name, cl -> {
                    Properties p = new Properties();
                    for (int i = 0; i + 1 < ks.size(); i += 2) p.setProperty(ks.get(i), ks.get(i + 1));
                    return p;
                });
                r.setup.add("java.util.Properties " + name + " = new java.util.Properties();");
                for (int i = 0; i + 1 < ks.size(); i += 2)
                    r.setup.add(name + ".setProperty(" + lit(ks.get(i)) + ", " + lit(ks.get(i + 1)) + ");");
                return r;
            }
            if (t.isEnum()) {
                Object[] cs = t.getEnumConstants();
                if (cs.length == 0) return new Val("(" + tname(t) + ") null", cl -> null);
                String n = ((Enum<?>) cs[rnd.nextInt(cs.length)]).name();
                return new Val(tname(t) + "." + n, cl -> {
                    for (Object o : load(cl, t).getEnumConstants())
                        if (((Enum<?>) o).name().equals(n)) return o;
                    return null;
                });
            }
            if (depth > 2 || t.getPackage() == null || !t.getPackage().getName().equals(pkg)
                || rnd.nextInt(10) == 0)
                return new Val("(" + tname(t) + ") null", cl -> null);
            return object(t, depth, false);
        }

        /* an object of t (of the package) through a visible constructor
         * and up to two of its setters */
        Val object(Class<?> t, int depth, boolean self) {
            List<Class<?>> cs = concrete(t);
            if (cs.isEmpty()) return self ? null : new Val("(" + tname(t) + ") null", cl -> null);
            Class<?> c = cs.get(rnd.nextInt(cs.size()));
            if (c.getEnclosingClass() != null && !java.lang.reflect.Modifier.isStatic(c.getModifiers()))
                return self ? null : new Val("(" + tname(t) + ") null", cl -> null);
            List<java.lang.reflect.Constructor<?>> ks = new ArrayList<>();
            for (java.lang.reflect.Constructor<?> k : c.getDeclaredConstructors())
                if (visible(k.getModifiers()) && !k.isSynthetic()) ks.add(k);
            if (ks.isEmpty()) return self ? null : new Val("(" + tname(t) + ") null", cl -> null);
            ks.sort(Comparator.comparing(Object::toString));
            java.lang.reflect.Constructor<?> k = ks.get(rnd.nextInt(ks.size()));
            List<Val> as = new ArrayList<>();
            for (Class<?> p : k.getParameterTypes()) as.add(gen(p, depth + 1));
            String name = self ? "self" : "v" + nvar++;
            Class<?>[] pts = k.getParameterTypes();
            List<java.lang.reflect.Method> setters = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (Class<?> k2 = c; k2 != null && k2 != Object.class; k2 = k2.getSuperclass())
                for (java.lang.reflect.Method m : k2.getDeclaredMethods())
                    if (!java.lang.reflect.Modifier.isStatic(m.getModifiers()) && !m.isSynthetic() &&
                        m.getParameterCount() == 1 && (java.lang.reflect.Modifier.isPublic(m.getModifiers())
                            || (visible(m.getModifiers()) && k2.getPackage() != null &&
                                k2.getPackage().getName().equals(pkg))) &&
                        (m.getName().startsWith("set") || m.getName().startsWith("add")) &&
                        seen.add(m.getName() + m.getParameterTypes()[0].getName()))
                        setters.add(m);
            setters.sort(Comparator.comparing(Object::toString));
            List<java.lang.reflect.Field> fields = new ArrayList<>();
            List<Val> fvals = new ArrayList<>();
            if (self && c == cut && rnd.nextBoolean()) {
                List<java.lang.reflect.Field> fs = new ArrayList<>();
                for (java.lang.reflect.Field f : c.getDeclaredFields())
                    if (!java.lang.reflect.Modifier.isStatic(f.getModifiers()) &&
                        !java.lang.reflect.Modifier.isFinal(f.getModifiers()) && !f.isSynthetic())
                        fs.add(f);
                for (java.lang.reflect.Field f : fs)
                    if (rnd.nextBoolean()) {
                        Val v = gen(f.getType(), depth + 1);
                        if (v.expr.endsWith(") null")) continue;
                        fields.add(f);
                        fvals.add(v);
                    }
            }
            List<java.lang.reflect.Method> calls = new ArrayList<>();
            List<Val> cargs = new ArrayList<>();
            int ns = setters.isEmpty() ? 0 : rnd.nextInt(3);
            for (int i = 0; i < ns; i++) {
                java.lang.reflect.Method m = setters.get(rnd.nextInt(setters.size()));
                calls.add(m);
                cargs.add(gen(m.getParameterTypes()[0], depth + 1));
            }
            List<Step> csteps = new ArrayList<>(), fsteps = new ArrayList<>();
            for (int i = 0; i < calls.size(); i++) csteps.add(new Step());
            for (int i = 0; i < fields.size(); i++) fsteps.add(new Step());
            Val r = new Val(name, cl -> {
                Class<?> lc = load(cl, c);
                Class<?>[] lp = new Class<?>[pts.length];
                Object[] av = new Object[pts.length];
                for (int i = 0; i < pts.length; i++) {
                    lp[i] = load(cl, pts[i]);
                    av[i] = as.get(i).mk.make(cl);
                }
                java.lang.reflect.Constructor<?> lk = lc.getDeclaredConstructor(lp);
                lk.setAccessible(true);
                Object o;
                try {
                    o = lk.newInstance(av);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause();
                }
                for (int i = 0; i < calls.size(); i++) {
                    if (!csteps.get(i).on) continue;
                    java.lang.reflect.Method m = calls.get(i);
                    java.lang.reflect.Method lm = load(cl, m.getDeclaringClass()).getDeclaredMethod(
                        m.getName(), load(cl, m.getParameterTypes()[0]));
                    lm.setAccessible(true);
                    try {
                        lm.invoke(o, cargs.get(i).mk.make(cl));
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                }
                for (int i = 0; i < fields.size(); i++) {
                    if (!fsteps.get(i).on) continue;
                    java.lang.reflect.Field lf = lc.getDeclaredField(fields.get(i).getName());
                    lf.setAccessible(true);
                    lf.set(o, fvals.get(i).mk.make(cl));
                }
                return o;
            });
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < as.size(); i++) {
                r.setup.addAll(as.get(i).lines());
                b.append(i > 0 ? ", " : "").append(as.get(i).expr);
            }
            r.setup.add(tname(c) + " " + name + " = new " + tname(c) + "(" + b + ");");
            for (int i = 0; i < calls.size(); i++) {
                Step p = csteps.get(i);
                p.lines.addAll(cargs.get(i).lines());
                p.lines.add(name + "." + calls.get(i).getName() + "(" + cargs.get(i).expr + ");");
                r.steps.add(p);
            }
            for (int i = 0; i < fields.size(); i++) {
                Step p = fsteps.get(i);
                p.lines.addAll(fvals.get(i).lines());
                p.lines.add("set(" + name + ", " + tname(c) + ".class, \"" + fields.get(i).getName()
                            + "\", " + fvals.get(i).expr + "); // reflection: no setter");
                r.steps.add(p);
            }
            return r;
        }
    }

    /* what a value looks like, the same in both loaders */
    static String render(Object o, int depth) {
        if (o == null) return "null";
        if (o instanceof String) return "\"" + o + "\"";
        if (o instanceof Number || o instanceof Boolean || o instanceof Character) return o.toString();
        if (o instanceof CharSequence) return "\"" + o + "\"";
        if (o instanceof Class) return ((Class<?>) o).getName();
        if (o instanceof Enum) return ((Enum<?>) o).name();
        if (depth > 3) return "...";
        StringBuilder b = new StringBuilder();
        if (o.getClass().isArray()) {
            b.append('[');
            for (int i = 0; i < java.lang.reflect.Array.getLength(o); i++)
                b.append(i > 0 ? ", " : "").append(render(java.lang.reflect.Array.get(o, i), depth + 1));
            return b.append(']').toString();
        }
        if (o instanceof Map) {
            b.append('{');
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet())
                b.append(render(e.getKey(), depth + 1)).append('=').append(render(e.getValue(), depth + 1)).append(", ");
            return b.append('}').toString();
        }
        if (o instanceof Collection) {
            b.append('[');
            for (Object e : (Collection<?>) o) b.append(render(e, depth + 1)).append(", ");
            return b.append(']').toString();
        }
        if (o.getClass().getName().startsWith("java.")) return o.getClass().getName();
        b.append(o.getClass().getName()).append('{');
        for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass())
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                try {
                    f.setAccessible(true);
                    b.append(f.getName()).append('=').append(render(f.get(o), depth + 1)).append(", ");
                } catch (Throwable e) {
                }
            }
        return b.append('}').toString();
    }

    /* one run of the method in a loader */
    static final class Run {
        Object self, ret; Object[] args; Throwable exc; boolean timedOut, setupFailed;
        Map<String, Object> statics = new TreeMap<>();
        Map<String, String> before = new TreeMap<>();
        String retS, selfS, excS;
        String[] argS;
    }

    static Run runOnce(ClassLoader cl, Class<?> cut, java.lang.reflect.Method m, Val self,
                       List<Val> args) {
        Run r = new Run();
        Runnable job = (() -> {
            try {
                Class<?> lc = Search.load(cl, cut);
                Class<?>[] lp = new Class<?>[m.getParameterCount()];
                for (int i = 0; i < lp.length; i++) lp[i] = Search.load(cl, m.getParameterTypes()[i]);
                java.lang.reflect.Method lm = lc.getDeclaredMethod(m.getName(), lp);
                lm.setAccessible(true);
                try {
                    r.self = self == null ? null : self.mk.make(cl);
                    r.args = new Object[args.size()];
                    for (int i = 0; i < r.args.length; i++) r.args[i] = args.get(i).mk.make(cl);
                } catch (Throwable e) {
                    r.setupFailed = true;
                    return;
                }
                for (java.lang.reflect.Field f : lc.getDeclaredFields())
                    if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) &&
                        !java.lang.reflect.Modifier.isFinal(f.getModifiers()) && !f.isSynthetic()) {
                        f.setAccessible(true);
                        r.before.put(f.getName(), render(f.get(null), 1));
                    }
                try {
                    r.ret = lm.invoke(r.self, r.args);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    r.exc = e.getCause();
                }
                for (java.lang.reflect.Field f : lc.getDeclaredFields())
                    if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) &&
                        !java.lang.reflect.Modifier.isFinal(f.getModifiers()) && !f.isSynthetic()) {
                        f.setAccessible(true);
                        r.statics.put(f.getName(), f.get(null));
                    }
                r.retS = render(r.ret, 0);
                r.selfS = render(r.self, 0);
                r.excS = r.exc == null ? null : r.exc.getClass().getName();
                r.argS = new String[r.args.length];
                for (int i = 0; i < r.args.length; i++) r.argS[i] = render(r.args[i], 0);
            } catch (Throwable e) {
                r.setupFailed = true;
            }
        });
        /* on the worker thread (one for all the calls: a thread a call
         * cost more than most calls); a call over 0.5 s has its thread
         * stopped and a new worker started */
        Thread[] on = new Thread[1];
        if (worker == null)
            worker = java.util.concurrent.Executors.newSingleThreadExecutor(k -> {
                Thread t = new Thread(k);
                t.setDaemon(true);
                return t;
            });
        java.util.concurrent.Future<?> f = worker.submit(() -> {
            on[0] = Thread.currentThread();
            job.run();
        });
        try {
            f.get(500, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (Throwable e) {
            r.timedOut = true;
            worker.shutdownNow();
            worker = null;
            try {
                if (on[0] != null) on[0].stop();
            } catch (Throwable x) {
            }
        }
        return r;
    }

    static java.util.concurrent.ExecutorService worker;

    /* a Java expression for value v (observed), or null */
    static String valueText(Search s, Object v) {
        if (v == null) return "null";
        if (v instanceof String) return s.lit((String) v);
        if (v instanceof Boolean) return v.toString();
        String l = literal(v);
        return l;
    }

    /* the assertion that actual (a Java expression of static type
     * declared) is v, as the original gave it; mv the mutant's: null
     * when it cannot be said in Java text or does not tell them apart */
    static String assertText(Search s, String actual, Class<?> declared, Object v, Object mv) {
        if (v == null) return "assertNull(" + actual + ");";
        if (v instanceof Boolean)
            return (((Boolean) v) ? "assertTrue(" : "assertFalse(") + (declared == boolean.class
                    || declared == Boolean.class ? "" : "(boolean) ") + actual + ");";
        String t = valueText(s, v);
        if (t != null) {
            if (!declared.isPrimitive() && !(v instanceof String))
                t = "(" + s.tname(v.getClass()) + ") " + (t.startsWith("-") ? "(" + t + ")" : t);
            return "assertEquals(" + t + ", " + actual + ");";
        }
        if (mv == null && !v.getClass().isArray() && !(v instanceof CharSequence))
            return "assertNotNull(" + actual + ");";
        if (v.getClass().isArray() && (v.getClass().getComponentType().isPrimitive() ||
                                       v.getClass().getComponentType() == String.class)) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) {
                String e = valueText(s, java.lang.reflect.Array.get(v, i));
                if (e == null) return null;
                b.append(i > 0 ? ", " : "").append(e);
            }
            return "assertArrayEquals(new " + s.tname(v.getClass()) + " {" + b + "}, ("
                + s.tname(v.getClass()) + ") " + actual + ");";
        }
        if (v instanceof CharSequence)
            return "assertEquals(" + s.lit(v.toString()) + ", String.valueOf(" + actual + "));";
        /* a toString of its own that tells them apart */
        try {
            if (v.getClass().getMethod("toString").getDeclaringClass() != Object.class) {
                String a = String.valueOf(v);
                if (mv == null || !a.equals(String.valueOf(mv)))
                    return "assertEquals(" + s.lit(a) + ", String.valueOf(" + actual + "));";
            }
        } catch (Throwable e) {
        }
        return null;
    }

    /* the field (of o's class or a superclass) whose values in o and mo
     * (the mutant's) differ and can be asserted: [declaring class, name,
     * value, mutant's value], or null */
    static Object[] differingField(Object o, Object mo) {
        if (o == null || mo == null) return null;
        for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            Class<?> mc = mo.getClass();
            while (mc != null && !mc.getName().equals(c.getName())) mc = mc.getSuperclass();
            if (mc == null) return null;
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                try {
                    java.lang.reflect.Field g = mc.getDeclaredField(f.getName());
                    f.setAccessible(true);
                    g.setAccessible(true);
                    Object a = f.get(o), b = g.get(mo);
                    if (!render(a, 1).equals(render(b, 1))) return new Object[] { c, f.getName(), a, b, f.getType() };
                } catch (Throwable e) {
                }
            }
        }
        return null;
    }

    /* a visible getter of field f of class c that returns its value v:
     * its name, or null */
    static String getter(Class<?> c, String f, Object self) {
        String u = Character.toUpperCase(f.charAt(0)) + f.substring(1);
        for (String n : new String[] { "get" + u, "is" + u, "has" + u }) {
            try {
                java.lang.reflect.Method m = c.getMethod(n);
                if (java.lang.reflect.Modifier.isStatic(m.getModifiers())) continue;
                java.lang.reflect.Field fd = null;
                for (Class<?> k = c; k != null && fd == null; k = k.getSuperclass())
                    try { fd = k.getDeclaredField(f); } catch (NoSuchFieldException e) { }
                if (fd == null) continue;
                fd.setAccessible(true);
                if (render(m.invoke(self), 1).equals(render(fd.get(self), 1))) return n;
            } catch (Throwable e) {
            }
        }
        return null;
    }

    /* search for an input of method name of class cls that tells the
     * original (ol) from the mutant (ml) apart: the test's body (lines),
     * or null; why[0]: what was tried */
    static List<String> search(ClassLoader ol, ClassLoader ml, String cls, String name,
                               String srcFile, long seed, String[] why, Set<String> uses)
        throws Exception {
        Class<?> cut = ol.loadClass(cls);
        String pkg = cut.getPackage() == null ? "" : cut.getPackage().getName();
        List<String> strs = new ArrayList<>(Arrays.asList(STRS));
        List<Long> ints = new ArrayList<>();
        for (long v : INTS) ints.add(v);
        /* the source's literals */
        try {
            String src = new String(Files.readAllBytes(Paths.get(srcFile)), StandardCharsets.UTF_8);
            java.util.regex.Matcher mt = java.util.regex.Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"").matcher(src);
            while (mt.find()) {
                String v = mt.group(1).replace("\\\"", "\"").replace("\\\\", "\\");
                if (!strs.contains(v) && !v.contains("\\") && v.length() < 20) {
                    strs.add(v);
                    strs.add(v + "a");
                    strs.add("-" + v);
                }
            }
            mt = java.util.regex.Pattern.compile("(?<![\\w.])(\\d{1,6})(?![\\w.])").matcher(src);
            while (mt.find()) {
                long v = Long.parseLong(mt.group(1));
                for (long w : new long[] { v, v - 1, v + 1 })
                    if (!ints.contains(w)) ints.add(w);
            }
        } catch (Throwable e) {
        }
        long[] ia = new long[ints.size()];
        for (int i = 0; i < ia.length; i++) ia[i] = ints.get(i);
        List<java.lang.reflect.Method> ms = new ArrayList<>();
        for (java.lang.reflect.Method m : cut.getDeclaredMethods())
            if (m.getName().equals(name) && !m.isSynthetic() && !m.isBridge()) ms.add(m);
        ms.sort(Comparator.comparing(Object::toString));
        if (ms.isEmpty()) {
            why[0] = "no method " + name + " in the compiled class " + cls;
            return null;
        }
        long deadline = System.nanoTime() + 4_000_000_000L;
        int tried = 0, setupFailed = 0, timeouts = 0;
        Search s = new Search(seed, pkg, strs, ia, null);
        for (int trial = 0; trial < 4000 && System.nanoTime() < deadline; trial++) {
            java.lang.reflect.Method m = ms.get(trial % ms.size());
            boolean st = java.lang.reflect.Modifier.isStatic(m.getModifiers());
            s.nvar = 0;
            s.orig = origDir;
            s.cut = cut;
            Val self = null;
            if (!st) {
                self = s.object(cut, 0, true);
                if (self == null) {
                    why[0] = "no visible constructor makes a " + s.tname(cut)
                        + " (or a concrete class of the package that is one)";
                    return null;
                }
            }
            List<Val> args = new ArrayList<>();
            for (Class<?> p : m.getParameterTypes()) args.add(s.gen(p, 0));
            Run o = runOnce(ol, cut, m, self, args);
            if (o.timedOut && ++timeouts >= 3) {
                why[0] = "the original ran longer than 0.5 s on 3 of the inputs searched";
                return null;
            }
            if (o.setupFailed || o.timedOut) {
                setupFailed++;
                continue;
            }
            tried++;
            Run u = runOnce(ml, cut, m, self, args);
            if (u.setupFailed) continue;
            List<String> body = explain(s, cut, m, name, self, args, o, u, why, uses);
            if (body == null) continue;
            /* the steps of the setup (setters, fields) the difference
             * does not need are left out, one by one */
            Run last = o;
            List<Step> steps = new ArrayList<>();
            if (self != null) steps.addAll(self.steps);
            for (Val v : args) steps.addAll(v.steps);
            for (Step p : steps) {
                p.on = false;
                Run o2 = runOnce(ol, cut, m, self, args);
                Run u2 = o2.setupFailed || o2.timedOut ? null : runOnce(ml, cut, m, self, args);
                String[] w2 = { "" };
                List<String> b2 = u2 == null || u2.setupFailed ? null
                    : explain(s, cut, m, name, self, args, o2, u2, w2, uses);
                if (b2 == null) {
                    p.on = true;
                } else {
                    body = b2;
                    why[0] = w2[0];
                    last = o2;
                }
            }
            /* a class with static fields that are not final (which
             * the call may set, whatever state the search left them
             * in): the test puts them back, so that it leaves the
             * suite's other tests the state it found (OptionBuilder's) */
            if (!last.statics.isEmpty()) {
                List<String> w = new ArrayList<>();
                String c = s.tname(cut);
                w.add("Object[] saved = saveStatics(" + c + ".class); // " + c
                      + "'s static fields, put back after the test");
                w.add("try {");
                for (String l : body) w.add("    " + l);
                w.add("} finally {");
                w.add("    restoreStatics(" + c + ".class, saved);");
                w.add("}");
                body = w;
            }
            /* the helpers the test calls */
            uses.clear();
            for (String l : body) {
                if (java.util.regex.Pattern.compile("(^|[^\\w.])(set|get)\\(").matcher(l).find())
                    uses.add("get");
                if (java.util.regex.Pattern.compile("(^|[^\\w.])invoke\\(").matcher(l).find())
                    uses.add("invoke");
                if (l.contains("saveStatics("))
                    uses.add("statics");
            }
            return body;
        }
        why[0] = "a search of " + tried + " inputs of " + name + " (" + ms.size()
            + " method" + (ms.size() == 1 ? "" : "s") + " of that name; " + setupFailed
            + " more whose setup threw) found none that tells the original from the mutant";
        return null;
    }


    /* the test's text for an input on which runs o (the original) and u
     * (the mutant) differ, or null when no assertion the test can say
     * tells them apart */
    static List<String> explain(Search s, Class<?> cut, java.lang.reflect.Method m, String name,
                                Val self, List<Val> args, Run o, Run u, String[] why,
                                Set<String> uses) {
        boolean st = java.lang.reflect.Modifier.isStatic(m.getModifiers());
        boolean excDiff = !Objects.equals(o.excS, u.excS) || u.timedOut;
        boolean retDiff = !u.timedOut && !Objects.equals(o.retS, u.retS);
        boolean selfDiff = !u.timedOut && !Objects.equals(o.selfS, u.selfS);
        int argDiff = -1;
        for (int i = 0; !u.timedOut && i < o.argS.length; i++)
            if (!o.argS[i].equals(u.argS[i])) { argDiff = i; break; }
        String staticDiff = null;
        for (String k : o.statics.keySet())
            if (!u.timedOut && Objects.equals(o.before.get(k), u.before.get(k)) &&
                !render(o.statics.get(k), 1).equals(render(u.statics.get(k), 1))) {
                staticDiff = k;
                break;
            }
        if (!excDiff && !retDiff && !selfDiff && argDiff < 0 && staticDiff == null) return null;
        /* the test's text */
        List<String> body = new ArrayList<>();
        if (self != null) body.addAll(self.lines());
        StringBuilder ab = new StringBuilder(), tb = new StringBuilder();
        for (int i = 0; i < args.size(); i++) {
            body.addAll(args.get(i).lines());
            ab.append(i > 0 ? ", " : "").append(args.get(i).expr);
            tb.append(i > 0 ? ", " : "").append(s.tname(m.getParameterTypes()[i])).append(".class");
        }
        boolean priv = java.lang.reflect.Modifier.isPrivate(m.getModifiers());
        String recv = st ? s.tname(cut) : "self";
        String call;
        if (priv) {
            uses.add("invoke");
            call = "invoke(" + (st ? "null" : "self") + ", " + s.tname(cut) + ".class, \"" + name
                + "\", new Class<?>[] {" + tb + "}" + (args.isEmpty() ? "" : ", " + ab) + ")";
        } else {
            call = recv + "." + name + "(" + ab + ")";
        }
        Class<?> rt = m.getReturnType();
        String castCall = priv && rt != void.class ? "(" + s.tname(rt.isPrimitive() ? box(rt) : rt) + ") " + call : call;
        if (o.exc != null) {
            if (!excDiff) return null; /* both threw the same: nothing else is seen */
            if (!visible(o.exc.getClass())) return null;
            body.add("assertThrows(" + s.tname(o.exc.getClass()) + ".class, () -> " + call + ");");
            why[0] = "the original throws " + o.exc.getClass().getSimpleName()
                + (u.timedOut ? ", the mutant loops" : u.exc == null ? ", the mutant does not"
                   : ", the mutant " + u.exc.getClass().getSimpleName());
            return body;
        }
        String retAssert = null;
        if (rt != void.class) {
            retAssert = retDiff || excDiff ? assertText(s, castCall, rt, o.ret, excDiff ? null : u.ret) : null;
            if (retDiff && retAssert == null && o.ret != null && u.ret != null) {
                Object[] d = differingField(o.ret, u.ret);
                if (d != null && visible((Class<?>) d[0])) {
                    String a = assertText(s, "get(r, " + s.tname((Class<?>) d[0]) + ".class, \""
                                          + d[1] + "\")", Object.class, d[2], d[3]);
                    if (a != null) {
                        uses.add("get");
                        body.add(s.tname(rt) + " r = " + castCall + ";");
                        body.add(a);
                        why[0] = "the field " + d[1] + " of what it returns differs";
                        return body;
                    }
                }
            }
        }
        if (retAssert != null) {
            body.add(retAssert);
            why[0] = excDiff ? (u.timedOut ? "the mutant loops" : "the mutant throws "
                                + u.exc.getClass().getSimpleName()) : "the return value differs";
            return body;
        }
        if (excDiff) {
            body.add(call + ";");
            why[0] = u.timedOut ? "the mutant loops" : "the mutant throws " + u.exc.getClass().getSimpleName();
            return body;
        }
        List<String> after = new ArrayList<>();
        if (selfDiff) {
            Object[] d = differingField(o.self, u.self);
            if (d != null) {
                String g = getter(o.self.getClass(), (String) d[1], o.self);
                String a = g != null ? assertText(s, "self." + g + "()", ((Class<?>) d[4]), d[2], d[3])
                    : visible((Class<?>) d[0]) ? assertText(s, "get(self, " + s.tname((Class<?>) d[0])
                                               + ".class, \"" + d[1] + "\")", Object.class, d[2], d[3]) : null;
                if (a != null) {
                    if (g == null) uses.add("get");
                    after.add(a);
                    why[0] = "the field " + d[1] + " of this differs";
                }
            }
        }
        if (after.isEmpty() && argDiff >= 0) {
            String a = assertText(s, args.get(argDiff).expr, m.getParameterTypes()[argDiff],
                                  o.args[argDiff], u.args[argDiff]);
            if (a != null && !args.get(argDiff).setup.isEmpty()) {
                after.add(a);
                why[0] = "argument " + (argDiff + 1) + " differs after the call";
            }
        }
        if (after.isEmpty() && staticDiff != null) {
            Object v = o.statics.get(staticDiff), w = u.statics.get(staticDiff);
            String a = assertText(s, "get(null, " + s.tname(cut) + ".class, \"" + staticDiff + "\")",
                                  Object.class, v, w);
            if (a != null) {
                uses.add("get");
                after.add(a);
                why[0] = "the static field " + staticDiff + " differs";
            }
        }
        if (after.isEmpty()) return null;
        body.add(call + ";");
        body.addAll(after);
        return body;
    }

    static boolean visible(Class<?> c) {
        for (; c != null; c = c.getEnclosingClass())
            if (!java.lang.reflect.Modifier.isPublic(c.getModifiers()) &&
                !(c.getPackage() != null && !c.getPackage().getName().startsWith("java")
                  && !java.lang.reflect.Modifier.isPrivate(c.getModifiers())))
                return false;
        return true;
    }

    static Class<?> box(Class<?> c) {
        if (c == int.class) return Integer.class;
        if (c == long.class) return Long.class;
        if (c == boolean.class) return Boolean.class;
        if (c == char.class) return Character.class;
        if (c == double.class) return Double.class;
        if (c == float.class) return Float.class;
        if (c == short.class) return Short.class;
        if (c == byte.class) return Byte.class;
        return c;
    }

    static Path origDir;

    static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
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
            case "S": {
                /* S ID CLASS NAME SRCROOT CUTFILE MUTFILE SEED */
                String key = Paths.get(f[5]).toAbsolutePath().getParent().toString();
                if (!compiledCut.contains(key)) {
                    compiledCut.add(key);
                    /* the package's classes too: the concrete ones
                     * of an abstract class are made */
                    List<String> args = new ArrayList<>(List.of("-nowarn", "-encoding", "UTF-8",
                        "-proc:none", "-d", orig.toString(), "-cp", jcp + File.pathSeparator + orig,
                        "-sourcepath", f[4], f[5]));
                    try (DirectoryStream<Path> ds = Files.newDirectoryStream(
                             Paths.get(f[5]).toAbsolutePath().getParent(), "*.java")) {
                        for (Path p : ds)
                            if (!p.toAbsolutePath().equals(Paths.get(f[5]).toAbsolutePath()))
                                args.add(p.toString());
                    }
                    String e = compile(args);
                    if (e != null) {
                        args.subList(args.indexOf(f[5]) + 1, args.size()).clear();
                        e = compile(args);
                    }
                    if (e != null) badCut.add(key);
                    ol = null;
                }
                if (badCut.contains(key)) {
                    out.println("S\t" + f[1] + "\tNONE\tthe original does not compile");
                    break;
                }
                Path d = work.resolve("m").resolve(f[1]);
                Files.createDirectories(d);
                String e = compile(new ArrayList<>(List.of("-nowarn", "-encoding", "UTF-8",
                    "-proc:none", "-implicit:none", "-d", d.toString(),
                    "-cp", jcp + File.pathSeparator + orig, f[6])));
                if (e != null) {
                    out.println("S\t" + f[1] + "\tNONE\tthe mutant does not compile: " + line(e));
                    break;
                }
                if (ol == null) ol = new URLClassLoader(new URL[] { orig.toUri().toURL() },
                                                        SubsumeVerify.class.getClassLoader());
                origDir = orig;
                try (URLClassLoader ml = new URLClassLoader(new URL[] { d.toUri().toURL(),
                        orig.toUri().toURL() }, SubsumeVerify.class.getClassLoader())) {
                    String[] why = { "" };
                    Set<String> uses = new TreeSet<>();
                    List<String> body;
                    try {
                        body = search(ol, ml, f[2], f[3], f[5], Long.parseLong(f[7]), why, uses);
                    } catch (Throwable x) {
                        body = null;
                        why[0] = "the search failed: " + x;
                    }
                    if (body == null) {
                        out.println("S\t" + f[1] + "\tNONE\t" + line(why[0]));
                    } else {
                        StringBuilder b = new StringBuilder();
                        for (String l : body) b.append("        ").append(l).append("\n");
                        out.println("S\t" + f[1] + "\tOK\t" + String.join(",", uses) + "\t"
                                    + line(why[0]) + "\t" + esc(b.toString()));
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
