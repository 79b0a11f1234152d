/* C functions for tests/check-cmethod.t: each site of batch.yaml
 * mutates one line of one function. */
int total;
int count;

int max(int a, int b)
{
	if (a > b)
		return a;
	return b;
}

int dead(int x)
{
	int y = x;
	y = y & 3;
	return x;
}

int guard(int x)
{
	if (x < 0)
		return 0;
	if (x >= 0)
		return x;
	return -1;
}

int count_to(unsigned char n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i > 20 ? 2 : 1;
	return s;
}

int dbl(int x)
{
	if (x > 1000000 || x < -1000000)
		return 0;
	return x * 2;
}

void add(int v)
{
	total += v;
	count++;
}

short narrow(short a, short b)
{
	short d = a - b;
	if (d < 0)
		d = -d;
	return d;
}

int call(int x)
{
	return max(x, 0) + 1;
}

/* switch: fall-through, default sharing a group with a case, a
 * character label and a constant expression label */
int classify(int x)
{
	int r = 0;
	switch (x) {
	case 1:
		r = 10;
	case 2:
		r += 2;
		break;
	case 'A':
		return 65;
	case 2 + 2:
	default:
		r = -1;
	}
	return r;
}

/* locals without an initializer: reading y before it is assigned is
 * undefined (C11 6.3.2.1p2), and UBSan does not see it */
int pick(int a)
{
	int y;
	if (a > 0)
		y = a;
	if (a >= 0)
		return y;
	return 0;
}

int late(int a, int b)
{
	int s, t;
	for (t = 0; t < 2; t++)
		s = a;
	if (b > 5)
		s = b;
	return s + t;
}

/* calls: each callee records its number and arguments, as a test's
 * spy would; the caller sees them as events */
static int tr[64], ntr;

void note(int v)
{
	if (ntr < 60) {
		tr[ntr++] = 1;
		tr[ntr++] = v;
	}
}

void note2(int a, unsigned char b)
{
	if (ntr < 60) {
		tr[ntr++] = 2;
		tr[ntr++] = a;
		tr[ntr++] = b;
	}
}

int report(int a)
{
	note(a);
	if (a > 3)
		note2(a, a & 7);
	return a;
}

void tally(int v)
{
	count++;
	note(v);
}

/* old-style definitions (issue 30): a undeclared is an int (C90 6.7.1),
 * n an unsigned char converted on entry from the promoted argument */
int oldmax(a, b)
short b;
{
	if (a > b)
		return a;
	return b;
}

long oldsum(x, n)
register long x;
unsigned char n;
{
	long s = x;
	if (n < 256)
		s = s + n;
	return s;
}
