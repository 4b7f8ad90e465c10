# What the linked libtorch calls itself: its version as PyTorch's Python
# reports it (torch.__version__, e.g. 2.15.0+cu132, where libtorch's
# TORCH_VERSION macro says only 2.15.0) and the CUDA version it was built
# with (torch.version.cuda; empty for a CPU-only build).
#
# Read at configure time from what each kind of libtorch ships:
#   a pip wheel        <prefix>/version.py    __version__ = '...', cuda = '13.2' | None
#   an official zip    <prefix>/build-version 2.15.0+cu132 | 2.15.0+cpu
#   anything else      Torch_VERSION from TorchConfigVersion.cmake; CUDA
#                      only known to be there (libtorch_cuda), not its version
# Usable from a script too (cmake -P), so the tests can feed it each layout.

# CUDA's version from a local version tag: cu132 -> 13.2, cu118 -> 11.8.
function(_backstep_cuda_from_tag version out)
  set(${out} "" PARENT_SCOPE)
  if(version MATCHES "\\+cu([0-9]+)([0-9])$")
    set(${out} "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}" PARENT_SCOPE)
  endif()
endfunction()

# backstep_torch_build_info(PREFIX FALLBACK_VERSION HAS_CUDA_LIB OUT_VERSION OUT_CUDA OUT_HAS_CUDA)
function(backstep_torch_build_info prefix fallback_version has_cuda_lib out_version out_cuda out_has_cuda)
  set(version "${fallback_version}")
  set(cuda "")
  set(has_cuda ${has_cuda_lib})
  if(EXISTS "${prefix}/version.py")
    file(STRINGS "${prefix}/version.py" lines)
    foreach(line IN LISTS lines)
      if(line MATCHES "^__version__ *= *'([^']*)'")
        set(version "${CMAKE_MATCH_1}")
      elseif(line MATCHES "^cuda[^=]*= *'([^']*)'")
        set(cuda "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    # The wheel's own word: cuda = None is a CPU-only build.
    if(cuda STREQUAL "")
      set(has_cuda OFF)
    else()
      set(has_cuda ON)
    endif()
  elseif(EXISTS "${prefix}/build-version")
    file(STRINGS "${prefix}/build-version" lines LIMIT_COUNT 1)
    string(STRIP "${lines}" version)
    _backstep_cuda_from_tag("${version}" cuda)
    if(NOT cuda STREQUAL "")
      set(has_cuda ON)
    elseif(version MATCHES "\\+cpu$")
      set(has_cuda OFF)
    endif()
  endif()
  set(${out_version} "${version}" PARENT_SCOPE)
  set(${out_cuda} "${cuda}" PARENT_SCOPE)
  set(${out_has_cuda} ${has_cuda} PARENT_SCOPE)
endfunction()

# The header the code reads it from (engine/api's torch.__version__,
# repl/version.cpp's --version). configure_file leaves it untouched when
# nothing changed, so reconfiguring rebuilds nothing.
function(backstep_write_torch_build_info file version cuda has_cuda)
  if(has_cuda)
    set(BACKSTEP_TORCH_HAS_CUDA_01 1)
  else()
    set(BACKSTEP_TORCH_HAS_CUDA_01 0)
  endif()
  set(BACKSTEP_TORCH_VERSION_STR "${version}")
  set(BACKSTEP_TORCH_CUDA_STR "${cuda}")
  configure_file("${CMAKE_CURRENT_FUNCTION_LIST_DIR}/torch_build_info.h.in" "${file}" @ONLY)
endfunction()
