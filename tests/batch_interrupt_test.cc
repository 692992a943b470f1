// Runs that do not end well lose nothing: `gqleval score` killed with SIGKILL
// at several points and then `--resume`d writes the same bytes as a run that
// was never interrupted; SIGINT and SIGTERM stop it with the rows done
// written, a summary marked interrupted and exit 130 or 143; the previous
// results file survives every failed run; an output folder that is missing
// or not a folder, and a disk that fills up, fail with a clear message and
// exit 2; --resume refuses another run's partial results.
//
// The input is the bundled NL2GQL set, 20,000 rows of it, each row's schema
// made distinct by a comment (so the schema cache's bound is exercised too),
// scored with one thread and a checkpoint every 20 ms. Kill points are taken
// from the partial file's growth (a quarter, a half, three quarters of the
// full results), not from the clock, so they land mid-run on any machine.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "engine/batch/batch_test_util.h"
#include "io/json_writer.h"

namespace gqleval::batch {
namespace {

using testing::read_file;
using testing::ScratchDir;
using testing::write_file;

// Enough rows that a run lasts long enough to be killed at any share of it;
// under AddressSanitizer a row costs several times as much, so a fifth of
// them lasts as long (and each of these tests, which scores them all once
// more in its own process, costs a fifth).
#if defined(__SANITIZE_ADDRESS__)
#define GQLEVAL_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GQLEVAL_ADDRESS_SANITIZER 1
#endif
#endif
#ifdef GQLEVAL_ADDRESS_SANITIZER
constexpr int kRows = 4000;
#else
constexpr int kRows = 20000;
#endif

// The rows: NL2GQL's schema (with "# row N" appended), gt_query as the
// reference and gt_query_2 (or gt_query) as the candidate.
std::string make_input() {
  const std::vector<testing::Nl2gqlRow> rows = testing::nl2gql_rows();
  std::string out;
  for (int i = 0; i < kRows; ++i) {
    const testing::Nl2gqlRow& row = rows[static_cast<size_t>(i) % rows.size()];
    const std::string schema = row.schema + "\n# row " + std::to_string(i) + "\n";
    const std::string& candidate = i % 3 == 0 ? row.reference : row.candidate;
    io::JsonWriter w(out);
    w.begin_object()
        .key("schema")
        .str(schema)
        .key("reference")
        .str(row.reference)
        .key("candidate")
        .str(candidate)
        .end_object();
    out.push_back('\n');
  }
  return out;
}

struct Process {
  pid_t pid = -1;
  int status = 0;
};

// Starts gqleval with `args` in `dir`, stdout and stderr to files there.
Process start(const ScratchDir& dir, std::vector<std::string> args) {
  Process p;
  p.pid = ::fork();
  if (p.pid == 0) {
    if (::chdir(dir.path().c_str()) != 0) ::_exit(126);
    const int out = ::open("stdout.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open("stderr.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out, 1);
    ::dup2(err, 2);
    args.insert(args.begin(), GQLEVAL_BINARY);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(GQLEVAL_BINARY, argv.data());
    ::_exit(127);
  }
  return p;
}

// Exit code, or 128 + the signal that killed it.
int finish(Process& p) {
  ::waitpid(p.pid, &p.status, 0);
  if (WIFSIGNALED(p.status)) return 128 + WTERMSIG(p.status);
  return WEXITSTATUS(p.status);
}

uintmax_t size_of(const std::string& path) {
  std::error_code ec;
  const uintmax_t n = std::filesystem::file_size(path, ec);
  return ec ? 0 : n;
}

// Whether the process has ended (it is left to finish() to reap).
bool ended(const Process& p) {
  siginfo_t info{};
  return ::waitid(P_PID, static_cast<id_t>(p.pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
         info.si_pid != 0;
}

// Waits until `path` holds at least `bytes` (or the process has ended);
// true when it got there with the process still running.
bool wait_for_size(const Process& p, const std::string& path, uintmax_t bytes) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (std::chrono::steady_clock::now() < deadline) {
    if (size_of(path) >= bytes) return !ended(p);
    if (ended(p)) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return false;
}

std::vector<std::string> score_args(std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {
      "score", "in.jsonl",          "-o", "r.jsonl",    "-j",  "1", "--checkpoint-ms",
      "20",    "--schema-cache-mb", "1",  "--progress", "none"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

class BatchInterrupt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    input_ = new std::string(make_input());
    ScratchDir dir;
    write_file(dir.file("in.jsonl"), *input_);
    Process p = start(dir, score_args({"-q"}));
    ASSERT_EQ(finish(p), 0) << read_file(dir.file("stderr.txt"));
    full_ = new std::string(read_file(dir.file("r.jsonl")));
    ASSERT_EQ(std::count(full_->begin(), full_->end(), '\n'), kRows);
  }
  static void TearDownTestSuite() {
    delete input_;
    delete full_;
  }
  void SetUp() override {
    write_file(dir_.file("in.jsonl"), *input_);
    write_file(dir_.file("r.jsonl"), kPrevious);
  }
  std::string results() const { return read_file(dir_.file("r.jsonl")); }
  std::string err() const { return read_file(dir_.file("stderr.txt")); }

  static constexpr std::string_view kPrevious = "{\"previous\":\"results\"}\n";
  static std::string* input_;
  static std::string* full_;
  ScratchDir dir_;
};

std::string* BatchInterrupt::input_ = nullptr;
std::string* BatchInterrupt::full_ = nullptr;

TEST_F(BatchInterrupt, KilledAnywhereThenResumedEqualsAnUninterruptedRun) {
  for (double share : {0.0, 0.25, 0.5, 0.75}) {
    SCOPED_TRACE("killed at " + std::to_string(share));
    write_file(dir_.file("r.jsonl"), kPrevious);
    Process p = start(dir_, score_args());
    const auto at = static_cast<uintmax_t>(share * static_cast<double>(full_->size())) + 1;
    ASSERT_TRUE(wait_for_size(p, dir_.file("r.jsonl.partial"), at))
        << "the run ended before the kill point; " << err();
    ::kill(p.pid, SIGKILL);
    EXPECT_EQ(finish(p), 128 + SIGKILL);
    EXPECT_EQ(results(), kPrevious) << "a killed run must not touch the previous results";

    Process resumed = start(dir_, score_args({"--resume"}));
    ASSERT_EQ(finish(resumed), 0) << err();
    EXPECT_TRUE(results() == *full_) << "resumed results differ from an uninterrupted run's";
    EXPECT_FALSE(std::filesystem::exists(dir_.file("r.jsonl.partial")));
    EXPECT_FALSE(std::filesystem::exists(dir_.file("r.jsonl.resume.json")));
  }
}

TEST_F(BatchInterrupt, SigintStopsWithTheRowsDoneAndASummaryMarkedInterrupted) {
  for (int signal : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(signal == SIGINT ? "SIGINT" : "SIGTERM");
    write_file(dir_.file("r.jsonl"), kPrevious);
    Process p = start(dir_, score_args({"--summary", "s.json"}));
    ASSERT_TRUE(wait_for_size(p, dir_.file("r.jsonl.partial"), full_->size() / 3))
        << "the run ended before the signal; " << err();
    ::kill(p.pid, signal);
    EXPECT_EQ(finish(p), 128 + signal) << err();
    EXPECT_EQ(results(), kPrevious);
    const std::string partial = read_file(dir_.file("r.jsonl.partial"));
    ASSERT_FALSE(partial.empty());
    EXPECT_EQ(partial.back(), '\n') << "only complete lines are written";
    const auto rows = std::count(partial.begin(), partial.end(), '\n');
    EXPECT_LT(rows, kRows);
    EXPECT_EQ(partial, full_->substr(0, partial.size()));
    const std::string summary = read_file(dir_.file("s.json"));
    EXPECT_NE(summary.find("\"rows\":" + std::to_string(rows) + ","), std::string::npos) << summary;
    EXPECT_NE(summary.find("\"interrupted\":true"), std::string::npos);
    EXPECT_NE(err().find("interrupted by " + std::string(signal == SIGINT ? "SIGINT" : "SIGTERM") +
                         " after " + std::to_string(rows) +
                         " rows; their results are in "
                         "r.jsonl.partial (r.jsonl is unchanged).\nTo continue: gqleval score "
                         "in.jsonl -o r.jsonl"),
              std::string::npos)
        << err();

    Process resumed = start(dir_, score_args({"--resume", "--summary", "s.json"}));
    ASSERT_EQ(finish(resumed), 0) << err();
    EXPECT_TRUE(results() == *full_);
    const std::string done = read_file(dir_.file("s.json"));
    EXPECT_NE(done.find("\"rows\":" + std::to_string(kRows) + ","), std::string::npos);
    EXPECT_NE(done.find("\"interrupted\":false,\"resumed_rows\":" + std::to_string(rows)),
              std::string::npos);
  }
}

TEST_F(BatchInterrupt, ResumeRefusesAnotherRunOrAChangedInput) {
  Process p = start(dir_, score_args());
  ASSERT_TRUE(wait_for_size(p, dir_.file("r.jsonl.partial"), full_->size() / 3));
  ::kill(p.pid, SIGINT);
  ASSERT_EQ(finish(p), 130);

  // Unbound variables by name ask for other records than by position: a run
  // begun in one mode never continues in the other.
  Process by_name = start(dir_, score_args({"--resume", "--variables-by-name"}));
  EXPECT_EQ(finish(by_name), 2);
  EXPECT_NE(err().find("gqleval score: cannot resume r.jsonl: the run is not the same: options"),
            std::string::npos)
      << err();
  EXPECT_NE(err().find(";variables_by_name=1'"), std::string::npos) << err();

  Process other = start(dir_, score_args({"--resume", "--delta", "1"}));
  EXPECT_EQ(finish(other), 2);
  EXPECT_NE(err().find("gqleval score: cannot resume r.jsonl: the run is not the same: options "
                       "was 'delta=0;"),
            std::string::npos)
      << err();
  EXPECT_NE(err().find("run without --resume to start over"), std::string::npos);

  std::string changed = *input_;
  changed[changed.find("\"reference\":\"") + 14] = ' ';
  write_file(dir_.file("in.jsonl"), changed);
  Process edited = start(dir_, score_args({"--resume"}));
  EXPECT_EQ(finish(edited), 2);
  EXPECT_NE(err().find("the input in.jsonl has changed since the interrupted run"),
            std::string::npos)
      << err();
  EXPECT_EQ(results(), kPrevious);

  write_file(dir_.file("in.jsonl"), *input_);
  Process resumed = start(dir_, score_args({"--resume"}));
  ASSERT_EQ(finish(resumed), 0) << err();
  EXPECT_TRUE(results() == *full_);
}

TEST_F(BatchInterrupt, ResumeWithNothingToResumeStartsFromTheFirstRow) {
  Process p = start(dir_, score_args({"--resume"}));
  ASSERT_EQ(finish(p), 0) << err();
  EXPECT_NE(err().find("--resume: no interrupted run of r.jsonl (no r.jsonl.resume.json): "
                       "starting from the first row"),
            std::string::npos)
      << err();
  EXPECT_TRUE(results() == *full_);
}

TEST_F(BatchInterrupt, AnOutputFolderThatIsMissingOrNoFolderFailsBeforeScoring) {
  Process missing = start(dir_, {"score", "in.jsonl", "-o", "no/such/r.jsonl"});
  EXPECT_EQ(finish(missing), 2);
  EXPECT_EQ(err(),
            "gqleval score: cannot create no/such/r.jsonl.partial: No such file or directory\n");
  Process file = start(dir_, {"score", "in.jsonl", "-o", "in.jsonl/r.jsonl"});
  EXPECT_EQ(finish(file), 2);
  EXPECT_EQ(err(), "gqleval score: cannot create in.jsonl/r.jsonl.partial: Not a directory\n");
}

// A full disk, made with a file size limit (RLIMIT_FSIZE: writes past it
// fail with EFBIG, as they would with ENOSPC).
TEST_F(BatchInterrupt, AFullDiskFailsWithExitTwoAndKeepsThePreviousResults) {
  // A file size limit (ulimit -f, KiB) of about a quarter of the results.
  const std::string kFileLimitKb = std::to_string(kRows / 10);
  const std::string command = "cd '" + dir_.path().string() + "' && trap '' XFSZ && ulimit -f " +
                              kFileLimitKb + " && '" + GQLEVAL_BINARY +
                              "' score in.jsonl -o r.jsonl -j 1 --checkpoint-ms 20 -q 2>stderr.txt";
  const int raw = std::system(("bash -c \"" + command + "\"").c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 2) << err();
  EXPECT_NE(err().find("gqleval score: cannot write the results to r.jsonl.partial: File too "
                       "large (after "),
            std::string::npos)
      << err();
  EXPECT_NE(err().find("r.jsonl is unchanged; the rows up to the last checkpoint are kept in "
                       "r.jsonl.partial: make room and run again with --resume"),
            std::string::npos)
      << err();
  EXPECT_EQ(results(), kPrevious);
  // With room again, the run goes on from its last checkpoint.
  Process resumed = start(dir_, score_args({"--resume"}));
  ASSERT_EQ(finish(resumed), 0) << err();
  EXPECT_TRUE(results() == *full_);
}

}  // namespace
}  // namespace gqleval::batch
