int clamp(int x, int lo)
{
  if (x < lo)
    return lo;
  return x + 0;
}

unsigned nonneg(unsigned u)
{
  return u >= 0;
}
