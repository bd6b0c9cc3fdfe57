//===- StagedFile.h - output files written all or none ----------*- C++ -*-===//
//
// A run with several output files writes them only once everything it makes
// has succeeded: each is staged first (a temporary file beside the
// destination) and committed (renamed into place) after the last one is
// staged and every check has passed, so a failed run leaves no output
// behind. Only regular files are replaced: a symlink's target is written
// (the link stays), and a special file (a FIFO, /dev/null, a terminal) is
// written in place, never replaced by a regular file.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_STAGEDFILE_H
#define TEN_SUPPORT_STAGEDFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
namespace ten {

class StagedFile {
public:
  /// Stages `contents` for `path`. Errors start with the path.
  static llvm::Expected<StagedFile> stage(llvm::StringRef path,
                                          std::string contents);

  StagedFile(StagedFile &&other);
  StagedFile &operator=(StagedFile &&other) = delete;
  StagedFile(const StagedFile &) = delete;
  /// Removes the staged copy of a file that was never committed.
  ~StagedFile();

  /// Puts the contents in place. Errors start with the path.
  llvm::Error commit();

private:
  StagedFile() = default;

  /// The file the contents go to: the path, or the target of a symlink.
  std::string destination;
  /// The staged copy of a regular file; empty for a special file.
  std::string temporary;
  /// A special file's contents, written to it at commit.
  std::string contents;
};

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_STAGEDFILE_H
