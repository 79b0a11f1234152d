/*
 * java.h - the Java profile's types, for code that is Java-specific by
 * purpose (the Major checker, tests).  Everything else asks a profile
 * (lang/profile.h) or reads a descriptor's fields.
 */
#ifndef SUBSUME_JAVA_H
#define SUBSUME_JAVA_H

#include "lang/profile.h"

extern const struct type java_boolean, java_byte, java_short, java_char,
	java_int, java_long, java_integer, java_float, java_double;

#define T_BOOLEAN (&java_boolean)
#define T_BYTE (&java_byte)
#define T_SHORT (&java_short)
#define T_CHAR (&java_char)
#define T_INT (&java_int)
#define T_LONG (&java_long)
#define T_INTEGER (&java_integer) /* mathematical, unbounded */
#define T_FLOAT (&java_float)     /* IEEE 754 binary32 */
#define T_DOUBLE (&java_double)   /* IEEE 754 binary64 */

/* A Java domain type by name ("int"); T_ERROR if there is none. */
const struct type *type_parse(const char *name);

#endif
