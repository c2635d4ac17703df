// page_touch FILE: maps FILE read-only and loads one byte of each of its pages, the pages split
// evenly among the cores, then unmaps it: what reading a file in place costs before any work is
// done on its bytes (the page faults that map it and the unmapping), for bench/judge_family.sh.
// Prints the sum of the bytes loaded, so that no load can be left out.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: page_touch FILE\n");
    return 2;
  }
  const int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
  struct stat st {};
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_size <= 0) {
    std::perror(argv[1]);
    return 1;
  }
  const auto size = static_cast<std::size_t>(st.st_size);
  void* mapped = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (mapped == MAP_FAILED) {
    std::perror("mmap");
    return 1;
  }
  const auto* bytes = static_cast<const volatile unsigned char*>(mapped);
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t pages = (size + page - 1) / page;
  const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
  std::vector<std::uint64_t> sums(cores);
  const auto touch = [&](std::size_t core) {
    std::uint64_t sum = 0;
    for (std::size_t p = pages * core / cores; p < pages * (core + 1) / cores; ++p) {
      sum += bytes[p * page];
    }
    sums[core] = sum;
  };
  std::vector<std::thread> others;
  for (std::size_t core = 1; core < cores; ++core) others.emplace_back(touch, core);
  touch(0);
  for (std::thread& t : others) t.join();
  munmap(mapped, size);
  close(fd);
  std::uint64_t sum = 0;
  for (const std::uint64_t s : sums) sum += s;
  std::printf("%llu\n", static_cast<unsigned long long>(sum));
  return 0;
}
