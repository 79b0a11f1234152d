/*
 * JUnitCheck: tests/check-tests.t's own run of the tests that `subsume
 * check --tests DIR` wrote, independent of the tool's verification: the
 * JUnit 5 console launcher (its ConsoleLauncher.run(), what `java -jar
 * junit-platform-console-standalone.jar execute` runs) on the original
 * and on the mutated sources the test gives (Major's, or written by
 * hand), one JVM for all.
 *
 *   java -cp JUNIT JUnitCheck.java SRCROOT TESTDIR WORK [ID=MUTDIR=CLASS#METHOD]...
 *
 * Compiles every .java under TESTDIR (not under TESTDIR/unverified unless
 * TESTDIR is that folder) with the sources of SRCROOT into WORK/orig and
 * runs all its test classes: prints "orig EXIT" (the launcher's exit
 * code: 0 all passed, 1 a test failed, 2 no test found).  Then for
 * each ID: compiles the .java files under MUTDIR into WORK/m/ID and
 * runs CLASS#METHOD with them first on the class path: "mutant ID EXIT".
 * A file that does not compile: "javac FILE...: MESSAGE" and exit 1.
 */
import java.io.*;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;
import javax.tools.*;
import org.junit.platform.console.ConsoleLauncher;

public class JUnitCheck {
    static List<String> javaFiles(Path dir, boolean skipUnverified) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".java"))
                .filter(p -> !skipUnverified || !dir.relativize(p).startsWith("unverified"))
                .map(Path::toString).sorted().collect(Collectors.toList());
        }
    }

    static void compile(List<String> args, List<String> files) {
        List<String> all = new ArrayList<>(args);
        all.addAll(files);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        if (ToolProvider.getSystemJavaCompiler().run(null, null, err, all.toArray(new String[0])) != 0) {
            System.out.println("javac " + files + ": " + err);
            System.exit(1);
        }
    }

    static int launch(String cp, String... select) {
        List<String> a = new ArrayList<>(List.of("execute", "--disable-banner",
            "--details=none", "--fail-if-no-tests", "--class-path", cp));
        a.addAll(List.of(select));
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        int rc = ConsoleLauncher.run(pw, pw, a.toArray(new String[0])).getExitCode();
        pw.flush();
        if (System.getenv("JUNITCHECK_VERBOSE") != null) System.out.print(sw);
        return rc;
    }

    public static void main(String[] a) throws Exception {
        Path src = Paths.get(a[0]), tests = Paths.get(a[1]), work = Paths.get(a[2]);
        String jcp = System.getProperty("java.class.path");
        Path orig = work.resolve("orig");
        Files.createDirectories(orig);
        boolean inUnverified = tests.getFileName().toString().equals("unverified");
        List<String> files = javaFiles(tests, !inUnverified);
        compile(List.of("-nowarn", "-d", orig.toString(), "-cp", jcp, "-sourcepath", src.toString()), files);
        List<String> sel = new ArrayList<>();
        for (String f : files) {
            String rel = tests.relativize(Paths.get(f)).toString();
            sel.add("--select-class");
            sel.add(rel.substring(0, rel.length() - 5).replace('/', '.'));
        }
        System.out.println("orig " + launch(orig.toString(), sel.toArray(new String[0])));
        for (int i = 3; i < a.length; i++) {
            String[] e = a[i].split("=", 3);
            Path d = work.resolve("m").resolve(e[0]);
            Files.createDirectories(d);
            compile(List.of("-nowarn", "-implicit:none", "-d", d.toString(), "-cp",
                            jcp + File.pathSeparator + orig), javaFiles(Paths.get(e[1]), false));
            System.out.println("mutant " + e[0] + " " + launch(d + File.pathSeparator + orig,
                                                                  "--select-method", e[2]));
        }
        System.exit(0);
    }
}
