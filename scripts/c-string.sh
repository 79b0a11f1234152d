#!/bin/sh
# c-string.sh NAME FILE: FILE as a C definition `const char NAME[] = "...";`
# (make compiles the built-in configuration into the binary this way;
# '?' is escaped so that no trigraph is read).
set -eu
echo "/* generated from $2 by make */"
echo "const char $1[] ="
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$/\\n"/' "$2"
echo ';'
