// Python-side names of dtypes (str(torch.float32) etc.).
#include "engine/format/tensor_repr.h"

namespace backstep::format {

namespace {
// Bare names as torch prints them after "torch.". c10's own toString uses
// the C++ names ("Float", "Long"), which is why this table exists.
const char* bare_name(c10::ScalarType dtype) {
  using S = c10::ScalarType;
  switch (dtype) {
    case S::Byte: return "uint8";
    case S::Char: return "int8";
    case S::Short: return "int16";
    case S::Int: return "int32";
    case S::Long: return "int64";
    case S::Half: return "float16";
    case S::Float: return "float32";
    case S::Double: return "float64";
    case S::ComplexHalf: return "complex32";
    case S::ComplexFloat: return "complex64";
    case S::ComplexDouble: return "complex128";
    case S::Bool: return "bool";
    case S::QInt8: return "qint8";
    case S::QUInt8: return "quint8";
    case S::QInt32: return "qint32";
    case S::BFloat16: return "bfloat16";
    case S::QUInt4x2: return "quint4x2";
    case S::QUInt2x4: return "quint2x4";
    case S::UInt16: return "uint16";
    case S::UInt32: return "uint32";
    case S::UInt64: return "uint64";
    default: return nullptr;
  }
}
}  // namespace

std::string dtype_name(c10::ScalarType dtype) {
  const char* name = bare_name(dtype);
  return name ? std::string("torch.") + name : std::string("torch.") + c10::toString(dtype);
}

std::string dtype_abbrev(c10::ScalarType dtype) {
  using S = c10::ScalarType;
  switch (dtype) {
    case S::BFloat16: return "bf16";
    case S::Double: return "f64";
    case S::Float: return "f32";
    case S::Half: return "f16";
    case S::ComplexHalf: return "c32";
    case S::ComplexFloat: return "c64";
    case S::ComplexDouble: return "c128";
    case S::Char: return "i8";
    case S::Short: return "i16";
    case S::Int: return "i32";
    case S::Long: return "i64";
    case S::Bool: return "b8";
    case S::Byte: return "u8";
    default: return dtype_name(dtype).substr(6);
  }
}

}  // namespace backstep::format
