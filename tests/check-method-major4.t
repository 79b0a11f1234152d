#!/usr/bin/env python3
# check-method-major4.t - the method-level tests of tests/data/check-method/major4.test
# (tests/method_table.py: the format and the JVM checks; check-method.t: the rest).
import method_table

method_table.main("major4")
