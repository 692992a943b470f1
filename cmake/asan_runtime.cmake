# gqleval_asan_runtime(OUT_VAR WHO): the path of the compiler's shared ASan
# runtime (clang's libclang_rt.asan-ARCH.so, GCC's libasan.so), which the
# language bindings' tests preload into an uninstrumented interpreter
# (python3, node) that loads an instrumented module: it must come first in
# the process. A configure error naming WHO when the compiler has none.
function(gqleval_asan_runtime out_var who)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(name libclang_rt.asan-${CMAKE_SYSTEM_PROCESSOR}.so)
  else()
    set(name libasan.so)
  endif()
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${name}
                  OUTPUT_VARIABLE runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT IS_ABSOLUTE "${runtime}" OR NOT EXISTS "${runtime}")
    message(FATAL_ERROR "${who} with GQLEVAL_SANITIZE: ${CMAKE_CXX_COMPILER} has no ${name} "
                        "to preload")
  endif()
  set(${out_var} "${runtime}" PARENT_SCOPE)
endfunction()
