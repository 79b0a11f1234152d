#!/usr/bin/env python3
# check-method-major1.t - the method-level tests of tests/data/check-method/major1.test
# (tests/method_table.py: the format and the JVM checks; check-method.t: the rest).
import method_table

method_table.main("major1")
