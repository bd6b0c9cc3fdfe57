//===- StagedFile.cpp - output files written all or none ------------------===//

#include "ten/Support/StagedFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

using namespace mlir::ten;
namespace fs = llvm::sys::fs;

static llvm::Error error(llvm::StringRef path, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": " + message);
}

/// Writes all of `contents` to `fd` and closes it (raw_fd_ostream retries
/// interrupted and partial writes).
static std::error_code writeAndClose(int fd, llvm::StringRef contents) {
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << contents;
  os.close();
  std::error_code ec = os.error();
  os.clear_error();
  return ec;
}

llvm::Expected<StagedFile> StagedFile::stage(llvm::StringRef path,
                                             std::string contents) {
  StagedFile staged;
  staged.destination = path.str();
  fs::file_status status;
  // The link itself first: a symlink's target is what gets written.
  if (!fs::status(path, status, /*Follow=*/false) &&
      status.type() == fs::file_type::symlink_file) {
    llvm::SmallString<256> target;
    if (!fs::real_path(path, target)) {
      staged.destination = target.str().str();
    } else if (fs::status(path, status)) {
      return error(path, "a symlink whose target does not exist");
    } else {
      // A link that opens but names no path (/dev/stdout on a pipe: a
      // /proc/self/fd link to "pipe:[N]"): written in place.
      staged.contents = std::move(contents);
      return std::move(staged);
    }
  }
  bool exists = !fs::status(staged.destination, status);
  if (exists && status.type() == fs::file_type::directory_file)
    return error(path, "is a directory");
  if (exists && status.type() != fs::file_type::regular_file) {
    // A FIFO, a device or a socket: written in place at commit.
    if (::access(staged.destination.c_str(), W_OK) != 0)
      return error(path,
                   std::error_code(errno, std::generic_category()).message());
    staged.contents = std::move(contents);
    return std::move(staged);
  }
  // A regular file, or none yet: a copy beside it, renamed over it at
  // commit (a rename within one directory is atomic).
  llvm::SmallString<256> model(staged.destination);
  model += ".%%%%%%.partial";
  int fd;
  llvm::SmallString<256> temporary;
  if (std::error_code ec = fs::createUniqueFile(model, fd, temporary))
    return error(path, ec.message());
  if (std::error_code written = writeAndClose(fd, contents)) {
    fs::remove(temporary);
    return error(path, written.message());
  }
  staged.temporary = temporary.str().str();
  return std::move(staged);
}

StagedFile::StagedFile(StagedFile &&other)
    : destination(std::move(other.destination)),
      temporary(std::move(other.temporary)),
      contents(std::move(other.contents)) {
  other.temporary.clear();
  other.destination.clear();
}

StagedFile::~StagedFile() {
  if (!temporary.empty())
    fs::remove(temporary);
}

llvm::Error StagedFile::commit() {
  if (!temporary.empty()) {
    std::error_code ec = fs::rename(temporary, destination);
    if (ec)
      return error(destination, ec.message());
    temporary.clear();
    return llvm::Error::success();
  }
  int fd = ::open(destination.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return error(destination,
                 std::error_code(errno, std::generic_category()).message());
  std::error_code written = writeAndClose(fd, contents);
  contents.clear();
  if (written)
    return error(destination, written.message());
  return llvm::Error::success();
}
