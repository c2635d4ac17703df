// read_board_file and load_rules_file: formats, limits from the file's size, truncated and
// malformed files, missing files and directories, the rules files' 64 MiB cap; every error one
// line naming the file.
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "lightsout/board_files.hpp"
#include "lightsout/board_format.hpp"
#include "lightsout/rules_text.hpp"

namespace lightsout::api {
namespace {

namespace fs = std::filesystem;

class BoardFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("board_files_test." + std::to_string(::getpid()) + "." +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& bytes) const {
    std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

// Options of the given format, states, thin reading and cell limit.
BoardFileOptions options(std::optional<BoardFormat> format, unsigned states = 2, bool thin = false,
                         std::uint64_t max_cells = 0, std::string option = "") {
  BoardFileOptions o;
  o.format = format;
  o.states = states;
  o.thin = thin;
  o.max_cells = max_cells;
  o.max_cells_option = std::move(option);
  return o;
}

// The message of what `f` throws as E, and that it is one line.
template <class E, class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    return m;
  }
  ADD_FAILURE() << "nothing thrown";
  return {};
}

// `f` throws a FileError with this message and this errno value.
template <class F>
void expect_file_error(F&& f, const std::string& message, int error) {
  try {
    f();
    ADD_FAILURE() << "nothing thrown";
  } catch (const FileError& e) {
    EXPECT_EQ(std::string(e.what()), message);
    EXPECT_EQ(e.error(), error);
  }
}

TEST_F(BoardFiles, ReadsEveryFormatByExtensionOrContent) {
  const std::string grid = write("b.grid", "101\n011\n");
  const BoardFile g = read_board_file(grid, {});
  EXPECT_EQ(g.grid.rows(), 2U);
  EXPECT_EQ(g.grid.cols(), 3U);
  EXPECT_EQ(g.grid.get(0, 0), 1U);
  EXPECT_EQ(g.grid.get(0, 1), 0U);
  EXPECT_EQ(g.grid.get(1, 2), 1U);
  EXPECT_EQ(g.detected, BoardFormat::grid);
  EXPECT_FALSE(g.transposed);
  // P4 named .dat: detected by its magic.
  const std::string p4 = write("b.dat", std::string("P4\n3 2\n\xa0\x60", 9));
  const BoardFile p = read_board_file(p4, {});
  EXPECT_EQ(p.detected, BoardFormat::pbm_raw);
  EXPECT_EQ(p.grid, g.grid);
  // Judge text of three states.
  const std::string judge = write("k.txt", "0 2 1\n1 1 2\n");
  const BoardFile k = read_board_file(judge, options(BoardFormat::judge, 3));
  EXPECT_EQ(k.grid.states(), 3U);
  EXPECT_EQ(k.grid.get(0, 1), 2U);
}

TEST_F(BoardFiles, ThinBoardsComeTransposedOnlyWhenAsked) {
  std::string column;
  for (int i = 0; i < 200; ++i) column += i % 3 == 0 ? "1\n" : "0\n";
  const std::string file = write("col.grid", column);
  const BoardFile plain = read_board_file(file, {});
  EXPECT_EQ(plain.grid.rows(), 200U);
  EXPECT_EQ(plain.grid.cols(), 1U);
  EXPECT_FALSE(plain.transposed);
  const BoardFile thin = read_board_file(file, options(std::nullopt, 2, true));
  ASSERT_TRUE(thin.transposed);
  EXPECT_EQ(thin.grid.rows(), 1U);
  EXPECT_EQ(thin.grid.cols(), 200U);
  for (std::size_t i = 0; i < 200; ++i) EXPECT_EQ(thin.grid.get(0, i), plain.grid.get(i, 0));
}

TEST_F(BoardFiles, MissingFilesAndDirectoriesAreFileErrors) {
  const std::string missing = path("nothing.pbm");
  expect_file_error([&] { read_board_file(missing, {}); },
                    "cannot open '" + missing + "': No such file or directory", ENOENT);
  const std::string dir = dir_.string();
  expect_file_error([&] { read_board_file(dir, {}); },
                    "cannot read '" + dir + "': it is a directory", EISDIR);
}

TEST_F(BoardFiles, TruncatedAndMalformedFilesNameTheFileAndPlace) {
  const std::string truncated = write("t.pbm", std::string("P4\n16 4\n\xff\xff\xff", 11));
  const std::string m = message_of<BoardFileError>([&] { read_board_file(truncated, {}); });
  EXPECT_EQ(m.rfind(truncated + ":", 0), 0U) << m;
  EXPECT_NE(m.find("P4 data cut short: expected 8 bytes of pixels, got 3"), std::string::npos) << m;
  const std::string bad = write("bad.grid", "0101\n01x1\n");
  EXPECT_EQ(message_of<BoardFileError>([&] { read_board_file(bad, {}); }),
            bad + ":2:3: expected '0', '1', '.' or '#', found 'x'");
  const std::string k = write("k.grid", "012\n");
  EXPECT_EQ(message_of<BoardFileError>([&] { read_board_file(k, {}); }).rfind(k + ":1:", 0), 0U);
}

TEST_F(BoardFiles, HeadersPastTheFilesSizeOrTheCellLimitAreRefused) {
  // A header claiming more than the file can hold: refused before allocating.
  const std::string liar = write("liar.pbm", "P4\n100000 100000\n\x01");
  const std::string m = message_of<BoardFileError>([&] { read_board_file(liar, {}); });
  EXPECT_EQ(m.rfind(liar + ":", 0), 0U) << m;
  // The default cell limit follows the bytes stored: 2^26 cells for a small file.
  const std::string big = write("big.pbm", "P1\n9000 9000\n");
  const std::string limit = message_of<BoardFileError>([&] { read_board_file(big, {}); });
  EXPECT_NE(limit.find(std::to_string(kMaxStreamCells)), std::string::npos) << limit;
  // An explicit limit, named by the option that raises it.
  const std::string small = write("small.grid", "0110\n1001\n");
  const std::string named = message_of<BoardFileError>(
      [&] { read_board_file(small, options(std::nullopt, 2, false, 4, "--max-cells")); });
  EXPECT_NE(named.find("4 cells"), std::string::npos) << named;
  EXPECT_NE(named.find("(--max-cells)"), std::string::npos) << named;
  EXPECT_EQ(read_board_file(small, options(std::nullopt, 2, false, 8)).grid.rows(), 2U);
}

TEST_F(BoardFiles, RulesFilesAreReadWhole) {
  const std::string graph = write("g.txt", "3\n0 1\n1 2\n");
  EXPECT_EQ(load_rules_file(graph), "3\n0 1\n1 2\n");
  // As the rules parser's FileLoader, its errors under the token's name.
  const Rules r = parse_rules("graph=" + graph + ",states=3", load_rules_file);
  EXPECT_EQ(r.graph.size(), 3U);
  const std::string missing = path("none.txt");
  expect_file_error([&] { load_rules_file(missing); },
                    "cannot open '" + missing + "': No such file or directory", ENOENT);
  EXPECT_EQ(message_of<FileError>([&] { load_rules_file(dir_.string()); }),
            "cannot read '" + dir_.string() + "': it is a directory");
}

TEST_F(BoardFiles, RulesFilesPast64MiBAreRefused) {
  const std::string big = path("big.txt");
  {
    std::ofstream out(big, std::ios::binary);
    out.seekp(static_cast<std::streamoff>(kMaxRulesFileBytes));
    out.put('\n');  // one byte past the cap (sparse: nothing stored before it)
  }
  EXPECT_EQ(message_of<FileError>([&] { load_rules_file(big); }),
            "'" + big + "' is larger than 64 MiB");
  fs::resize_file(big, kMaxRulesFileBytes);
  EXPECT_EQ(load_rules_file(big).size(), kMaxRulesFileBytes);
}

TEST_F(BoardFiles, RulesWithFilesLimitGraphsByTheirStates) {
  EXPECT_EQ(max_file_graph_nodes(2), kMaxTwoStateGraphNodes);
  EXPECT_EQ(max_file_graph_nodes(3), std::size_t{1} << 16);
  // states=K after the graph counts: the graph is read last.
  const std::string graph = write("g.txt", "65537\n0 1\n");
  try {
    rules_with_files("graph=" + graph + ",states=3");
    FAIL() << "nothing thrown";
  } catch (const RulesTooLarge& e) {
    EXPECT_EQ(std::string(e.what()), "rules: token 'graph=" + graph +
                                         "': the graph has 65537 nodes, over the limit of "
                                         "65536 here");
  }
  EXPECT_EQ(rules_with_files("graph=" + graph).graph.size(), 65537U);
  EXPECT_THROW(rules_with_files("graph=[1048577:]"), RulesTooLarge);
  // A missing file: a RulesError naming the token, one line.
  const std::string missing = path("none.txt");
  const std::string m = message_of<RulesError>([&] { rules_with_files("holes=" + missing); });
  EXPECT_NE(m.find("'holes=" + missing + "'"), std::string::npos) << m;
  EXPECT_NE(m.find("cannot open '" + missing + "': No such file or directory"), std::string::npos)
      << m;
}

}  // namespace
}  // namespace lightsout::api
