# gqleval_module(NAME DIR [DEPS target...] [COUNT_ALLOCATIONS])
# One static library per pipeline stage, made of every *.cc in DIR except the
# *_test.cc and *_benchmark.cc files beside them. The tests of the stage are one
# GoogleTest binary, NAME_tests, registered with CTest. COUNT_ALLOCATIONS links
# the allocation counter (testing/allocation_counter.h) into the tests and the
# benchmark of the stage.
function(gqleval_module name)
  cmake_parse_arguments(M "COUNT_ALLOCATIONS" "DIR" "DEPS" ${ARGN})
  file(GLOB srcs CONFIGURE_DEPENDS "${M_DIR}/*.cc" "${M_DIR}/internal/*.cc")
  file(GLOB tests CONFIGURE_DEPENDS "${M_DIR}/*_test.cc" "${M_DIR}/internal/*_test.cc")
  file(GLOB benches CONFIGURE_DEPENDS "${M_DIR}/*_benchmark.cc")
  list(REMOVE_ITEM srcs ${tests} ${benches} "")
  if(srcs)
    add_library(${name} STATIC ${srcs})
    target_include_directories(${name} PUBLIC "${CMAKE_SOURCE_DIR}")
    target_link_libraries(${name} PUBLIC ${M_DEPS})
  else()
    # A stage with headers only (or none yet) is still a target others link.
    add_library(${name} INTERFACE)
    target_include_directories(${name} INTERFACE "${CMAKE_SOURCE_DIR}")
    target_link_libraries(${name} INTERFACE ${M_DEPS})
  endif()
  if(GQLEVAL_TESTS AND tests)
    add_executable(${name}_tests ${tests})
    target_link_libraries(${name}_tests PRIVATE ${name} GTest::gtest GTest::gtest_main)
    if(M_COUNT_ALLOCATIONS)
      target_link_libraries(${name}_tests PRIVATE gqleval_allocation_counter)
    endif()
    target_compile_definitions(${name}_tests PRIVATE
      GQLEVAL_SHARED_DIR="${GQLEVAL_SHARED_DIR}"
      GQLEVAL_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
    gtest_discover_tests(${name}_tests DISCOVERY_TIMEOUT 60
      PROPERTIES ENVIRONMENT "GQLEVAL_SHARED_DIR=${GQLEVAL_SHARED_DIR}")
  endif()
  if(GQLEVAL_BENCH AND benches)
    add_executable(${name}_benchmark ${benches})
    target_link_libraries(${name}_benchmark PRIVATE ${name} benchmark::benchmark benchmark::benchmark_main)
    if(M_COUNT_ALLOCATIONS)
      target_link_libraries(${name}_benchmark PRIVATE gqleval_allocation_counter)
    endif()
    target_compile_definitions(${name}_benchmark PRIVATE
      GQLEVAL_SHARED_DIR="${GQLEVAL_SHARED_DIR}"
      GQLEVAL_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  endif()
endfunction()
