/*
 * KillRunner: Major's kill.csv for a subject, from real test runs.
 *
 *   java KillRunner.java SRC DRIVER.java OUT.csv
 *
 * SRC holds the subject's original sources and mutants/N/ the whole
 * mutated source(s) of mutant N (as Major writes them).  DRIVER is a
 * test suite: a class with a plain main() that throws AssertionError
 * when a check fails.  The original and every mutant are compiled (the
 * JDK's compiler, in this JVM) with the driver, each into a class
 * loader of its own, and the driver's main() is run on them:
 *
 *   returns                 LIVE
 *   throws AssertionError   FAIL   (a test failed)
 *   throws anything else    EXC    (a test ended with an exception)
 *   runs over 5 seconds     TIME
 *
 * The driver must pass on the original (else exit 2).  OUT gets Major's
 * header and one row per mutant, in mutant order.
 */
import java.io.*;
import java.lang.reflect.*;
import java.net.*;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;
import javax.tools.*;

public class KillRunner {
    static JavaCompiler javac = ToolProvider.getSystemJavaCompiler();

    static Path compile(List<Path> sources, Path out) throws IOException {
        Files.createDirectories(out);
        List<String> args = new ArrayList<>(List.of("-nowarn", "-d", out.toString()));
        for (Path p : sources) args.add(p.toString());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        if (javac.run(null, null, err, args.toArray(new String[0])) != 0)
            throw new IOException("javac failed: " + err);
        return out;
    }

    static String run(Path classes, String driver) throws Exception {
        URLClassLoader cl = new URLClassLoader(new URL[] { classes.toUri().toURL() }, null);
        Method main = cl.loadClass(driver).getMethod("main", String[].class);
        FutureTask<String> t = new FutureTask<>(() -> {
            try {
                main.invoke(null, (Object) new String[0]);
                return "LIVE";
            } catch (InvocationTargetException e) {
                return e.getCause() instanceof AssertionError ? "FAIL" : "EXC";
            }
        });
        Thread th = new Thread(t);
        th.setDaemon(true);
        th.start();
        try {
            return t.get(5, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return "TIME";
        }
    }

    static List<Path> javaFiles(Path dir) throws IOException {
        List<Path> r = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.java")) {
            for (Path p : ds) r.add(p);
        }
        Collections.sort(r);
        return r;
    }

    public static void main(String[] a) throws Exception {
        Path src = Paths.get(a[0]), drv = Paths.get(a[1]);
        String driver = drv.getFileName().toString().replace(".java", "");
        Path tmp = Files.createTempDirectory("killrunner");
        List<Path> orig = javaFiles(src);
        List<Path> all = new ArrayList<>(orig);
        all.add(drv);
        String o = run(compile(all, tmp.resolve("orig")), driver);
        if (!o.equals("LIVE")) {
            System.err.println("KillRunner: the tests do not pass on the original: " + o);
            System.exit(2);
        }
        List<Integer> ids = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(src.resolve("mutants"))) {
            for (Path p : ds) ids.add(Integer.parseInt(p.getFileName().toString()));
        }
        Collections.sort(ids);
        StringBuilder sb = new StringBuilder("MutantNo,[FAIL | TIME | EXC | LIVE]\n");
        for (int id : ids) {
            Path mdir = src.resolve("mutants").resolve(Integer.toString(id));
            List<Path> files = new ArrayList<>();
            for (Path p : orig) {
                Path m = mdir.resolve(p.getFileName());
                files.add(Files.exists(m) ? m : p);
            }
            files.add(drv);
            sb.append(id).append(',')
              .append(run(compile(files, tmp.resolve("m" + id)), driver)).append('\n');
        }
        Files.writeString(Paths.get(a[2]), sb.toString());
        System.exit(0);
    }
}
