/* tests/check-cptr.t: C functions with pointers (lang/csrc-mptr.c) */
#include <stddef.h>
int clamp_at(int *p, int lo)
{
	if (!p)
		return 0;
	if (*p < lo)
		*p = lo;
	return 1;
}

int deref_or(int *p, int d)
{
	if (!p)
		return d;
	return p ? *p : d;
}

int second(int *p, int *q)
{
	*p = 1;
	*q = 2;
	return *p;
}

int store(int *p, int v)
{
	int t = v;
	t = t & 7;
	*p = v & 7;
	return v;
}

void swap(int *a, int *b)
{
	int t = *a;
	*a = *b;
	*b = t;
}

long mix(int *p, long *q)
{
	*q = 5;
	*p = 3;
	return *q;
}

int same(int *p, int *q)
{
	if (p == q)
		return 1;
	return *p == *q;
}

void bump(unsigned *c, const short *by)
{
	if (by != NULL && *by > 0)
		(*c)++;
}

int at0(int *p, int i)
{
	return p[0] + i;
}
