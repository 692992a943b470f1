# gqleval_module(NAME DIR dir
#                [PUBLIC_HEADERS h...] [INTERNAL_HEADERS h...] [SOURCES cc...]
#                [TESTS cc-or-h...] [BENCHMARKS cc...] [DEPS target...] [COUNT_ALLOCATIONS])
# One static library per pipeline stage, from the files listed (paths relative
# to DIR). PUBLIC_HEADERS are the stage's interface; INTERNAL_HEADERS live in
# DIR/internal/ and are for the stage itself (tests/layering_test.cc checks
# who includes them). The tests of the stage are one GoogleTest binary,
# NAME_tests, registered with CTest; its benchmarks one Google Benchmark
# binary. COUNT_ALLOCATIONS links the allocation counter
# (testing/allocation_counter.h) into both. Every .h and .cc file in DIR and
# DIR/internal must be listed: a file left out is a configure error, so a new
# file cannot silently stay out of the build.
# gqleval_test_target(TARGET): what every GoogleTest binary gets. Its own
# sources are compiled without optimization (-O0): the code under test is in
# the libraries, built as the build type says, and optimizing test code
# (mostly GoogleTest's macros) buys nothing but compile time, the larger part
# of a clean build's; at -O1 and up GCC 12 also warns falsely about
# libstdc++'s string copies in them. GoogleTest's header is precompiled, once
# per binary.
function(gqleval_test_target target)
  target_compile_options(${target} PRIVATE -O0)
  target_precompile_headers(${target} PRIVATE <gtest/gtest.h>)
endfunction()

function(gqleval_module name)
  cmake_parse_arguments(M "COUNT_ALLOCATIONS" "DIR"
                        "PUBLIC_HEADERS;INTERNAL_HEADERS;SOURCES;TESTS;BENCHMARKS;DEPS" ${ARGN})
  set(listed ${M_PUBLIC_HEADERS} ${M_INTERNAL_HEADERS} ${M_SOURCES} ${M_TESTS} ${M_BENCHMARKS})
  file(GLOB present RELATIVE "${M_DIR}" CONFIGURE_DEPENDS
       "${M_DIR}/*.h" "${M_DIR}/*.cc" "${M_DIR}/internal/*.h" "${M_DIR}/internal/*.cc")
  foreach(f IN LISTS present)
    if(NOT f IN_LIST listed)
      message(FATAL_ERROR "${M_DIR}/${f} is not listed in the gqleval_module(${name}) call")
    endif()
  endforeach()
  list(TRANSFORM M_PUBLIC_HEADERS PREPEND "${M_DIR}/")
  list(TRANSFORM M_INTERNAL_HEADERS PREPEND "${M_DIR}/")
  list(TRANSFORM M_SOURCES PREPEND "${M_DIR}/")
  list(TRANSFORM M_TESTS PREPEND "${M_DIR}/")
  list(TRANSFORM M_BENCHMARKS PREPEND "${M_DIR}/")

  if(M_SOURCES)
    add_library(${name} STATIC ${M_SOURCES})
    set(scope PUBLIC)
  else()
    add_library(${name} INTERFACE)
    set(scope INTERFACE)
  endif()
  target_include_directories(${name} ${scope} "${CMAKE_SOURCE_DIR}")
  target_link_libraries(${name} ${scope} ${M_DEPS})
  if(M_PUBLIC_HEADERS)
    target_sources(${name} ${scope} FILE_SET public_headers TYPE HEADERS
                   BASE_DIRS "${CMAKE_SOURCE_DIR}" FILES ${M_PUBLIC_HEADERS})
  endif()
  if(M_INTERNAL_HEADERS)
    target_sources(${name} PRIVATE FILE_SET internal_headers TYPE HEADERS
                   BASE_DIRS "${CMAKE_SOURCE_DIR}" FILES ${M_INTERNAL_HEADERS})
  endif()

  if(GQLEVAL_TESTS AND M_TESTS)
    add_executable(${name}_tests ${M_TESTS})
    target_link_libraries(${name}_tests PRIVATE ${name} GTest::gtest GTest::gtest_main)
    gqleval_test_target(${name}_tests)
    if(M_COUNT_ALLOCATIONS)
      target_link_libraries(${name}_tests PRIVATE gqleval_allocation_counter)
    endif()
    target_compile_definitions(${name}_tests PRIVATE
      GQLEVAL_SHARED_DIR="${GQLEVAL_SHARED_DIR}"
      GQLEVAL_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
    gtest_discover_tests(${name}_tests DISCOVERY_TIMEOUT 60
      PROPERTIES ENVIRONMENT "GQLEVAL_SHARED_DIR=${GQLEVAL_SHARED_DIR}")
  endif()
  if(GQLEVAL_BENCH AND M_BENCHMARKS)
    add_executable(${name}_benchmark ${M_BENCHMARKS})
    target_link_libraries(${name}_benchmark PRIVATE ${name} benchmark::benchmark benchmark::benchmark_main)
    if(M_COUNT_ALLOCATIONS)
      target_link_libraries(${name}_benchmark PRIVATE gqleval_allocation_counter)
    endif()
    target_compile_definitions(${name}_benchmark PRIVATE
      GQLEVAL_SHARED_DIR="${GQLEVAL_SHARED_DIR}"
      GQLEVAL_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  endif()
endfunction()
