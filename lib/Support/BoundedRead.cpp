//===- BoundedRead.cpp - reading a module's text with a bound -------------===//

#include "ten/Support/BoundedRead.h"

#include "llvm/Support/FileSystem.h"

#include <unistd.h>

using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<size_t> mlir::ten::readUpTo(int fd, char *out, size_t size) {
  size_t done = 0;
  while (done < size) {
    llvm::Expected<size_t> got = llvm::sys::fs::readNativeFile(
        fd, llvm::MutableArrayRef<char>(out + done, size - done));
    if (!got)
      return got.takeError();
    if (*got == 0)
      break;
    done += *got;
  }
  return done;
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
mlir::ten::readBoundedFile(llvm::StringRef path, size_t maxBytes) {
  bool standardInput = path == "-";
  std::string name = standardInput ? "<stdin>" : path.str();
  int fd = 0;
  if (!standardInput)
    if (std::error_code ec = llvm::sys::fs::openFileForRead(path, fd))
      return error(name + ": " + ec.message());
  // Up to one byte past the bound: a byte there means the text is longer.
  std::string text(std::min<size_t>(maxBytes + 1, size_t(1) << 20), '\0');
  size_t held = 0;
  llvm::Error failure = llvm::Error::success();
  while (true) {
    llvm::Expected<size_t> got =
        readUpTo(fd, text.data() + held, text.size() - held);
    if (!got) {
      failure = got.takeError();
      break;
    }
    held += *got;
    if (held < text.size() || held > maxBytes)
      break;
    text.resize(std::min(2 * text.size(), maxBytes + 1));
  }
  if (!standardInput)
    ::close(fd);
  if (failure)
    return error(name + ": " + llvm::toString(std::move(failure)));
  if (held > maxBytes)
    return error(name + ": more than " + llvm::Twine(maxBytes) +
                 " bytes of text (a stream without end?)");
  text.resize(held);
  return llvm::MemoryBuffer::getMemBufferCopy(text, name);
}
