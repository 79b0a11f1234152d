#!/usr/bin/env python3
# check-method-heap.t - the method-level tests of tests/data/check-method/heap.test
# (tests/method_table.py: the format and the JVM checks; check-method.t: the rest).
import method_table

method_table.main("heap")
