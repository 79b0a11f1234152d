/* tests/check-mfloat.t: float and double in C functions */
double total;
float last;

double clamp_unit(double x)
{
	if (x != x)
		return 0.0;
	if (x < 0.0)
		return 0.0;
	if (x > 1.0)
		return 1.0;
	return x;
}

int bucket(double x)
{
	if (x != x)
		return -1;
	if (x < 1.0)
		return 0;
	if (x >= 1.0)
		return 1;
	return 2;
}

float sum_to(float step)
{
	float s = 0.0f;
	for (float v = 0.0f; v < 4.0f; v += 1.0f)
		s += step;
	return s;
}

void record(double v)
{
	total = total + v;
	last = (float)v;
}

int to_int(double x)
{
	if (x != x || x > 1000.0 || x < -1000.0)
		return 0;
	return (int)x;
}
