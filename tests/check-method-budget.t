#!/usr/bin/env python3
# check-method-budget.t - a method's budget grows with its mutants
# (check/check.h: CHECK_METHOD_BUDGET_MUTANTS): one with more than 128
# gets it again for every 128.  The subject: one equivalent mutant
# (a * b * 3 to a * b + a * b + a * b) whose method-level question needs
# more than 15 site budgets of 4,000 units and at most 30, beside
# mutants every input kills (no question of the solver).  With 127 of
# them (128 mutants) the question is cut by the budget; with 129 (130
# mutants, twice the budget) it is proven, as it is with 128 mutants at
# twice the --budget.
import os

from tap import check_json, done, ok, tmpdir

T = tmpdir("check-method-budget.")
open(os.path.join(T, "Many.java"), "w").write(
    "public class Many {\n"
    "    static int f(int a, int b, int c) {\n"
    "        int s = a * b * 3 + c;\n"
    "        return s;\n"
    "    }\n"
    "}\n")


def log(n):
    """The equivalent mutant and n - 1 killed by every input."""
    path = os.path.join(T, "m%d.log" % n)
    lines = ["1:AOR:*(int,int):+(int,int):Many@f(int,int,int):3:a * b * 3 |==> "
             "a * b + a * b + a * b"]
    lines += ["%d:LVR:POS:POS:Many@f(int,int,int):4:s |==> s + %d" % (k + 2, k + 1)
              for k in range(n - 1)]
    open(path, "w").write("\n".join(lines) + "\n")
    return path


def first(n, budget):
    rc, rep = check_json(["--source", T, "--method", "--budget", str(budget), log(n)])
    ms = {m["id"]: m for m in (rep or {}).get("mutants", [])}
    return rc, ms.get("1", {}), ms


rc, m, ms = first(128, 4000)
ok(rc == 0 and len(ms) == 128 and m.get("level") != "method" and
   "unknown (budget: the resource units of its method are spent" in m.get("detail", ""),
   "128 mutants, --budget 4000: the method-level question is cut by the budget")
ok(all(x["verdict"] in ("killable", "redundant", "duplicate", "subsumed")
       for k, x in ms.items() if k != "1"),
   "the other 127 are killed (no solver question of their own)")
rc, m, ms = first(130, 4000)
ok(rc == 0 and len(ms) == 130 and m.get("verdict") == "equivalent" and
   m.get("level") == "method",
   "130 mutants, --budget 4000: twice the method's budget, proven in its method")
rc, m, ms = first(128, 8000)
ok(rc == 0 and m.get("verdict") == "equivalent" and m.get("level") == "method",
   "128 mutants, --budget 8000: proven (the budget 130 mutants get at 4000)")

# A question the solver leaves unknown does not spoil the next ones
# (sem/mir-solve.c: fresh_solver): Z3's simple solver, stopped by its
# resource limit, had answered later questions sat in 27 units with a
# model that is no input of the method (gcd(u=0, v=0) for every mutant,
# refused by the evaluator's re-check).  Binary gcd (after MutantBench's
# MathUtils.gcd), --budget 0 and a resource limit every question here
# reaches: each is unknown, none "did not re-check".
open(os.path.join(T, "Gcd.java"), "w").write(
    "public class Gcd {\n"
    "    static int gcd(int u, int v) {\n"
    "        if (u * v == 0) {\n"
    "            return u + v;\n"
    "        }\n"
    "        if (u > 0) {\n"
    "            u = -u;\n"
    "        }\n"
    "        if (v > 0) {\n"
    "            v = -v;\n"
    "        }\n"
    "        int k = 0;\n"
    "        while ((u & 1) == 0 && (v & 1) == 0 && k < 31) {\n"
    "            u /= 2;\n"
    "            v /= 2;\n"
    "            k++;\n"
    "        }\n"
    "        if (k == 31) {\n"
    "            return -1;\n"
    "        }\n"
    "        int t = ((u & 1) == 1) ? v : -(u / 2);\n"
    "        do {\n"
    "            while ((t & 1) == 0) {\n"
    "                t /= 2;\n"
    "            }\n"
    "            if (t > 0) {\n"
    "                u = -t;\n"
    "            } else {\n"
    "                v = t;\n"
    "            }\n"
    "            t = (v - u) / 2;\n"
    "        } while (t != 0);\n"
    "        return -u * (1 << k);\n"
    "    }\n"
    "}\n")
G = os.path.join(T, "gcd.log")
open(G, "w").write(
    "1:ROR:==(int,int):FALSE(int,int):Gcd@gcd(int,int):18:k == 31 |==> false\n"
    "2:ROR:>(int,int):>=(int,int):Gcd@gcd(int,int):6:u > 0 |==> u >= 0\n"
    "3:ROR:>(int,int):!=(int,int):Gcd@gcd(int,int):6:u > 0 |==> u != 0\n"
    "4:ROR:>(int,int):>=(int,int):Gcd@gcd(int,int):26:t > 0 |==> t >= 0\n")
rc, rep = check_json(["--source", T, "--method", "--budget", "0", "--rlimit", "200000", G])
ms = (rep or {}).get("mutants", [])
ok(rc == 0 and len(ms) == 4 and
   all("method level: unknown (" in m.get("detail", "") for m in ms),
   "gcd, --rlimit 200000: each method-level question unknown")
ok(ms and not any("did not re-check" in m.get("detail", "") for m in ms),
   "no question after an unknown one answered with an input that is not one")
done()
