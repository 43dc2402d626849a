# The git revision is read at build time by a custom target, so it is never stale.
set(ATTNLAW_BUILDINFO_DIR ${CMAKE_BINARY_DIR}/generated)
add_custom_target(attnlaw_git_revision
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
          -DOUTPUT=${ATTNLAW_BUILDINFO_DIR}/git_revision.inc
          -P ${CMAKE_SOURCE_DIR}/cmake/WriteGitRevision.cmake
  BYPRODUCTS ${ATTNLAW_BUILDINFO_DIR}/git_revision.inc
  COMMENT "Reading git revision")
