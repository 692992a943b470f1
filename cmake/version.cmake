# Writes engine/base's version.cc (OUTPUT) from TEMPLATE with VERSION and the
# short commit of SOURCE_DIR's HEAD (GIT: the git program, may be empty):
#   cmake -DSOURCE_DIR=... -DGIT=... -DVERSION=... -DTEMPLATE=... -DOUTPUT=... -P version.cmake
# It runs at every build (a custom target in engine/base/CMakeLists.txt), so a
# new commit is picked up without re-configuring; configure_file leaves OUTPUT
# untouched when its text is the same, so nothing is recompiled then.
set(GQLEVAL_VERSION "${VERSION}")
set(GQLEVAL_COMMIT "unknown")
if(GIT)
  execute_process(COMMAND "${GIT}" rev-parse --short HEAD
                  WORKING_DIRECTORY "${SOURCE_DIR}"
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE status ERROR_QUIET)
  if(status EQUAL 0 AND commit MATCHES "^[0-9a-f]+$")
    set(GQLEVAL_COMMIT "${commit}")
  endif()
endif()
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
