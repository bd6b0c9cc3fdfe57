//===- BoundedRead.cpp - reading a module's text with a bound -------------===//

#include "ten/Support/BoundedRead.h"

#include "llvm/Support/FileSystem.h"

#include <cerrno>
#include <unistd.h>

using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
mlir::ten::readBoundedFile(llvm::StringRef path, size_t maxBytes) {
  bool standardInput = path == "-";
  std::string name = standardInput ? "<stdin>" : path.str();
  int fd = 0;
  if (!standardInput)
    if (std::error_code ec = llvm::sys::fs::openFileForRead(path, fd))
      return error(name + ": " + ec.message());
  std::string text;
  char chunk[1 << 16];
  std::error_code failure;
  bool exceeded = false;
  while (true) {
    ssize_t got = ::read(fd, chunk, sizeof(chunk));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      failure = std::error_code(errno, std::generic_category());
    if (got <= 0)
      break;
    if (text.size() + got > maxBytes) {
      exceeded = true;
      break;
    }
    text.append(chunk, got);
  }
  if (!standardInput)
    ::close(fd);
  if (failure)
    return error(name + ": " + failure.message());
  if (exceeded)
    return error(name + ": more than " + llvm::Twine(maxBytes) +
                 " bytes of text (a stream without end?)");
  return llvm::MemoryBuffer::getMemBufferCopy(text, name);
}
