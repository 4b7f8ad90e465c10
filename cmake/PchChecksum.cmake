# Note [ccache and the precompiled headers]
# GCC writes a different .gch on every compile (it stores addresses), and
# ccache hashes the .gch a file is compiled against: every file using the
# libtorch PCH missed the cache in a fresh clone or after the PCH was made
# again -- 38% hits where 100% were due. ccache's pch_external_checksum
# (scripts/build sets it) hashes `<pch>.gch.sum` instead when it exists. We
# write that file at configure time from everything the PCH's contents
# depend on: the header's text (third-party headers only), the compiler, the
# flags (a sanitizer variant's too), the libtorch (prefix, version, CUDA) and fmt. None of these depend
# on where the clone is, so every clone on a machine shares the objects.
function(backstep_pch_checksum target header)
  file(READ ${header} _text)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" _cfg)
  # Only sanitizer builds (cmake/Sanitizers.cmake) add a line: the release
  # build's checksum, and so its cached objects, stay as they were.
  set(_sanitize "")
  if(BACKSTEP_SANITIZE)
    set(_sanitize "sanitize:${BACKSTEP_SANITIZE} ${BACKSTEP_SANITIZER_FLAGS}\n")
  endif()
  string(SHA256 _sum "header:${_text}
compiler:${CMAKE_CXX_COMPILER} ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}
flags:${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${_cfg}} std=${CMAKE_CXX_STANDARD} ${TORCH_CXX_FLAGS}
${_sanitize}torch:${TORCH_INSTALL_PREFIX} ${BACKSTEP_TORCH_VERSION} ${BACKSTEP_TORCH_CUDA_VERSION}
fmt:${fmt_VERSION}")
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir/cmake_pch.hxx.gch.sum
       CONTENT "${_sum}
$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>
$<TARGET_PROPERTY:${target},COMPILE_OPTIONS>
")
endfunction()
