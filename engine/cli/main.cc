#include <cstdio>

int main() {
  std::puts("gqleval");
  return 0;
}
