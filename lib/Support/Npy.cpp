//===- Npy.cpp - NumPy .npy files -----------------------------------------===//

#include "ten/Support/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir::ten;
using llvm::StringRef;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static constexpr StringRef kMagic = "\x93NUMPY";

namespace {
/// The fields of a .npy header, a Python dict literal such as
/// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
struct Header {
  std::string descr;
  bool fortranOrder = false;
  llvm::SmallVector<int64_t> shape;
};

/// Reads the few Python literals a .npy header holds.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text) {}

  llvm::Expected<Header> parse() {
    Header header;
    bool seenDescr = false, seenOrder = false, seenShape = false;
    skipSpace();
    if (!consume('{'))
      return error("header is not a Python dict");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (!parseString(key))
        return error("header has a key that is not a string");
      skipSpace();
      if (!consume(':'))
        return error("header lacks ':' after '" + key + "'");
      skipSpace();
      if (key == "descr") {
        if (!parseString(header.descr))
          return error("header 'descr' is not a string");
        seenDescr = true;
      } else if (key == "fortran_order") {
        if (text.consume_front("True"))
          header.fortranOrder = true;
        else if (!text.consume_front("False"))
          return error("header 'fortran_order' is not True or False");
        seenOrder = true;
      } else if (key == "shape") {
        if (llvm::Error err = parseShape(header.shape))
          return std::move(err);
        seenShape = true;
      } else {
        return error("header has an unknown key '" + key + "'");
      }
      skipSpace();
      if (consume('}'))
        break;
      if (!consume(','))
        return error("header entries are not separated by ','");
    }
    if (!seenDescr || !seenOrder || !seenShape)
      return error("header lacks one of 'descr', 'fortran_order', 'shape'");
    return header;
  }

private:
  void skipSpace() { text = text.ltrim(" \t\n"); }
  bool consume(char c) { return text.consume_front(StringRef(&c, 1)); }

  bool parseString(std::string &out) {
    if (text.empty() || (text.front() != '\'' && text.front() != '"'))
      return false;
    char quote = text.front();
    size_t end = text.find(quote, 1);
    if (end == StringRef::npos)
      return false;
    out = text.substr(1, end - 1).str();
    text = text.drop_front(end + 1);
    return true;
  }

  llvm::Error parseShape(llvm::SmallVectorImpl<int64_t> &shape) {
    if (!consume('('))
      return error("header 'shape' is not a tuple");
    while (true) {
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      size_t digits = text.find_first_not_of("0123456789");
      if (digits == 0 || digits == StringRef::npos)
        return error("header 'shape' has an entry that is not a size");
      int64_t size;
      if (text.take_front(digits).getAsInteger(10, size) || size < 0)
        return error("header 'shape' has a size out of range");
      shape.push_back(size);
      text = text.drop_front(digits);
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      if (!consume(','))
        return error("header 'shape' entries are not separated by ','");
    }
  }

  StringRef text;
};
} // namespace

namespace {
/// The .npy descr that each kind is written with; reading takes any byte
/// order character in front of the type code.
struct NpyType {
  ElementKind kind;
  llvm::StringLiteral descr;
};
} // namespace

static constexpr NpyType kNpyTypes[] = {
    {ElementKind::I1, "|b1"},  {ElementKind::I8, "|i1"},
    {ElementKind::I32, "<i4"}, {ElementKind::I64, "<i8"},
    {ElementKind::F16, "<f2"}, {ElementKind::BF16, "<V2"},
    {ElementKind::F32, "<f4"}, {ElementKind::F64, "<f8"},
};

/// The kind a descr names, and whether its bytes are big-endian.
static llvm::Expected<std::pair<ElementKind, bool>>
parseDescr(StringRef descr) {
  if (descr.size() < 2)
    return error("unsupported dtype '" + descr + "'");
  char order = descr.front();
  bool bigEndian = order == '>';
  if (order != '<' && order != '>' && order != '|' && order != '=')
    return error("unsupported dtype '" + descr + "'");
  StringRef type = descr.drop_front();
  std::optional<ElementKind> kind;
  for (const NpyType &npyType : kNpyTypes)
    if (npyType.descr.drop_front() == type)
      kind = npyType.kind;
  if (!kind)
    return error("unsupported dtype '" + descr +
                 "': ten takes bool, int8, int32, int64, float16, float32, "
                 "float64 and bfloat16 (saved by ml_dtypes as '<V2')");
  return std::make_pair(*kind, bigEndian);
}

llvm::Expected<HostTensor> mlir::ten::parseNpy(StringRef contents) {
  if (!contents.starts_with(kMagic))
    return error("not a .npy file (no \\x93NUMPY magic)");
  if (contents.size() < kMagic.size() + 4)
    return error("truncated .npy header");
  unsigned major = static_cast<uint8_t>(contents[6]);
  size_t headerLength;
  size_t headerStart;
  if (major == 1) {
    headerLength = static_cast<uint8_t>(contents[8]) |
                   (static_cast<uint8_t>(contents[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (contents.size() < 12)
      return error("truncated .npy header");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength =
          (headerLength << 8) | static_cast<uint8_t>(contents[8 + i]);
    headerStart = 12;
  } else {
    return error("unsupported .npy version " + llvm::Twine(major));
  }
  if (contents.size() < headerStart + headerLength)
    return error("truncated .npy header");
  llvm::Expected<Header> header =
      HeaderParser(contents.substr(headerStart, headerLength)).parse();
  if (!header)
    return header.takeError();
  auto descr = parseDescr(header->descr);
  if (!descr)
    return descr.takeError();

  HostTensor tensor;
  tensor.kind = descr->first;
  tensor.shape = header->shape;
  size_t elementSize = getElementSize(tensor.kind);
  // Sizes multiply without overflow only below 2^63; refuse anything that
  // could not be in the file anyway.
  uint64_t count = 1;
  for (int64_t size : tensor.shape) {
    if (size != 0 && count > (uint64_t(1) << 62) / uint64_t(size))
      return error("shape is too large");
    count *= size;
  }
  StringRef data = contents.drop_front(headerStart + headerLength);
  if (data.size() != count * elementSize)
    return error("data holds " + llvm::Twine(data.size()) +
                 " bytes but the header's shape and dtype need " +
                 llvm::Twine(count * elementSize) +
                 (data.size() < count * elementSize ? " (truncated)" : ""));
  tensor.bytes.assign(data.begin(), data.end());

  if (descr->second && elementSize > 1)
    for (size_t at = 0; at < tensor.bytes.size(); at += elementSize)
      std::reverse(tensor.bytes.begin() + at,
                   tensor.bytes.begin() + at + elementSize);

  if (header->fortranOrder && tensor.shape.size() > 1) {
    // Element (i0, ..., in) sits at sum(ik * d0 * ... * d(k-1)).
    HostBytes rowMajor(tensor.bytes.size());
    size_t rank = tensor.shape.size();
    llvm::SmallVector<int64_t> index(rank, 0);
    for (uint64_t linear = 0; linear < count; ++linear) {
      uint64_t columnOffset = 0, stride = 1;
      for (size_t dim = 0; dim < rank; ++dim) {
        columnOffset += index[dim] * stride;
        stride *= tensor.shape[dim];
      }
      std::copy_n(tensor.bytes.begin() + columnOffset * elementSize,
                  elementSize, rowMajor.begin() + linear * elementSize);
      for (size_t dim = rank; dim-- > 0;) {
        if (++index[dim] < tensor.shape[dim])
          break;
        index[dim] = 0;
      }
    }
    tensor.bytes = std::move(rowMajor);
  }
  return tensor;
}

llvm::Expected<HostTensor> mlir::ten::readNpy(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return error(path + ": " + buffer.getError().message());
  llvm::Expected<HostTensor> tensor = parseNpy((*buffer)->getBuffer());
  if (!tensor)
    return error(path + ": " + llvm::toString(tensor.takeError()));
  return tensor;
}

static StringRef getDescr(ElementKind kind) {
  for (const NpyType &npyType : kNpyTypes)
    if (npyType.kind == kind)
      return npyType.descr;
  llvm_unreachable("unknown element kind");
}

std::string mlir::ten::serializeNpy(const HostTensor &tensor) {
  std::string header;
  llvm::raw_string_ostream os(header);
  os << "{'descr': '" << getDescr(tensor.kind)
     << "', 'fortran_order': False, 'shape': (";
  for (int64_t size : tensor.shape)
    os << size << (tensor.shape.size() == 1 ? "," : ", ");
  if (tensor.shape.size() > 1)
    header.resize(header.size() - 2);
  os << "), }";
  // Magic, version, length and header end on a multiple of 64 with '\n'.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::string out(kMagic);
  out.push_back(1);
  out.push_back(0);
  out.push_back(static_cast<char>(header.size() & 0xff));
  out.push_back(static_cast<char>(header.size() >> 8));
  out += header;
  out.append(tensor.bytes.begin(), tensor.bytes.end());
  return out;
}

llvm::Error mlir::ten::writeNpy(StringRef path, const HostTensor &tensor) {
  std::string contents = serializeNpy(tensor);
  std::string temporary = (path + ".partial").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(temporary, ec);
    if (ec)
      return error(path + ": " + ec.message());
    os << contents;
    os.close();
    if (os.has_error()) {
      llvm::sys::fs::remove(temporary);
      return error(path + ": " + os.error().message());
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return error(path + ": " + ec.message());
  }
  return llvm::Error::success();
}
