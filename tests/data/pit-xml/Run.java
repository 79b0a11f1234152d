// Run.java - tests/check-pit.t's JVM check: reads lines "PACKAGE METHOD
// ARG..." and prints what PACKAGE.Demo.METHOD(ARG...) returns (or
// "throws" and the exception's class), one line each; int and boolean
// parameters, static methods.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class Run {
    public static void main(String[] argv) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        for (String l; (l = r.readLine()) != null;) {
            String[] p = l.trim().split(" +");
            Class<?> c = Class.forName(p[0] + ".Demo");
            Method m = null;
            for (Method x : c.getDeclaredMethods())
                if (x.getName().equals(p[1]))
                    m = x;
            m.setAccessible(true);
            Class<?>[] ts = m.getParameterTypes();
            Object[] args = new Object[ts.length];
            for (int i = 0; i < ts.length; i++)
                args[i] = ts[i] == boolean.class
                    ? (Object) Boolean.parseBoolean(p[2 + i])
                    : (Object) Integer.parseInt(p[2 + i]);
            String out;
            try {
                Object v = m.invoke(null, args);
                out = v == null ? "null" : v.getClass().getName() + ":" + v;
            } catch (InvocationTargetException e) {
                out = "throws " + e.getCause().getClass().getName();
            }
            System.out.println(out);
        }
    }
}
