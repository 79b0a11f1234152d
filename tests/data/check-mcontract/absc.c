int abs(int x);
void note(int x);

int f(int x)
{
	abs(x);
	note(x);
	return x > 0;
}
