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
