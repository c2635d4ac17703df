// AtomicFile and the same-file check: targets replaced only on commit, never left half-written.
#include "lightsout/atomic_file.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace lightsout {
namespace {

namespace fs = std::filesystem;

class AtomicFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "atomic_file_test.XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  static void put(const std::string& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
  }
  static std::string get(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  // Every name in the directory, hidden ones included.
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.insert(e.path().filename().string());
    return out;
  }

  fs::path dir_;
};

TEST_F(AtomicFileTest, CommitReplacesTheTargetAndLeavesNothingElse) {
  put(path("t.txt"), "old contents\n");
  {
    AtomicFile f(path("t.txt"));
    f.write("new ", 4);
    EXPECT_EQ(get(path("t.txt")), "old contents\n");  // not visible before commit
    f.write("text\n", 5);
    f.commit();
  }
  EXPECT_EQ(get(path("t.txt")), "new text\n");
  EXPECT_EQ(names(), std::set<std::string>{"t.txt"});
}

TEST_F(AtomicFileTest, NoCommitLeavesTheTargetAsItWas) {
  put(path("t.txt"), "keep me\n");
  {
    AtomicFile f(path("t.txt"));
    f.write("partial", 7);
  }  // destroyed without commit, as on an exception
  EXPECT_EQ(get(path("t.txt")), "keep me\n");
  EXPECT_EQ(names(), std::set<std::string>{"t.txt"});
  {
    AtomicFile f(path("new.txt"));
    f.write("x", 1);
  }
  EXPECT_FALSE(fs::exists(path("new.txt")));
  EXPECT_EQ(names(), std::set<std::string>{"t.txt"});
}

TEST_F(AtomicFileTest, KeepsTheModeOfAnExistingTargetAndCreatesNewOnesReadable) {
  put(path("t.txt"), "old");
  ASSERT_EQ(::chmod(path("t.txt").c_str(), 0600), 0);
  {
    AtomicFile f(path("t.txt"));
    f.write("new", 3);
    f.commit();
  }
  struct stat st {};
  ASSERT_EQ(::stat(path("t.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600U);
  const mode_t old_mask = ::umask(022);
  {
    AtomicFile f(path("fresh.txt"));
    f.commit();
  }
  ::umask(old_mask);
  ASSERT_EQ(::stat(path("fresh.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0644U);
  EXPECT_EQ(st.st_size, 0);
}

TEST_F(AtomicFileTest, ASymlinkIsFollowedAndStaysALink) {
  put(path("real.txt"), "old");
  fs::create_symlink("real.txt", path("link.txt"));
  {
    AtomicFile f(path("link.txt"));
    f.write("via link", 8);
    f.commit();
  }
  EXPECT_TRUE(fs::is_symlink(path("link.txt")));
  EXPECT_EQ(get(path("real.txt")), "via link");
  EXPECT_EQ(names(), (std::set<std::string>{"link.txt", "real.txt"}));
}

// A link to a name not there yet creates that name, as `>` does, through a chain of links and a
// relative target read from the link's own directory; a loop of links is refused.
TEST_F(AtomicFileTest, ADanglingSymlinkCreatesItsTarget) {
  fs::create_directory(path("sub"));
  fs::create_symlink("../made.txt", path("sub/hop.txt"));
  fs::create_symlink("sub/hop.txt", path("link.txt"));
  {
    AtomicFile f(path("link.txt"));
    f.write("through two links", 17);
    f.commit();
  }
  EXPECT_TRUE(fs::is_symlink(path("link.txt")));
  EXPECT_TRUE(fs::is_symlink(path("sub/hop.txt")));
  EXPECT_EQ(get(path("made.txt")), "through two links");
  EXPECT_EQ(names(), (std::set<std::string>{"link.txt", "made.txt", "sub"}));
  fs::create_symlink("loop2", path("loop1"));
  fs::create_symlink("loop1", path("loop2"));
  EXPECT_THROW(AtomicFile{path("loop1")}, FileWriteError);
  EXPECT_TRUE(fs::is_symlink(path("loop1")));
}

TEST_F(AtomicFileTest, RefusesDirectoriesAndMissingDirectoriesUpFront) {
  try {
    AtomicFile f(dir_.string());
    FAIL() << "a directory was accepted";
  } catch (const FileWriteError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write '" + dir_.string() + "': it is a directory");
  }
  try {
    AtomicFile f(path("no/such.txt"));
    FAIL() << "a missing directory was accepted";
  } catch (const FileWriteError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot write '" + path("no/such.txt") + "': No such file or directory");
    EXPECT_EQ(e.error(), ENOENT);
  }
}

TEST_F(AtomicFileTest, DevicesAreWrittenInPlaceAndTheirErrorsReported) {
  {
    AtomicFile f("/dev/null");
    f.write("gone", 4);
    f.commit();
  }
  if (fs::exists("/dev/full")) {
    AtomicFile f("/dev/full");
    try {
      f.write("x", 1);
      FAIL() << "a write to /dev/full succeeded";
    } catch (const FileWriteError& e) {
      EXPECT_EQ(std::string(e.what()), "writing '/dev/full': No space left on device");
      EXPECT_EQ(e.error(), ENOSPC);
    }
  }
}

TEST_F(AtomicFileTest, SameFileThroughAnyPathIsFound) {
  put(path("in.txt"), "board");
  put(path("other.txt"), "board");
  fs::create_symlink("in.txt", path("sym.txt"));
  fs::create_hard_link(path("in.txt"), path("hard.txt"));
  const std::string inputs[] = {path("in.txt")};
  EXPECT_EQ(output_overwrites_input(path("in.txt"), inputs), path("in.txt"));
  EXPECT_EQ(output_overwrites_input(path("sym.txt"), inputs), path("in.txt"));
  EXPECT_EQ(output_overwrites_input(path("hard.txt"), inputs), path("in.txt"));
  EXPECT_EQ(output_overwrites_input(dir_.string() + "/./in.txt", inputs), path("in.txt"));
  EXPECT_EQ(output_overwrites_input(path("other.txt"), inputs), std::nullopt);
  EXPECT_EQ(output_overwrites_input(path("absent.txt"), inputs), std::nullopt);
  // Devices on both sides are no conflict.
  const std::string null_input[] = {"/dev/null"};
  EXPECT_EQ(output_overwrites_input("/dev/null", null_input), std::nullopt);
  try {
    refuse_output_over_input(path("sym.txt"), inputs, "the presses");
    FAIL() << "the same file was accepted";
  } catch (const FileWriteError& e) {
    EXPECT_EQ(std::string(e.what()), "'" + path("sym.txt") + "' is the same file as the input '" +
                                         path("in.txt") +
                                         "': the presses would overwrite it (choose another "
                                         "output file)");
  }
  EXPECT_NO_THROW(refuse_output_over_input(path("other.txt"), inputs, "the presses"));
}

}  // namespace
}  // namespace lightsout
