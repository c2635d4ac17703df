// The neighbourhoods both banded solver tests (banded_gf2_test, banded_zk_test) are checked on.
#pragma once

#include <string>
#include <vector>

namespace lightsout::test_support {

// The standard shapes, a large symmetric one, one that is not symmetric (so neither is A) and one
// without its diagonal.
inline std::vector<std::string> banded_neighbourhoods() {
  return {
      "nbhd=plus",
      "nbhd=x",
      "nbhd=square",
      "nbhd=knight",
      "nbhd=01110/11111/11011/11111/01110",
      "nbhd=110/011/001",  // not symmetric: A is not symmetric either
      "nbhd=plus,self=0",  // no diagonal
  };
}

}  // namespace lightsout::test_support
