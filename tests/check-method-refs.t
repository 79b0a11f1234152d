#!/usr/bin/env python3
# check-method-refs.t - the method-level tests of tests/data/check-method/refs.test
# (tests/method_table.py: the format and the JVM checks; check-method.t: the rest).
import method_table

method_table.main("refs")
