//===- Npy.cpp - NumPy .npy files -----------------------------------------===//

#include "ten/Support/Npy.h"
#include "ten/Support/BoundedRead.h"
#include "ten/Support/Boxes.h"
#include "ten/Support/ByteCount.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unistd.h>

using namespace mlir::ten;
using llvm::ArrayRef;
using llvm::StringRef;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static constexpr StringRef kMagic = "\x93NUMPY";

/// `text` as an error message may quote it: bytes that are not printable
/// ASCII (a corrupt header's) as \xNN.
static std::string escape(StringRef text) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::printEscapedString(text, os);
  return out;
}

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
        return error("header lacks ':' after '" + escape(key) + "'");
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
        return error("header has an unknown key '" + escape(key) + "'");
      }
      skipSpace();
      if (consume('}'))
        break;
      if (!consume(','))
        return error("header entries are not separated by ','");
    }
    if (!seenDescr || !seenOrder || !seenShape)
      return error("header lacks one of 'descr', 'fortran_order', 'shape'");
    skipSpace();
    if (!text.empty())
      return error("header has text after its dict");
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
#define TEN_ELEMENT_KIND(Kind, name, bytes, isFloat, npyDescr, cType)          \
  {ElementKind::Kind, npyDescr},
#include "ten/Support/ElementKinds.def"
};

llvm::StringRef mlir::ten::getNpyDescr(ElementKind kind) {
  return kNpyTypes[static_cast<size_t>(kind)].descr;
}

/// NumPy's name of the dtype `kind` is saved as: "bool", "int8", "uint16",
/// ..., and ml_dtypes' names of the types it saves as raw bytes.
static std::string getNumpyName(ElementKind kind, StringRef descr) {
  switch (kind) {
  case ElementKind::BF16:
    return "bfloat16";
  case ElementKind::F8E4M3FN:
    return "float8_e4m3fn";
  case ElementKind::F8E5M2:
    return "float8_e5m2";
  default:
    break;
  }
  unsigned bits = 0;
  descr.drop_front(2).getAsInteger(10, bits);
  bits *= 8;
  switch (descr[1]) {
  case 'b':
    return "bool";
  case 'i':
    return "int" + std::to_string(bits);
  case 'u':
    return "uint" + std::to_string(bits);
  case 'f':
    return "float" + std::to_string(bits);
  default:
    return "complex" + std::to_string(bits);
  }
}

/// The dtypes the reader takes, by NumPy's names.
static std::string getTakenDTypes() {
  std::string names;
  for (const NpyType &npyType : kNpyTypes)
    names +=
        (names.empty() ? "" : ", ") + getNumpyName(npyType.kind, npyType.descr);
  return names;
}

/// The kind a descr names, and whether its bytes are big-endian.
static llvm::Expected<std::pair<ElementKind, bool>>
parseDescr(StringRef descr) {
  if (descr.size() < 2)
    return error("unsupported dtype '" + escape(descr) + "'");
  char order = descr.front();
  bool bigEndian = order == '>';
  if (order != '<' && order != '>' && order != '|' && order != '=')
    return error("unsupported dtype '" + escape(descr) + "'");
  StringRef type = descr.drop_front();
  // The first kind of the descr: '<V1' is read as f8E4M3FN, which
  // isReadableAs lets stand for f8E5M2. ml_dtypes saves float8_e5m2 as
  // '<f1' (which NumPy cannot load back).
  std::optional<ElementKind> kind;
  for (const NpyType &npyType : kNpyTypes)
    if (!kind && npyType.descr.drop_front() == type)
      kind = npyType.kind;
  if (type == "f1")
    kind = ElementKind::F8E5M2;
  if (!kind)
    return error("unsupported dtype '" + escape(descr) + "': ten takes " +
                 getTakenDTypes() +
                 " (ml_dtypes' types as NumPy saves them: bfloat16 as "
                 "'<V2', float8_e4m3fn as '<V1', float8_e5m2 as '<f1' or "
                 "'<V1')");
  return std::make_pair(*kind, bigEndian);
}

namespace {
/// What a .npy preamble (magic, version, header) says of the data after it.
struct Layout {
  ElementKind kind;
  llvm::SmallVector<int64_t> shape;
  bool bigEndian;
  bool fortranOrder;
  uint64_t dataBytes;
};
} // namespace

/// The smallest prefix that tells the preamble's length: magic, version and
/// the longest header-length field.
static constexpr size_t kPreambleStart = 12;

/// The length of the preamble that `start` (its first bytes, up to
/// kPreambleStart of them) begins.
static llvm::Expected<size_t> getPreambleLength(StringRef start) {
  if (!start.starts_with(kMagic))
    return error("not a .npy file (no \\x93NUMPY magic)");
  if (start.size() < kMagic.size() + 4)
    return error("truncated .npy header");
  unsigned major = static_cast<uint8_t>(start[6]);
  unsigned minor = static_cast<uint8_t>(start[7]);
  if ((major < 1 || major > 3) || minor != 0)
    return error("unsupported .npy version " + llvm::Twine(major) + "." +
                 llvm::Twine(minor));
  if (major == 1)
    return 10 + (static_cast<uint8_t>(start[8]) |
                 (static_cast<uint8_t>(start[9]) << 8));
  if (start.size() < 12)
    return error("truncated .npy header");
  size_t headerLength = 0;
  for (int i = 3; i >= 0; --i)
    headerLength = (headerLength << 8) | static_cast<uint8_t>(start[8 + i]);
  return 12 + headerLength;
}

/// Parses a whole preamble, of the length getPreambleLength gave.
static llvm::Expected<Layout> parsePreamble(StringRef preamble) {
  size_t headerStart = static_cast<uint8_t>(preamble[6]) == 1 ? 10 : 12;
  llvm::Expected<Header> header =
      HeaderParser(preamble.drop_front(headerStart)).parse();
  if (!header)
    return header.takeError();
  auto descr = parseDescr(header->descr);
  if (!descr)
    return descr.takeError();
  // A shape whose bytes cannot be counted could not be in the file anyway.
  std::optional<int64_t> bytes =
      getByteCount(header->shape, getElementSize(descr->first));
  if (!bytes)
    return error("header 'shape' is too large: its bytes exceed 2^63");
  return Layout{descr->first, header->shape, descr->second,
                header->fortranOrder, static_cast<uint64_t>(*bytes)};
}

static llvm::Error describeDataSize(uint64_t held, uint64_t needed) {
  return error("data holds " + llvm::Twine(held) +
               (held > needed ? " bytes or more" : " bytes") +
               " but the header's shape and dtype need " + llvm::Twine(needed) +
               (held < needed ? " (truncated)" : ""));
}

/// A tensor of `layout` whose bytes are those of the file, still in the
/// file's byte order and layout.
static llvm::Expected<HostTensor> allocateTensor(const Layout &layout) {
  HostTensor tensor;
  tensor.kind = layout.kind;
  tensor.shape = layout.shape;
  try {
    tensor.bytes.resize(layout.dataBytes);
  } catch (const std::bad_alloc &) {
    return error("cannot allocate " + llvm::Twine(layout.dataBytes) +
                 " bytes for the data");
  }
  return tensor;
}

/// Brings the file's bytes in `tensor` to the host's order and C layout.
static void normalize(const Layout &layout, HostTensor &tensor) {
  size_t elementSize = getElementSize(tensor.kind);
  // A complex number's parts swap each on its own.
  size_t swappedSize =
      isComplexKind(tensor.kind) ? elementSize / 2 : elementSize;
  if (layout.bigEndian && swappedSize > 1)
    for (size_t at = 0; at < tensor.bytes.size(); at += swappedSize)
      std::reverse(tensor.bytes.begin() + at,
                   tensor.bytes.begin() + at + swappedSize);

  if (!layout.fortranOrder || tensor.shape.size() <= 1)
    return;
  // Element (i0, ..., in) sits at sum(ik * d0 * ... * d(k-1)).
  uint64_t count = layout.dataBytes / elementSize;
  HostBytes rowMajor(tensor.bytes.size());
  size_t rank = tensor.shape.size();
  llvm::SmallVector<int64_t> index(rank, 0);
  for (uint64_t linear = 0; linear < count; ++linear) {
    uint64_t columnOffset = 0, stride = 1;
    for (size_t dim = 0; dim < rank; ++dim) {
      columnOffset += index[dim] * stride;
      stride *= tensor.shape[dim];
    }
    std::copy_n(tensor.bytes.begin() + columnOffset * elementSize, elementSize,
                rowMajor.begin() + linear * elementSize);
    for (size_t dim = rank; dim-- > 0;) {
      if (++index[dim] < tensor.shape[dim])
        break;
      index[dim] = 0;
    }
  }
  tensor.bytes = std::move(rowMajor);
}

llvm::Expected<HostTensor> mlir::ten::parseNpy(StringRef contents) {
  llvm::Expected<size_t> preambleLength =
      getPreambleLength(contents.take_front(kPreambleStart));
  if (!preambleLength)
    return preambleLength.takeError();
  if (contents.size() < *preambleLength)
    return error("truncated .npy header");
  llvm::Expected<Layout> layout =
      parsePreamble(contents.take_front(*preambleLength));
  if (!layout)
    return layout.takeError();
  StringRef data = contents.drop_front(*preambleLength);
  if (data.size() != layout->dataBytes)
    return describeDataSize(data.size(), layout->dataBytes);
  llvm::Expected<HostTensor> tensor = allocateTensor(*layout);
  if (!tensor)
    return tensor.takeError();
  std::copy(data.begin(), data.end(), tensor->bytes.begin());
  normalize(*layout, *tensor);
  return tensor;
}

namespace {
/// A file open for reading, closed on every path out.
class InputFile {
public:
  explicit InputFile(int fd) : fd(fd) {}
  ~InputFile() { ::close(fd); }

  /// Reads up to `size` bytes into `out`, fewer only at the end of the file.
  llvm::Expected<size_t> read(char *out, size_t size) {
    return readUpTo(fd, out, size);
  }

  /// Reads `size` bytes at `offset` of a regular file.
  llvm::Error readAt(char *out, size_t size, uint64_t offset) {
    while (size) {
      ssize_t got = ::pread(fd, out, size, static_cast<off_t>(offset));
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        return llvm::errorCodeToError(
            std::error_code(errno, std::generic_category()));
      if (got == 0)
        return error("the data ends early (truncated)");
      out += got;
      size -= got;
      offset += got;
    }
    return llvm::Error::success();
  }

  int getDescriptor() const { return fd; }

private:
  int fd;
};

/// A .npy file whose preamble has been read: its layout, and the data's
/// first bytes if they came with the preamble.
struct OpenedNpy {
  std::unique_ptr<InputFile> file;
  Layout layout;
  size_t preambleLength = 0;
  std::string early;
  /// Whether the file is a regular file (whose data can be read at
  /// offsets), not a stream.
  bool regular = false;
};
} // namespace

/// Opens the file at `path` and reads its preamble, in the order the file is
/// laid out, so that a stream (a pipe, a character device such as
/// /dev/zero) is read no further than its header says.
static llvm::Expected<OpenedNpy> openNpy(StringRef path) {
  int fd;
  if (std::error_code ec = llvm::sys::fs::openFileForRead(path, fd))
    return llvm::errorCodeToError(ec);
  OpenedNpy opened;
  opened.file = std::make_unique<InputFile>(fd);
  InputFile &file = *opened.file;
  std::string preamble(kPreambleStart, '\0');
  llvm::Expected<size_t> got = file.read(preamble.data(), preamble.size());
  if (!got)
    return got.takeError();
  preamble.resize(*got);
  llvm::Expected<size_t> preambleLength = getPreambleLength(preamble);
  if (!preambleLength)
    return preambleLength.takeError();
  if (*preambleLength > preamble.size()) {
    size_t have = preamble.size();
    preamble.resize(*preambleLength);
    got = file.read(preamble.data() + have, preamble.size() - have);
    if (!got)
      return got.takeError();
    if (have + *got < preamble.size())
      return error("truncated .npy header");
  }
  llvm::Expected<Layout> layout =
      parsePreamble(StringRef(preamble).take_front(*preambleLength));
  if (!layout)
    return layout.takeError();
  // A regular file tells its size: a wrong one is refused before the data
  // is allocated.
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(fd, status) &&
      status.type() == llvm::sys::fs::file_type::regular_file) {
    opened.regular = true;
    if (status.getSize() - *preambleLength != layout->dataBytes)
      return describeDataSize(status.getSize() - *preambleLength,
                              layout->dataBytes);
  }
  // Data that came with the preamble's first bytes.
  StringRef early = StringRef(preamble).drop_front(*preambleLength);
  if (early.size() > layout->dataBytes)
    return describeDataSize(early.size(), layout->dataBytes);
  opened.layout = std::move(*layout);
  opened.preambleLength = *preambleLength;
  opened.early = early.str();
  return opened;
}

/// The rest of an opened file's data: all of it, and nothing more.
static llvm::Expected<HostTensor> readData(OpenedNpy &opened) {
  const Layout &layout = opened.layout;
  llvm::Expected<HostTensor> tensor = allocateTensor(layout);
  if (!tensor)
    return tensor.takeError();
  std::copy(opened.early.begin(), opened.early.end(), tensor->bytes.begin());
  llvm::Expected<size_t> got =
      opened.file->read(tensor->bytes.data() + opened.early.size(),
                        layout.dataBytes - opened.early.size());
  if (!got)
    return got.takeError();
  uint64_t held = opened.early.size() + *got;
  char extra;
  llvm::Expected<size_t> more = opened.file->read(&extra, 1);
  if (!more)
    return more.takeError();
  if (held != layout.dataBytes || *more)
    return describeDataSize(held + *more, layout.dataBytes);
  normalize(layout, *tensor);
  return tensor;
}

llvm::Expected<HostTensor> mlir::ten::readNpy(StringRef path) {
  llvm::Expected<OpenedNpy> opened = openNpy(path);
  llvm::Expected<HostTensor> tensor =
      opened ? readData(*opened) : opened.takeError();
  if (!tensor)
    return error(path + ": " + llvm::toString(tensor.takeError()));
  return tensor;
}

llvm::Expected<NpyHeader> mlir::ten::readNpyHeader(StringRef path) {
  llvm::Expected<OpenedNpy> opened = openNpy(path);
  if (!opened)
    return error(path + ": " + llvm::toString(opened.takeError()));
  return NpyHeader{opened->layout.kind, opened->layout.shape};
}

/// The box of `tensor` (row-major, of its shape) at `start` of `sizes`.
static HostTensor cutBox(const HostTensor &tensor, ArrayRef<int64_t> start,
                         ArrayRef<int64_t> sizes) {
  HostTensor box(tensor.kind, sizes);
  size_t elementBytes = getElementSize(tensor.kind);
  forEachBoxRow(tensor.shape, start, sizes,
                [&](int64_t whole, int64_t inBox, int64_t count) {
                  std::memcpy(box.bytes.data() + inBox * elementBytes,
                              tensor.bytes.data() + whole * elementBytes,
                              count * elementBytes);
                });
  return box;
}

llvm::Expected<HostTensor> mlir::ten::readNpyBox(StringRef path,
                                                 ArrayRef<int64_t> start,
                                                 ArrayRef<int64_t> sizes) {
  auto fail = [&](llvm::Error err) -> llvm::Error {
    return error(path + ": " + llvm::toString(std::move(err)));
  };
  llvm::Expected<OpenedNpy> opened = openNpy(path);
  if (!opened)
    return fail(opened.takeError());
  const Layout &layout = opened->layout;
  if (start.size() != layout.shape.size() || sizes.size() != start.size())
    return fail(error("holds a tensor of " + llvm::Twine(layout.shape.size()) +
                      " dimension(s), not " + llvm::Twine(start.size())));
  for (size_t dim = 0; dim < start.size(); ++dim)
    if (start[dim] < 0 || sizes[dim] < 0 ||
        start[dim] + sizes[dim] > layout.shape[dim])
      return fail(error("has " + llvm::Twine(layout.shape[dim]) +
                        " elements along dimension " + llvm::Twine(dim) +
                        ", fewer than the part " + llvm::Twine(start[dim]) +
                        " to " + llvm::Twine(start[dim] + sizes[dim]) +
                        " that was asked for"));
  // A stream or a Fortran-order file is read whole, then cut.
  if (!opened->regular || (layout.fortranOrder && layout.shape.size() > 1)) {
    llvm::Expected<HostTensor> whole = readData(*opened);
    if (!whole)
      return fail(whole.takeError());
    return cutBox(*whole, start, sizes);
  }
  llvm::Expected<HostTensor> box = HostTensor::create(layout.kind, sizes);
  if (!box)
    return fail(box.takeError());
  size_t elementBytes = getElementSize(layout.kind);
  llvm::Error failure = llvm::Error::success();
  forEachBoxRow(layout.shape, start, sizes,
                [&](int64_t whole, int64_t inBox, int64_t count) {
                  if (failure)
                    return;
                  failure = opened->file->readAt(
                      reinterpret_cast<char *>(box->bytes.data()) +
                          inBox * elementBytes,
                      count * elementBytes,
                      opened->preambleLength + whole * elementBytes);
                });
  if (failure)
    return fail(std::move(failure));
  Layout boxLayout = layout;
  boxLayout.shape.assign(sizes.begin(), sizes.end());
  boxLayout.dataBytes = box->bytes.size();
  normalize(boxLayout, *box);
  return box;
}

static StringRef getDescr(ElementKind kind) {
  for (const NpyType &npyType : kNpyTypes)
    if (npyType.kind == kind)
      return npyType.descr;
  llvm_unreachable("unknown element kind");
}

bool mlir::ten::isReadableAs(ElementKind read, ElementKind declared) {
  if (read == declared)
    return true;
  // A descr of several kinds is read as the first of them.
  StringRef descr = getDescr(declared);
  for (const NpyType &npyType : kNpyTypes)
    if (npyType.descr == descr)
      return npyType.kind == read;
  return false;
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
