// The textbook POJ 1222 solution (cstdio, 64 first rows, light chasing): the baseline we time
// against.
#include <cstdio>

// One cell of padding on every side so that neighbours never need bounds checks.
static int puzzle[7][8];
static int press[7][8];

// Chase the lights down from the first press row; true when the last row ends dark.
static bool guess() {
  for (int r = 1; r < 5; r++) {
    for (int c = 1; c < 7; c++) {
      press[r + 1][c] =
          (puzzle[r][c] + press[r][c] + press[r - 1][c] + press[r][c - 1] + press[r][c + 1]) % 2;
    }
  }
  for (int c = 1; c < 7; c++) {
    if ((press[5][c - 1] + press[5][c] + press[5][c + 1] + press[4][c]) % 2 != puzzle[5][c]) {
      return false;
    }
  }
  return true;
}

// Try the 2^6 first rows in turn; 5 x 6 always has exactly one solution.
static void enumerate() {
  for (int first = 0; first < 64; first++) {
    for (int c = 1; c < 7; c++) press[1][c] = (first >> (c - 1)) & 1;
    if (guess()) return;
  }
}

int main() {
  int cases = 0;
  if (scanf("%d", &cases) != 1) return 1;
  for (int t = 1; t <= cases; t++) {
    for (int r = 1; r < 6; r++) {
      for (int c = 1; c < 7; c++) {
        if (scanf("%d", &puzzle[r][c]) != 1) return 1;
      }
    }
    enumerate();
    printf("PUZZLE #%d\n", t);
    for (int r = 1; r < 6; r++) {
      printf("%d", press[r][1]);
      for (int c = 2; c < 7; c++) printf(" %d", press[r][c]);
      printf("\n");
    }
  }
  return 0;
}
